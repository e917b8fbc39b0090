import { formatCoordinate } from '../../../../domain/forecast/coordinates.ts';
import { InvalidParameter } from '../../../../domain/forecast/errors.ts';
import type { AlertQuery } from '../../../../domain/forecast/queries.ts';
import type { AlertFacts } from './alert-set.ts';
import type { Catalogue } from '../catalogue/types.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';
import { linksFor } from '../shared/links.ts';
import { idOrder } from '../weather/text-order.ts';

// Paging and labelling of alert collections.

/**
 * A cursor names the last alert of the previous page by (sent, id), the list's sort key, so a page boundary
 * stays put even if a new cycle replaces the list between two pages.
 */
export function pageAfter(items: readonly AlertFacts[], cursor: string | undefined): readonly AlertFacts[] {
  if (cursor === undefined) return items;
  const { s, i } = decodeCursor(cursor);
  if (typeof s !== 'number' || typeof i !== 'string')
    throw new InvalidParameter('Invalid cursor: use the pagination.next link of a previous page.', 'cursor');
  return items.filter((f) => f.sentMs < s || (f.sentMs === s && idOrder(f.alert.properties.id, i) > 0));
}

export function cursorAfter(last: AlertFacts): string {
  return encodeCursor({ s: last.sentMs, i: last.alert.properties.id });
}

/** The same query's next page, every filter kept. */
export function nextPageUrl(base: string, query: AlertQuery, cursor: string): string {
  const links = linksFor(base);
  const params = new URLSearchParams();
  const add = (name: string, values: readonly string[] | undefined) => {
    if (values && values.length > 0) params.set(name, values.join(','));
  };
  add('status', query.status);
  add('message_type', query.messageType);
  add('event', query.event);
  add('area', query.area);
  add('zone', query.zone);
  if (query.point) params.set('point', `${formatCoordinate(query.point.lat)},${formatCoordinate(query.point.lon)}`);
  add('severity', query.severity);
  add('urgency', query.urgency);
  add('certainty', query.certainty);
  if (query.start) params.set('start', query.start.toISOString());
  if (query.end) params.set('end', query.end.toISOString());
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  params.set('cursor', cursor);
  return `${query.activeOnly ? links.alertsActive() : links.alerts()}?${params.toString()}`;
}

/** "Current watches, warnings, and advisories for Central Coast Range of Western Oregon (ORZ004) OR", as api.weather.gov titles them. */
export function collectionTitle(query: AlertQuery, catalogue: Catalogue): string {
  const lead = query.activeOnly ? 'Current watches, warnings, and advisories' : 'Watches, warnings, and advisories';
  return `${lead} for ${where(query, catalogue)}`;
}

function where(query: AlertQuery, catalogue: Catalogue): string {
  if (query.area) return query.area.join(', ');
  if (query.zone) {
    return query.zone
      .map((id) => {
        const zone = catalogue.forecastZones.get(id) ?? catalogue.countyZones.get(id) ?? catalogue.fireZones.get(id);
        return zone?.name ? `${zone.name} (${id}) ${zone.state}` : id;
      })
      .join(', ');
  }
  if (query.point) {
    const { lat, lon } = query.point;
    return `${formatCoordinate(Math.abs(lat))} ${lat < 0 ? 'S' : 'N'}, ${formatCoordinate(Math.abs(lon))} ${lon < 0 ? 'W' : 'E'}`;
  }
  return 'the United States';
}

/** api.weather.gov writes collection times as `2019-12-20T21:35:17+00:00`. */
export function isoUtcSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}
