import type { JsonDocument } from '../../../application/forecast/ports.ts';
import { alertListFilter } from './expired-alerts.ts';

/**
 * A query parameter Taskcast's routes take that api.weather.gov's lack: a source that relays paths is asked
 * for the path without it, and what it answers is narrowed to what the parameter asks. The declared route
 * spells the parameter last (see the family's rule), so the path without it is the one upstream always had.
 */
export interface LocalFilter {
  /** The route's path, without a query. */
  readonly pathname: string;
  readonly parameter: string;
  readonly narrow: (body: JsonDocument, value: string) => JsonDocument;
}

export const LOCAL_FILTERS: readonly LocalFilter[] = [
  {
    pathname: '/stations',
    parameter: 'bbox',
    narrow: (body, value) => filterStationsToBbox(body, value.split(',').map(Number) as unknown as Bbox),
  },
];

/** What a source is asked for instead of a path, and how its answer is narrowed to what the path asks. */
export interface Narrowing {
  readonly asked: string;
  readonly narrow: (body: JsonDocument) => JsonDocument;
}

/**
 * The path a source is asked for, and how to narrow its answer; undefined when no filter applies. The alert
 * lists have their own (expired-alerts.ts: `status=expired` judged at `nowMs`, and /alerts/active's cursor).
 */
export function localFilter(path: string, nowMs: number): Narrowing | undefined {
  const alerts = alertListFilter(path, nowMs);
  if (alerts) return alerts;
  const at = path.indexOf('?');
  if (at < 0) return undefined;
  const pathname = path.slice(0, at);
  for (const filter of LOCAL_FILTERS) {
    if (filter.pathname !== pathname) continue;
    const prefix = `${filter.parameter}=`;
    const pairs = path.slice(at + 1).split('&');
    const pair = pairs.find((p) => p.startsWith(prefix));
    if (pair === undefined) return undefined;
    const rest = pairs.filter((p) => p !== pair).join('&');
    const value = decodeURIComponent(pair.slice(prefix.length));
    return { asked: rest === '' ? pathname : `${pathname}?${rest}`, narrow: (body) => filter.narrow(body, value) };
  }
  return undefined;
}

type Bbox = readonly [number, number, number, number];

/**
 * api.weather.gov's /stations takes no bbox, Taskcast's does: the page upstream returns is narrowed to the
 * stations inside the box. Pagination stays upstream's, so a page may hold fewer than `limit` stations.
 */
export function filterStationsToBbox(body: JsonDocument, [west, south, east, north]: Bbox): JsonDocument {
  const features = Array.isArray(body['features']) ? body['features'] : [];
  const inside = features.filter((f: unknown) => {
    const c = (f as { geometry?: { coordinates?: unknown } } | null)?.geometry?.coordinates;
    if (!Array.isArray(c)) return false;
    const [lon, lat] = c as [unknown, unknown];
    return (
      typeof lon === 'number' && typeof lat === 'number' && lon >= west && lon <= east && lat >= south && lat <= north
    );
  });
  return { ...body, features: inside };
}
