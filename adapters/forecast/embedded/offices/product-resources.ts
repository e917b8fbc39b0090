import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { ProductQuery } from '../../../../domain/forecast/extended-queries.ts';
import type { OfficeRecord } from '../catalogue/types.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { LATEST_OF_TYPE } from './product-routes.ts';
import {
  PRODUCT,
  PRODUCTS,
  PRODUCTS_OF_TYPE_ROUTES,
  PRODUCT_LOCATIONS_ROUTES,
  PRODUCT_TYPES_ROUTES,
} from './office-routes.ts';
import { plainContext } from '../shared/json-ld.ts';
import { Lru } from '../shared/lru.ts';
import {
  issuesOf,
  issuingOfficeId,
  parseProductId,
  productId,
  PRODUCT_RETENTION_HOURS,
  PRODUCT_TYPE_BY_CODE,
  PRODUCT_TYPES,
  wmoCollectiveId,
  type ProductIssue,
  type ProductType,
} from './product-catalogue.ts';
import {
  areaForecastDiscussion,
  hazardousWeatherOutlook,
  zoneForecastProduct,
  type ProductInputs,
} from './product-text.ts';
import type { ZoneForecastSource } from '../zones/zone-forecasts.ts';
import type { OfficeAlerts } from './office-alerts.ts';
import { officeSignature } from './office-sender-name.ts';
import { idOrder } from '../weather/text-order.ts';

const TEXT: Readonly<Record<string, (inputs: ProductInputs) => string>> = {
  AFD: areaForecastDiscussion,
  HWO: hazardousWeatherOutlook,
  ZFP: zoneForecastProduct,
};

const HWO = PRODUCT_TYPE_BY_CODE.get('HWO')!;

/** The default page of /products, as the OpenAPI caps `limit`. */
const DEFAULT_PRODUCT_LIMIT = 500;

/**
 * The offices' text products (AFD, HWO, ZFP), from the same model and clock as everything else: a
 * product's hazards are the office's alerts in force when it was issued (office-alerts.ts, as the
 * headlines), its forecasts are the zone forecasts (and so the gridpoint forecasts) of that hour.
 */
export function productResources(deps: EmbeddedDeps, alerts: OfficeAlerts, zoneText: ZoneForecastSource): FamilyRoutes {
  const { catalogue } = deps;
  const texts = new Lru<string, ForecastDocument>(256);
  // Sorted when a product route first needs every office: a process whose first request is a /points (a
  // test file's) need not read the offices table whole, nor start ICU's collator (zone-offset-files.ts).
  let sortedOffices: readonly OfficeRecord[] | undefined;
  const offices = (): readonly OfficeRecord[] =>
    (sortedOffices ??= [...catalogue.offices.values()].sort((a, b) => idOrder(a.id, b.id)));

  const office = (id: string): OfficeRecord => {
    const found = catalogue.offices.get(id);
    if (!found) throw new ForecastNotFound(`Office ${id} not found`);
    return found;
  };

  /** A scenario changes what the products say and which outlooks exist: part of every cache key here. */
  const revision = (): number => deps.overlay?.revision() ?? 0;

  /**
   * Offices update their HWO when a hazard is issued between the scheduled outlooks, as NWS offices do: an
   * alert a scenario injects gives each of its offices an outlook at the alert's minute, so the latest HWO
   * names it at once. (The model's own alerts belong to the cycle the scheduled outlooks already cover.)
   */
  function outlookUpdates(sinceMs: number, nowMs: number): ProductIssue[] {
    const out = new Map<string, ProductIssue>();
    for (const f of deps.overlay?.alerts() ?? []) {
      if (f.sentMs > nowMs || f.sentMs < sinceMs) continue;
      const issuedMs = Math.floor(f.sentMs / 60_000) * 60_000;
      for (const o of offices()) {
        if (!alerts.covers(o, f)) continue;
        const id = productId(HWO, o, issuedMs);
        if (!out.has(id) && !parseProductId(id, catalogue.offices)) out.set(id, { type: HWO, office: o, issuedMs, id });
      }
    }
    return [...out.values()];
  }

  // Every office's issues of the retention span, newest first, built once per minute (the finest issue time)
  // and scenario: a list request then filters it instead of walking 123 offices' schedules.
  const issueLists = new Lru<string, ProductIssue[]>(4);
  function allIssues(): ProductIssue[] {
    const nowMs = deps.clock.now().getTime();
    const minute = Math.floor(nowMs / 60_000);
    return issueLists.getOrSet(`${minute}|${revision()}`, () => {
      const floor = nowMs - PRODUCT_RETENTION_HOURS * 3_600_000;
      const all = offices().flatMap((o) => PRODUCT_TYPES.flatMap((t) => issuesOf(t, o, floor, nowMs)));
      all.push(...outlookUpdates(floor, nowMs));
      return all.sort((a, b) => b.issuedMs - a.issuedMs || idOrder(a.id, b.id));
    });
  }

  function issues(
    types: readonly ProductType[],
    of: readonly OfficeRecord[],
    sinceMs: number,
    untilMs: number,
  ): ProductIssue[] {
    const typeSet = new Set(types);
    const officeSet = new Set(of);
    return allIssues().filter(
      (i) => typeSet.has(i.type) && officeSet.has(i.office) && i.issuedMs >= sinceMs && i.issuedMs <= untilMs,
    );
  }

  function entry(issue: ProductIssue, base: string): Record<string, unknown> {
    return {
      '@id': `${base}/products/${issue.id}`,
      id: issue.id,
      wmoCollectiveId: wmoCollectiveId(issue.type, issue.office),
      issuingOffice: issuingOfficeId(issue.office),
      issuanceTime: new Date(issue.issuedMs).toISOString().replace(/\.000Z$/, '+00:00'),
      productCode: issue.type.code,
      productName: issue.type.name,
    };
  }

  function list(found: readonly ProductIssue[], limit: number, ctx: ForecastContext): ForecastDocument {
    const page = found.slice(0, limit);
    const body = { '@context': plainContext(ctx.baseUrl), '@graph': page.map((i) => entry(i, ctx.baseUrl)) };
    return { body, lastModified: new Date(page[0]?.issuedMs ?? CATALOGUE_EDITION.getTime()), maxAgeSeconds: 60 };
  }

  async function productText(issue: ProductIssue, ctx: ForecastContext): Promise<string> {
    const areaZones = (catalogue.byOffice.get(issue.office.id)?.forecastZones ?? [])
      .map((id) => catalogue.forecastZones.get(id)!)
      .filter(Boolean);
    const own = catalogue.forecastZoneAt(issue.office.cwaCentroid.lat, issue.office.cwaCentroid.lon);
    const first = own && own.cwa === issue.office.id ? own : areaZones[0];
    const forZones = issue.type.code === 'ZFP' ? areaZones : first ? [first] : [];
    const zones = await Promise.all(forZones.map((z) => zoneText(z.id, ctx)));
    // The hazards in force by the end of the issue's minute (an update is issued the minute its alert is sent).
    const atMs = Math.min(issue.issuedMs + 59_999, deps.clock.now().getTime());
    return TEXT[issue.type.code]!({ issue, alerts: await alerts.inForce(issue.office, atMs), zones, areaZones });
  }

  /** A product with its text, as /products/{id} serves it. */
  async function productDocument(issue: ProductIssue, ctx: ForecastContext): Promise<ForecastDocument> {
    const key = `${ctx.baseUrl}|${issue.id}|${revision()}`;
    const cached = texts.get(key);
    if (cached) return cached;
    const body = {
      '@context': plainContext(ctx.baseUrl),
      ...entry(issue, ctx.baseUrl),
      productText: await productText(issue, ctx),
    };
    const doc: ForecastDocument = { body, lastModified: new Date(issue.issuedMs), maxAgeSeconds: 3600 };
    texts.set(key, doc);
    return doc;
  }

  /**
   * /products/types/{typeId}/locations/{locationId}/latest (api.weather.gov's OpenAPI 3.8.1, not in the
   * v1.9 copy the coverage test reads): the newest product of that type from that office, with its text,
   * as /products/{id} serves it.
   */
  const latestOfType = serve(LATEST_OF_TYPE, async ({ type, location }, ctx) => {
    const t = PRODUCT_TYPE_BY_CODE.get(type);
    if (!t) throw new ForecastNotFound(`Product type ${type} does not exist.`);
    const o = office(location);
    const latest = issues([t], [o], 0, Number.MAX_SAFE_INTEGER)[0];
    if (!latest)
      throw new ForecastNotFound(
        `Office ${o.id} has issued no ${t.code} in the last ${PRODUCT_RETENTION_HOURS} hours.`,
      );
    return productDocument(latest, ctx);
  });

  function locationsOf(types: readonly ProductType[], base: string): ForecastDocument {
    const locations: Record<string, string | null> = {};
    for (const o of offices()) if (types.length > 0) locations[o.id] = officeSignature(o);
    return {
      body: { '@context': plainContext(base), locations },
      lastModified: CATALOGUE_EDITION,
      maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS,
    };
  }

  return {
    routes: [
      latestOfType,
      serve(PRODUCTS, async (query: ProductQuery, ctx) => {
        const types = query.types ? PRODUCT_TYPES.filter((t) => query.types!.includes(t.code)) : PRODUCT_TYPES;
        const ofOffices = offices().filter(
          (o) =>
            (!query.locations || query.locations.includes(o.id)) &&
            (!query.offices || query.offices.includes(issuingOfficeId(o))),
        );
        const found = issues(
          types,
          ofOffices,
          query.start?.getTime() ?? 0,
          query.end?.getTime() ?? Number.MAX_SAFE_INTEGER,
        ).filter((i) => !query.wmoIds || query.wmoIds.includes(wmoCollectiveId(i.type, i.office)));
        return list(found, query.limit ?? DEFAULT_PRODUCT_LIMIT, ctx);
      }),

      serve(PRODUCT, async (id, ctx) => {
        const nowMs = deps.clock.now().getTime();
        const floor = nowMs - PRODUCT_RETENTION_HOURS * 3_600_000;
        const issue = parseProductId(id, catalogue.offices) ?? outlookUpdates(floor, nowMs).find((u) => u.id === id);
        if (!issue || issue.issuedMs > nowMs || issue.issuedMs < floor) {
          throw new ForecastNotFound(`Product ${id} does not exist.`);
        }
        return productDocument(issue, ctx);
      }),

      ...PRODUCT_TYPES_ROUTES.map((rule) =>
        serve(rule, async (location, ctx) => {
          if (location !== undefined && !catalogue.offices.has(location))
            throw new ForecastNotFound(`Product location ${location} does not exist.`);
          const body = {
            '@context': plainContext(ctx.baseUrl),
            '@graph': PRODUCT_TYPES.map((t) => ({ productCode: t.code, productName: t.name })),
          };
          return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
        }),
      ),

      ...PRODUCT_LOCATIONS_ROUTES.map((rule) =>
        serve(rule, async (type, ctx) => {
          if (type !== undefined && !PRODUCT_TYPE_BY_CODE.has(type))
            throw new ForecastNotFound(`Product type ${type} does not exist.`);
          return locationsOf(type === undefined ? PRODUCT_TYPES : [PRODUCT_TYPE_BY_CODE.get(type)!], ctx.baseUrl);
        }),
      ),

      ...PRODUCTS_OF_TYPE_ROUTES.map((rule) =>
        serve(rule, async ({ type, location }, ctx) => {
          const t = PRODUCT_TYPE_BY_CODE.get(type);
          if (!t) throw new ForecastNotFound(`Product type ${type} does not exist.`);
          const of = location === undefined ? offices() : [office(location)];
          return list(issues([t], of, 0, Number.MAX_SAFE_INTEGER), DEFAULT_PRODUCT_LIMIT, ctx);
        }),
      ),
    ],
  };
}
