import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { CWAS_ROUTE, CWA_ROUTE, CWSU_ROUTE, SIGMET_LIST_ROUTES, SIGMET_ROUTE } from './aviation-routes.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { SigmetQuery } from '../../../../domain/forecast/extended-queries.ts';
import { CENTER_BY_ID, centerAt as centerNearest, type AviationCenter } from './aviation-centers.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { officeContext, sharedGeoJsonContext } from '../shared/json-ld.ts';
import { airHazardsAt, areaAround, stormsAt, type AirHazard, type StormCell } from './storm-scan.ts';
import { idOrder } from '../weather/text-order.ts';

// Center Weather Advisories and SIGMETs follow the model's weather (storm-scan.ts). A CWSU warns of
// conditions at or near SIGMET criteria in its centre's area: at :10 of every other hour, valid two hours,
// one CWA for each of the model's hazards there, numbered from 101 through the UTC day, while they last:
// thunderstorms wherever a lattice point has them (isolated storms too), icing or turbulence where at least
// NON_CONVECTIVE_CWA_CELLS points have it (an area, not a point: the model's icing covers much of a winter
// day's cloud, and a CWA for every point of it would be up at most northern centres all winter). Measured
// over a year: a contiguous-states centre has a thunderstorm CWA at ~5% of summer hours (~7% of afternoons,
// none at night), an icing one at ~28% of winter hours and none in summer, a turbulence one at ~1-2%. The Aviation Weather Center
// (ATSU KKCI: the list /aviation/sigmets/KKCI, as on api.weather.gov) issues a convective SIGMET at :55
// of each hour for each of its series (E, C, W) with storms, valid two hours, numbered per day in its
// series; and, every four hours valid four, a non-convective SIGMET for each hazard the model has
// somewhere in the contiguous states: severe icing (series N, NOVEMBER) and severe turbulence (series
// U, UNIFORM). Alaska's storms (centres ZAN, ZFA) keep their FIR, PAZA.

const HOUR = 3_600_000;

interface Advisory {
  readonly center: AviationCenter;
  readonly issuedMs: number;
  readonly startMs: number;
  readonly endMs: number;
  readonly cells: readonly StormCell[];
}

interface Cwa extends Advisory {
  readonly date: string;
  readonly sequence: number;
  /** Null for thunderstorms (the storm cells carry their motion), else the non-convective hazard. */
  readonly hazard: AirHazard | null;
}

/** What a CWA's `observedProperty` names, by hazard. */
const CWA_PROPERTY: Readonly<Record<AirHazard | 'storms', string>> = {
  storms: 'THUNDERSTORMS',
  icing: 'ICING',
  turbulence: 'TURBULENCE',
};

interface Sigmet extends Advisory {
  readonly fir: string;
  readonly date: string;
  readonly sequence: string;
  /** The grid step of the cells, degrees (1 for every scan). */
  readonly step?: number;
  readonly hazard?: AirHazard;
}

/** The Aviation Weather Center, which issues the contiguous states' SIGMETs. */
const AWC = 'KKCI';
const NON_CONVECTIVE_SERIES: Readonly<Record<AirHazard, string>> = { icing: 'N', turbulence: 'U' };
/** Lattice points (1°) of a centre's area with icing or turbulence that make it a CWA's area. */
export const NON_CONVECTIVE_CWA_CELLS = 3;

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, '+00:00');
const ddhhmm = (ms: number) => new Date(ms).toISOString().slice(8, 16).replace(/[-T:]/g, '');
const centerNear = (c: { lat: number; lon: number }): AviationCenter => centerNearest(c.lat, c.lon);
const series = (c: AviationCenter): string => (c.fir === 'PAZA' ? 'A' : c.lon < -104 ? 'W' : c.lon < -86 ? 'C' : 'E');

export function aviationResources(deps: EmbeddedDeps): FamilyRoutes {
  const now = () => deps.clock.now().getTime();

  /** CWAs of one centre issued on a UTC date, up to now. */
  function cwasOn(center: AviationCenter, date: string): Cwa[] {
    const dayMs = Date.parse(`${date}T00:00:00Z`);
    const out: Cwa[] = [];
    for (let h = 0; h < 24; h += 2) {
      const issuedMs = dayMs + h * HOUR + 10 * 60_000;
      if (issuedMs > now()) break;
      const hour = Math.floor(issuedMs / HOUR);
      const storms = stormsAt(deps, hour).filter((s) => s.center.id === center.id);
      const hazards = airHazardsAt(deps, hour).filter((c) => centerNear(c).id === center.id);
      const found: [AirHazard | null, readonly StormCell[]][] = [
        [null, storms],
        ...(['icing', 'turbulence'] as const).map((hazard): [AirHazard, StormCell[]] => [
          hazard,
          hazards.filter((c) => c.hazard === hazard).map((c) => ({ ...c, center, movingTowardDeg: 0, speedKt: 0 })),
        ]),
      ];
      for (const [hazard, cells] of found) {
        if (cells.length < (hazard ? NON_CONVECTIVE_CWA_CELLS : 1)) continue;
        out.push({
          center,
          issuedMs,
          startMs: issuedMs,
          endMs: issuedMs + 2 * HOUR,
          cells,
          date,
          hazard,
          sequence: 101 + out.length,
        });
      }
    }
    return out;
  }

  /**
   * SIGMETs issued on a UTC date, up to now: the convective ones hourly, by series, and the non-convective
   * ones every four hours, by hazard; numbers run per series through the day.
   */
  function sigmetsOn(date: string): Sigmet[] {
    const dayMs = Date.parse(`${date}T00:00:00Z`);
    const counters = new Map<string, number>();
    const next = (s: string) => {
      const n = (counters.get(s) ?? 0) + 1;
      counters.set(s, n);
      return `${n}${s}`;
    };
    const out: Sigmet[] = [];
    for (let h = 0; h < 24; h++) {
      if (h % 4 === 0) {
        const issuedMs = dayMs + h * HOUR;
        if (issuedMs > now()) break;
        const cells = airHazardsAt(deps, Math.floor(issuedMs / HOUR));
        for (const hazard of ['icing', 'turbulence'] as const) {
          const mine = cells.filter((c) => c.hazard === hazard);
          if (mine.length === 0) continue;
          const stormCells = mine.map((c) => ({ ...c, center: centerNear(c), movingTowardDeg: 0, speedKt: 0 }));
          out.push({
            center: stormCells[0]!.center,
            fir: AWC,
            date,
            sequence: next(NON_CONVECTIVE_SERIES[hazard]),
            issuedMs,
            startMs: issuedMs,
            endMs: issuedMs + 4 * HOUR,
            cells: stormCells,
            step: 1,
            hazard,
          });
        }
      }
      const issuedMs = dayMs + h * HOUR + 55 * 60_000;
      if (issuedMs > now()) break;
      const cells = stormsAt(deps, Math.floor(issuedMs / HOUR) + 1);
      const bySeries = new Map<string, StormCell[]>();
      for (const c of cells) bySeries.set(series(c.center), [...(bySeries.get(series(c.center)) ?? []), c]);
      for (const [s, seriesCells] of [...bySeries].sort(([a], [b]) => idOrder(a, b))) {
        out.push({
          center: seriesCells[0]!.center,
          fir: s === 'A' ? 'PAZA' : AWC,
          date,
          sequence: next(s),
          issuedMs,
          startMs: issuedMs,
          endMs: issuedMs + 2 * HOUR,
          cells: seriesCells,
        });
      }
    }
    return out;
  }

  const recentDates = () => [dateOf(now() - 24 * HOUR), dateOf(now())].filter((d, i, a) => a.indexOf(d) === i);

  function motion(cells: readonly StormCell[]): string {
    const c = cells[0]!;
    const from = Math.round(((c.movingTowardDeg + 180) % 360) / 10) * 10;
    return `MOV FROM ${String(from === 0 ? 360 : from).padStart(3, '0')}${String(c.speedKt).padStart(2, '0')}KT`;
  }

  function cwaFeature(a: Cwa, base: string): Record<string, unknown> {
    const ring = areaAround(a.cells);
    const corners = ring
      .slice(0, 4)
      .map(([lon, lat]) => `${Math.abs(lat!).toFixed(1)}N${Math.abs(lon!).toFixed(1)}W`)
      .join('-');
    const text = [
      `${a.center.id}1 CWA ${ddhhmm(a.issuedMs)}`,
      `${a.center.id} CWA ${a.sequence} VALID UNTIL ${ddhhmm(a.endMs)}`,
      `FROM ${corners}`,
      a.hazard === 'icing'
        ? 'AREA SEV ICE BTN FL080 AND FL180. CONDS CONTG BYD 2HR.'
        : a.hazard === 'turbulence'
          ? 'AREA SEV TURB BLW FL180 DUE TO STG LOW LVL WNDS. CONDS CONTG BYD 2HR.'
          : `AREA ${a.cells.length > 3 ? 'SCT' : 'ISOL'} TS. ${motion(a.cells)}. TOPS TO FL450.`,
    ].join('\n');
    const id = `${base}/aviation/cwsus/${a.center.id}/cwas/${a.date}/${a.sequence}`;
    return {
      id,
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [ring] },
      properties: {
        id: `${a.center.id}-${a.date}-${a.sequence}`,
        issueTime: iso(a.issuedMs),
        cwsu: a.center.id,
        sequence: a.sequence,
        start: iso(a.startMs),
        end: iso(a.endMs),
        observedProperty: CWA_PROPERTY[a.hazard ?? 'storms'],
        text,
      },
    };
  }

  function sigmetFeature(s: Sigmet, base: string): Record<string, unknown> {
    const id = `${base}/aviation/sigmets/${s.fir}/${s.date}/${s.sequence}`;
    return {
      id,
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [areaAround(s.cells, s.step)] },
      properties: {
        id,
        issueTime: iso(s.issuedMs),
        fir: s.fir,
        sequence: s.sequence,
        phenomenon: null,
        start: iso(s.startMs),
        end: iso(s.endMs),
      },
    };
  }

  const collection = (
    features: Array<Record<string, unknown>>,
    base: string,
    newestMs: number | undefined,
  ): ForecastDocument => ({
    body: { '@context': sharedGeoJsonContext(base), type: 'FeatureCollection', features },
    lastModified: new Date(newestMs ?? Math.floor(now() / HOUR) * HOUR),
    maxAgeSeconds: 300,
  });

  const center = (id: string): AviationCenter => {
    const found = CENTER_BY_ID.get(id);
    if (!found) throw new ForecastNotFound(`CWSU ${id} not found`);
    return found;
  };

  async function sigmets(q: SigmetQuery, ctx: ForecastContext): Promise<ForecastDocument> {
    const dates = q.date ? [q.date] : recentDates();
    let all = dates.flatMap((d) => sigmetsOn(d));
    if (!q.date && !q.start && !q.end) all = all.filter((s) => s.issuedMs > now() - 24 * HOUR);
    all = all.filter(
      (s) =>
        (!q.fir || s.fir === q.fir) &&
        (!q.sequence || s.sequence === q.sequence) &&
        (!q.start || s.endMs > q.start.getTime()) &&
        (!q.end || s.startMs <= q.end.getTime()),
    );
    all.reverse();
    return collection(
      all.map((s) => sigmetFeature(s, ctx.baseUrl)),
      ctx.baseUrl,
      all[0]?.issuedMs,
    );
  }

  return {
    routes: [
      serve(CWSU_ROUTE, async (id, ctx) => {
        const c = center(id);
        const body = {
          '@context': officeContext(),
          '@type': 'GovernmentOrganization',
          '@id': `${ctx.baseUrl}/aviation/cwsus/${c.id}`,
          id: c.id,
          name: `${c.name} Center Weather Service Unit`,
          nwsRegion: c.region,
        };
        return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      }),

      serve(CWAS_ROUTE, async (id, ctx) => {
        const c = center(id);
        const all = recentDates()
          .flatMap((d) => cwasOn(c, d))
          .filter((a) => a.issuedMs > now() - 24 * HOUR)
          .reverse();
        return collection(
          all.map((a) => cwaFeature(a, ctx.baseUrl)),
          ctx.baseUrl,
          all[0]?.issuedMs,
        );
      }),

      serve(CWA_ROUTE, async ({ cwsuId: id, date, sequence }, ctx) => {
        const found = cwasOn(center(id), date).find((a) => a.sequence === sequence);
        if (!found) throw new ForecastNotFound(`CWA ${sequence} of ${id} on ${date} does not exist.`);
        return {
          body: { '@context': sharedGeoJsonContext(ctx.baseUrl), ...cwaFeature(found, ctx.baseUrl) },
          lastModified: new Date(found.issuedMs),
          maxAgeSeconds: 3600,
        };
      }),

      ...SIGMET_LIST_ROUTES.map((rule) => serve(rule, sigmets)),

      serve(SIGMET_ROUTE, async ({ fir, date, sequence }, ctx) => {
        const found = sigmetsOn(date).find((s) => s.fir === fir && s.sequence === sequence);
        if (!found) throw new ForecastNotFound(`SIGMET ${sequence} of ${fir} on ${date} does not exist.`);
        return {
          body: { '@context': sharedGeoJsonContext(ctx.baseUrl), ...sigmetFeature(found, ctx.baseUrl) },
          lastModified: new Date(found.issuedMs),
          maxAgeSeconds: 3600,
        };
      }),
    ],
  };
}
