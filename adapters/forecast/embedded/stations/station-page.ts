import { InvalidParameter } from '../../../../domain/forecast/errors.ts';
import type { Page } from '../../../../domain/forecast/queries.ts';
import type { Catalogue, StationRecord } from '../catalogue/types.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';
import { geoJsonContext } from '../shared/json-ld.ts';
import type { Links } from '../shared/links.ts';
import { stationFeature } from './station-features.ts';

/** Where a page starts in an ordered list: the cursor holds the offset (`{"o": 50}`). */
export function pageStart(page: Page): number {
  const o = decodeCursor(page.cursor)['o'] ?? 0;
  if (typeof o !== 'number' || !Number.isInteger(o) || o < 0) {
    throw new InvalidParameter('Invalid cursor: use the pagination.next link of a previous page.', 'cursor');
  }
  return o;
}

/**
 * One page of stations as stations_list.json / gridpoint_stations.json: features, the matching
 * observationStations list, and `pagination.next` (the absolute URL of the next page, built by `nextUrl`
 * from the next page's cursor) only when more follow.
 */
export function stationPage(
  stations: readonly StationRecord[],
  page: Page,
  catalogue: Catalogue,
  links: Links,
  base: string,
  nextUrl: (cursor: string) => string,
): Record<string, unknown> {
  const start = pageStart(page);
  const slice = stations.slice(start, start + page.limit);
  const body: Record<string, unknown> = {
    '@context': geoJsonContext(base, { observationStations: { '@container': '@list', '@type': '@id' } }),
    type: 'FeatureCollection',
    features: slice.map((s) => stationFeature(s, catalogue, links)),
    observationStations: slice.map((s) => links.station(s.id)),
  };
  if (start + page.limit < stations.length)
    body['pagination'] = { next: nextUrl(encodeCursor({ o: start + page.limit })) };
  return body;
}
