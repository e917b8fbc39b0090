import type { AlertQuery } from '../../../../domain/forecast/queries.ts';
import type { EmbeddedDeps } from '../../../../adapters/forecast/embedded/embedded-deps.ts';
import { loadEmbeddedDeps } from '../../../../adapters/forecast/embedded/load-embedded-deps.ts';
import {
  epochHourOf,
  generateAlerts,
  latestCycle,
  type AlertFeature,
  type AlertZone,
} from '../../../../adapters/forecast/embedded/weather/index.ts';

// Shared by the alerts-zones-* tests: one catalogue, fixed clocks, and link checks.

export const BASE = 'http://taskcast.test:8080';
export const ctx = { baseUrl: BASE };
// The real offsets too: alerts are issued only for the offices the service covers (those on the grid).
const loaded = loadEmbeddedDeps({ now: () => new Date(0) });
export const catalogue = loaded.catalogue;

/** The model produces heat and flood products on this summer date, cold and winter ones on the winter date. */
export const SUMMER = '2026-07-15T18:20:00Z';
export const WINTER = '2026-01-20T12:00:00Z';
/** The alert cycle in force at {@link SUMMER}. */
export const SUMMER_CYCLE = latestCycle(epochHourOf(Date.parse(SUMMER)));

/**
 * A cycle's alerts for these offices generated in one call on this thread: what generating them in a worker,
 * in slices or office by office in turn must give.
 */
export function alertsInOneCall(zonesByOffice: readonly (readonly AlertZone[])[], cycle: number): AlertFeature[] {
  return generateAlerts({ zones: zonesByOffice.flat(), nowHour: cycle, baseUrl: '' });
}

export function depsAt(iso: string): EmbeddedDeps {
  return { catalogue, offsets: loaded.offsets, sectors: loaded.sectors, clock: { now: () => new Date(iso) } };
}

export function alertQuery(over: Partial<AlertQuery> = {}): AlertQuery {
  return { activeOnly: false, limit: 500, ...over };
}

/** Every string in a body that looks like a URL, outside the JSON-LD @context. */
export function urlsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (/^https?:\/\//.test(value)) out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) urlsIn(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (k !== '@context') urlsIn(v, out);
  }
  return out;
}

/** The cursor parameter of a pagination link. */
export function cursorOf(url: string): string {
  const cursor = new URL(url).searchParams.get('cursor');
  if (!cursor) throw new Error(`no cursor in ${url}`);
  return cursor;
}
