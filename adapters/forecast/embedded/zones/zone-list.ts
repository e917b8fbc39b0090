import { formatCoordinate } from '../../../../domain/forecast/coordinates.ts';
import { InvalidParameter } from '../../../../domain/forecast/errors.ts';
import { ZONE_TYPES, type ZoneQuery, type ZoneType } from '../../../../domain/forecast/queries.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';
import type { Links } from '../shared/links.ts';

/**
 * Zone lists are ordered by type (forecast, county, fire) then id and paged. api.weather.gov sends whole
 * lists, but every zone of every type is ~11,000 features (far more with geometry), so a page holds 500
 * zones unless `limit` asks otherwise; `pagination.next`/`prev` walk the rest.
 */
export const DEFAULT_ZONE_PAGE = 500;

export interface ZoneKey {
  readonly type: ZoneType;
  readonly id: string;
}

function compare(a: ZoneKey, b: ZoneKey): number {
  return ZONE_TYPES.indexOf(a.type) - ZONE_TYPES.indexOf(b.type) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A cursor names the zone a page continues after (`a`) or, for the previous page, comes before (`b`). */
export function zonePage(
  sorted: readonly ZoneKey[],
  query: ZoneQuery,
): { page: readonly ZoneKey[]; next?: string; prev?: string } {
  const limit = query.limit ?? DEFAULT_ZONE_PAGE;
  const position = decodeCursor(query.cursor);
  let start = 0;
  let end = Math.min(sorted.length, limit);
  if (query.cursor !== undefined) {
    const key = cursorKey(position['a'] ?? position['b']);
    const at = sorted.findIndex((z) => compare(z, key) >= 0);
    const boundary = at < 0 ? sorted.length : at;
    if (position['a'] !== undefined) {
      start = boundary < sorted.length && compare(sorted[boundary]!, key) === 0 ? boundary + 1 : boundary;
      end = Math.min(sorted.length, start + limit);
    } else {
      end = boundary;
      start = Math.max(0, end - limit);
    }
  }
  const page = sorted.slice(start, end);
  const first = page[0];
  const last = page[page.length - 1];
  return {
    page,
    next: last && end < sorted.length ? encodeCursor({ a: `${last.type}/${last.id}` }) : undefined,
    prev: first && start > 0 ? encodeCursor({ b: `${first.type}/${first.id}` }) : undefined,
  };
}

function cursorKey(value: unknown): ZoneKey {
  const [type, id] = typeof value === 'string' ? value.split('/') : [];
  if (!type || !id || !(ZONE_TYPES as readonly string[]).includes(type)) {
    throw new InvalidParameter('Invalid cursor: use a pagination link of a previous page.', 'cursor');
  }
  return { type: type as ZoneType, id };
}

/** The list URL for another page, with every filter of the query. */
export function zoneListUrl(links: Links, query: ZoneQuery, cursor: string): string {
  const params = new URLSearchParams();
  params.set('type', query.types.join(','));
  if (query.ids) params.set('id', query.ids.join(','));
  if (query.areas) params.set('area', query.areas.join(','));
  if (query.regions) params.set('region', query.regions.join(','));
  if (query.point) params.set('point', `${formatCoordinate(query.point.lat)},${formatCoordinate(query.point.lon)}`);
  if (query.includeGeometry) params.set('includegeometry', 'true');
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.effective) params.set('effective', query.effective.toISOString());
  params.set('cursor', cursor);
  return `${links.zones()}?${params.toString()}`;
}
