import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { serve, type EmbeddedRoute } from '../router.ts';
import { alertCapXml } from './alert-cap.ts';
import { ALERT, ALERT_CAP, ALERT_COUNTS, ALERT_LISTS, ALERT_TYPES } from './alert-routes.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { AlertQuery } from '../../../../domain/forecast/queries.ts';
import { marineRegionOf } from '../../../../domain/forecast/area-codes.ts';
import { collectionTitle, cursorAfter, isoUtcSeconds, nextPageUrl, pageAfter } from './alert-collection.ts';
import { AlertCycles, cycleHourOf } from './alert-cycles.ts';
import { renderAlert } from './alert-feature.ts';
import { alertPredicate, marineAreasAskedFor, namesLand } from './alert-filter.ts';
import { AlertListMemo } from './alert-list-memo.ts';
import { generateAlertsOffThread, type AlertGenerator } from './generation/alert-generator.ts';
import type { AlertScope } from './alert-scope.ts';
import { alertSetOf, isActiveAt, newestFirstFacts, type AlertFacts, type AlertSet } from './alert-set.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import { HAZARD_RULES, type AlertFeature } from '../weather/index.ts';
import { MARINE_HAZARD_RULES } from '../weather/marine-alert-rules.ts';
import { servedAlertZones } from './served-alert-zones.ts';
import { fitStormPolygonsInTurns } from './storm-polygons.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { alertContext } from '../shared/json-ld.ts';

/** The alerts in force at a time (now, or within the held cycles' span). */
export type ActiveAlerts = (nowMs: number) => Promise<readonly AlertFacts[]>;

/**
 * Every event the model issues (weather/alert-rules.ts, marine-alert-rules.ts and storm-warnings.ts), sorted
 * as api.weather.gov sorts.
 */
export const ALERT_EVENT_TYPES: readonly string[] = [
  ...new Set([
    ...HAZARD_RULES.map((r) => r.event),
    ...MARINE_HAZARD_RULES.map((r) => r.event),
    'Severe Thunderstorm Warning',
    'Tornado Warning',
    'Flash Flood Warning',
    'Special Marine Warning',
  ]),
].sort();

/** Clients may reuse an alert list for a minute: alerts end and expire during a cycle. */
const MAX_AGE_SECONDS = 60;

/** The alerts family: its routes, and what the other families and the tests ask of it directly. */
export interface AlertFamily {
  /** Every /alerts route of alert-routes.ts, bound to the answers below. */
  readonly routes: readonly EmbeddedRoute[];
  /** The alerts in force, for the offices' headlines and products. */
  readonly activeAlerts: ActiveAlerts;
  /** The cycle in force, generated now rather than on the first alert request. */
  readonly prepare: () => void;
  /** /alerts and /alerts/active, filtered and paged as `query` says. */
  alerts(query: AlertQuery, ctx: ForecastContext): Promise<ForecastDocument>;
  /** /alerts/{id} as GeoJSON. */
  alert(id: string, ctx: ForecastContext): Promise<ForecastDocument>;
}

/**
 * /alerts, /alerts/active and /alerts/{id}: the weather model's alerts for the real forecast zones, one
 * set per 12-hour issuance cycle (see alert-cycles.ts), filtered and paged per request.
 */
export function alertResources(deps: EmbeddedDeps, generate: AlertGenerator = generateAlertsOffThread): AlertFamily {
  // Storm polygons are fitted to the zone outlines here, where the catalogue is (not in the worker).
  const cycles = new AlertCycles(deps.alertZones ?? (() => servedAlertZones(deps)), generate, (alerts) =>
    fitStormPolygonsInTurns(alerts, deps.catalogue),
  );

  /**
   * The UGC ids the zone or point parameter stands for. A zone query matches the alerts whose geocode UGC
   * (and so affectedZones) names that very zone, as api.weather.gov matches it: a county query finds the
   * county-coded short-fuse warnings, a forecast zone query the zone-coded products, and neither is widened
   * to the other (issue 38 item 6: HIC003 had returned its forecast zones' alerts, COZ240 those of the
   * forecast zones sharing its fire zone id). A point stands for its forecast zone and its county, and a
   * point over water for the coastal marine zone whose waters hold it.
   */
  function zonesOf(query: AlertQuery): ReadonlySet<string> | undefined {
    if (query.zone) return new Set(query.zone);
    if (query.point) {
      const { lat, lon } = query.point;
      const zone = deps.catalogue.forecastZoneAt(lat, lon);
      const county = deps.catalogue.countyZoneAt(lat, lon);
      const marine = deps.catalogue.marineZoneAt(lat, lon);
      return new Set([zone?.id, county?.id, marine?.id].filter((id): id is string => id !== undefined));
    }
    return undefined;
  }

  /**
   * The part of the country a list asks about, so that it waits only for those offices' alerts while a
   * cycle is being generated (AlertCycles.scoped); undefined for the whole country. A marine region, or the
   * marine region type, reaches the offices issuing for its marine areas (GM, LM…: the UGC's first letters,
   * as a state's).
   */
  function scopeOf(query: AlertQuery, zones: ReadonlySet<string> | undefined): AlertScope | undefined {
    const marineAreas = marineAreasAskedFor(query);
    if (marineAreas) return { states: [...marineAreas] };
    if (zones) return { zones };
    if (query.area) return { states: query.area };
    return undefined;
  }

  /**
   * When the answer last changed: the cycle's issue, or since then a storm warning sent, or (active list)
   * an alert leaving it, among the alerts of `set`. For a list scoped to zones or states these are its
   * offices' alerts (and any a scenario injected), so a storm warning elsewhere does not change it, and
   * the answer is the same whether the cycle was ready or only those offices were.
   */
  function lastChange(set: AlertSet, query: Pick<AlertQuery, 'activeOnly'>, nowMs: number): number {
    let latest = set.issuedMs;
    for (const f of set.items) {
      if (f.sentMs <= nowMs && f.sentMs > latest) latest = f.sentMs;
      if (!query.activeOnly) continue;
      const gone = Math.min(f.expiresMs, f.endsMs);
      if (gone <= nowMs && gone > latest) latest = gone;
    }
    return latest;
  }

  /**
   * The one place alerts come from: the cycle's set, plus a scenario's injected alerts (newest first, like
   * the rest), so every alert route, count, headline and product built on it shows them.
   */
  const merged = new WeakMap<AlertSet, { revision: number; set: AlertSet }>();
  /** No model alerts: what a scenario with `modelAlerts: false` starts from, in the cycle in force. */
  const silenced = (nowMs: number): AlertSet => alertSetOf(cycleHourOf(nowMs), []);
  const modelSilenced = (): boolean => deps.overlay?.modelAlerts() === false;
  async function alertSet(nowMs: number, scope?: AlertScope): Promise<AlertSet> {
    const set = modelSilenced()
      ? silenced(nowMs)
      : scope
        ? await cycles.scoped(nowMs, scope)
        : await cycles.current(nowMs);
    const overlay = deps.overlay;
    if (!overlay) return set;
    const revision = overlay.revision();
    const known = merged.get(set);
    if (known?.revision === revision) return known.set;
    const injected = overlay.alerts();
    const out = injected.length === 0 ? set : withInjected(set, injected);
    merged.set(set, { revision, set: out });
    return out;
  }

  // The alerts in force at a time, from the set held now (it keeps the recent past): asking the cycles
  // for an old time would evict the current one.
  const activeAlerts: ActiveAlerts = async (atMs) =>
    (await alertSet(deps.clock.now().getTime())).items.filter((f) => isActiveAt(f, atMs));

  /** The alert with this id, sent by now. */
  async function held(id: string): Promise<AlertFacts> {
    const nowMs = deps.clock.now().getTime();
    // An id served just before a cycle switch still resolves from the previous cycle while it is held.
    // While the cycle is being generated, an id a scoped list gave is found among the offices made so far.
    const found = modelSilenced()
      ? (await alertSet(nowMs)).byId.get(id)
      : ((await cycles.early(nowMs, id)) ??
        (await alertSet(nowMs)).byId.get(id) ??
        (await cycles.previous(nowMs))?.byId.get(id) ??
        (await cycles.previousEarly(nowMs, id)));
    // A storm warning due later in the cycle does not exist yet.
    if (!found || found.sentMs > nowMs)
      throw new ForecastNotFound(`Alert "${id}" does not exist or is no longer available.`);
    return found;
  }

  const lists = new AlertListMemo<{ body: Record<string, unknown>; lastModifiedMs: number }>();

  async function alerts(query: AlertQuery, ctx: ForecastContext): Promise<ForecastDocument> {
    const nowMs = deps.clock.now().getTime();
    const zones = zonesOf(query);
    const set = await alertSet(nowMs, scopeOf(query, zones));
    // The query's fields are strings, numbers, dates and coordinates: its JSON names it whole.
    const key = `${ctx.baseUrl} ${JSON.stringify(query)}`;
    const { body, lastModifiedMs } = lists.of(set, key, nowMs, () => renderList(set, query, zones, nowMs, ctx));
    return { body, lastModified: new Date(lastModifiedMs), maxAgeSeconds: MAX_AGE_SECONDS };
  }

  function renderList(
    set: AlertSet,
    query: AlertQuery,
    zones: ReadonlySet<string> | undefined,
    nowMs: number,
    ctx: ForecastContext,
  ): { body: Record<string, unknown>; lastModifiedMs: number } {
    const matching = set.items.filter(alertPredicate(query, nowMs, zones));
    const rest = pageAfter(matching, query.cursor);
    const page = rest.slice(0, query.limit);
    const last = page[page.length - 1];
    const body: Record<string, unknown> = {
      '@context': alertContext(ctx.baseUrl),
      type: 'FeatureCollection',
      features: page.map((f) => renderAlert(f.alert, ctx.baseUrl)),
      title: collectionTitle(query, deps.catalogue),
      updated: isoUtcSeconds(set.issuedMs),
    };
    if (rest.length > page.length && last)
      body['pagination'] = { next: nextPageUrl(ctx.baseUrl, query, cursorAfter(last)) };
    return { body, lastModifiedMs: lastChange(set, query, nowMs) };
  }

  async function alert(id: string, ctx: ForecastContext): Promise<ForecastDocument> {
    const nowMs = deps.clock.now().getTime();
    const found = await held(id);
    const feature = renderAlert(found.alert, ctx.baseUrl);
    return {
      body: { '@context': alertContext(ctx.baseUrl), ...feature },
      lastModified: new Date(found.sentMs),
      maxAgeSeconds: isActiveAt(found, nowMs) ? MAX_AGE_SECONDS : 3600,
    };
  }

  return {
    activeAlerts,
    alerts,
    alert,

    prepare() {
      cycles.current(deps.clock.now().getTime()).catch(() => undefined);
    },

    routes: [
      ...ALERT_LISTS.map((rule) => serve(rule, alerts)),
      serve(ALERT, alert),

      serve(ALERT_COUNTS, async (_none, ctx) => {
        const nowMs = deps.clock.now().getTime();
        const set = await alertSet(nowMs);
        const active = set.items.filter((f) => isActiveAt(f, nowMs));
        const areas: Record<string, number> = {};
        const zones: Record<string, number> = {};
        const regions: Record<string, number> = {};
        let land = 0;
        // As api.weather.gov counts: an alert counts once per state or marine area, once per zone it names,
        // once per marine region, and as land or marine by its zones.
        for (const f of active) {
          for (const s of f.states) areas[s] = (areas[s] ?? 0) + 1;
          for (const z of f.zones) zones[z] = (zones[z] ?? 0) + 1;
          const inRegions = new Set([...f.states].map(marineRegionOf).filter((r) => r !== undefined));
          for (const r of inRegions) regions[r] = (regions[r] ?? 0) + 1;
          if (namesLand(f)) land++;
        }
        const body = {
          '@context': alertContext(ctx.baseUrl),
          total: active.length,
          land,
          marine: active.length - land,
          regions,
          areas,
          zones,
        };
        return {
          body,
          lastModified: new Date(lastChange(set, { activeOnly: true }, nowMs)),
          maxAgeSeconds: MAX_AGE_SECONDS,
        };
      }),

      serve(ALERT_TYPES, async (_none, ctx) => {
        const body = { '@context': alertContext(ctx.baseUrl), eventTypes: [...ALERT_EVENT_TYPES] };
        return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      }),

      serve(ALERT_CAP, async (id, ctx) => {
        const found = await held(id);
        // renderAlert rebases the links under {base}; the shape stays the model's AlertFeature.
        const xml = alertCapXml(renderAlert(found.alert, ctx.baseUrl) as unknown as AlertFeature);
        const nowMs = deps.clock.now().getTime();
        return {
          contentType: 'application/cap+xml',
          bytes: new TextEncoder().encode(xml),
          lastModified: new Date(found.sentMs),
          maxAgeSeconds: isActiveAt(found, nowMs) ? MAX_AGE_SECONDS : 3600,
        };
      }),
    ],
  };
}

function withInjected(set: AlertSet, injected: readonly AlertFacts[]): AlertSet {
  return alertSetOf(set.cycleHour, [...injected, ...set.items].sort(newestFirstFacts));
}
