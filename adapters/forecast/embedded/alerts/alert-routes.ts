import type { AssetMedia } from '../../../../application/forecast/ports.ts';
import type { RouteInput } from '../../../../application/forecast/resource-route.ts';
import { formatCoordinate } from '../../../../domain/forecast/coordinates.ts';
import { InvalidParameter } from '../../../../domain/forecast/errors.ts';
import { parseAlertQuery, type AlertQuery, type QueryValues } from '../../../../domain/forecast/queries.ts';
import {
  assetRule,
  csvParam as csv,
  documentRule,
  fixedDocument,
  isoParam as iso,
  param,
  withQuery,
} from '../shared/rules.ts';

// The alerts family's routes: the lists and their path forms, the counts, the event types, and one alert
// as GeoJSON or CAP XML (the same path, chosen by Accept).

export const CAP_MEDIA: AssetMedia = {
  accept: 'application/cap+xml',
  matches: (t) => /xml/i.test(t),
  what: 'a CAP alert',
};

/**
 * An alert list's path, written back as api.weather.gov's OpenAPI takes it: comma-separated lists,
 * lower-case enum values, parameters in a fixed order. The cursor stays on /alerts/active too, for the
 * model's pages; api.weather.gov's /alerts/active takes none, and the by-path provider drops it there.
 */
export function alertsPath(q: AlertQuery): string {
  return withQuery(
    q.activeOnly ? '/alerts/active' : '/alerts',
    [
      ['status', csv(q.status)],
      ['message_type', csv(q.messageType)],
      ['event', csv(q.event)],
      ['area', csv(q.area)],
      ['zone', csv(q.zone)],
      ['point', q.point ? `${formatCoordinate(q.point.lat)},${formatCoordinate(q.point.lon)}` : undefined],
      ['region', csv(q.region)],
      ['region_type', q.regionType],
      ['severity', csv(q.severity)],
      ['urgency', csv(q.urgency)],
      ['certainty', csv(q.certainty)],
      ['start', iso(q.start)],
      ['end', iso(q.end)],
      // /alerts/active without limit is whole (limit undefined); /alerts gets the parsed page size.
      ['limit', q.limit],
      ['cursor', q.cursor],
    ],
    'encoded',
  );
}

/** A list route: its query parsed and validated (the OpenAPI's 400s), with what its path names added. */
const alertList = (pattern: string, activeOnly: boolean, named: (input: RouteInput) => QueryValues = () => ({})) =>
  documentRule(
    pattern,
    'geojson',
    // What the path names replaces the query's value of that name; the record keeps no prototype (queries.ts).
    (input) => parseAlertQuery(Object.assign(Object.create(null) as object, input.query, named(input)), activeOnly),
    alertsPath,
  );

/** /alerts: everything recent, filtered and paged. */
export const ALERTS = alertList('/alerts', false);

/** /alerts/active: the alerts in effect now, whole unless `limit` is given. */
export const ACTIVE_ALERTS = alertList('/alerts/active', true);

/** The lists: /alerts, /alerts/active and its zone, area and region forms. */
export const ALERT_LISTS = [
  ALERTS,
  ACTIVE_ALERTS,
  alertList('/alerts/active/zone/:zoneId', true, (input) => ({ zone: [param(input, 'zoneId')] })),
  alertList('/alerts/active/area/:area', true, (input) => ({ area: [param(input, 'area')] })),
  alertList('/alerts/active/region/:region', true, (input) => ({ region: [param(input, 'region')] })),
];

/** /alerts/active/count: totals by land/marine, area, zone and marine region. */
export const ALERT_COUNTS = fixedDocument('/alerts/active/count', 'json-ld');

/** /alerts/types: the event names the source can issue. */
export const ALERT_TYPES = fixedDocument('/alerts/types', 'json-ld');

function alertId(input: RouteInput): string {
  const id = param(input, 'id');
  // The whole id is quoted: the problem's detail is clipped (adapters/http/clip-echo.ts) where no surrogate
  // pair is split, which a slice here could do.
  if (id.length === 0 || id.length > 200) throw new InvalidParameter(`Invalid alert id "${id}".`, 'id');
  return id;
}

/** An alert's path: its id percent-encoded with the colons of `urn:oid:…` kept, as api.weather.gov links it. */
const alertPath = (id: string): string => `/alerts/${encodeURIComponent(id).replace(/%3A/gi, ':')}`;

/** /alerts/{id}: one alert as GeoJSON. */
export const ALERT = documentRule('/alerts/:id', 'geojson', alertId, alertPath);

/** /alerts/{id} asked for as application/cap+xml: the same alert as CAP 1.2 XML. */
export const ALERT_CAP = assetRule('/alerts/:id', CAP_MEDIA, alertId, alertPath);

export const ALERT_ROUTES = [...ALERT_LISTS, ALERT_COUNTS, ALERT_TYPES, ALERT, ALERT_CAP];
