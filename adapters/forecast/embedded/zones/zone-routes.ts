import { formatCoordinate } from '../../../../domain/forecast/coordinates.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import {
  parsePage,
  parseZoneQuery,
  parseZoneType,
  ZONE_TYPES,
  type Page,
  type ZoneQuery,
  type ZoneType,
} from '../../../../domain/forecast/queries.ts';
import type { RouteInput } from '../../../../application/forecast/resource-route.ts';
import { csvParam, documentRule, isoParam, param, seg, withQuery } from '../shared/rules.ts';

// The zones family's routes: the zone lists, one zone, its stations and its text forecast. (A forecast
// zone's observations are the stations family's, stations/station-routes.ts.)

function zoneType(text: string): ZoneType {
  const type = parseZoneType(text);
  if (!type)
    throw new ForecastNotFound(
      `Zone type "${text}" does not exist; the types are forecast (or public, land), county, fire, marine (or coastal) and offshore.`,
    );
  return type;
}

function zoneId(text: string): string {
  if (!/^[A-Za-z]{2}[CZcz]\d{3}$/.test(text)) throw new ForecastNotFound(`Zone "${text}" does not exist.`);
  return text.toUpperCase();
}

/** A zone named by the path: its type, then its id (a bad type is the 404 that names it, before the id). */
export interface ZoneRef {
  readonly type: ZoneType;
  readonly id: string;
}

const zoneRef = (input: RouteInput): ZoneRef => ({
  type: zoneType(param(input, 'type')),
  id: zoneId(param(input, 'zoneId')),
});
const zonePath = ({ type, id }: ZoneRef): string => `/zones/${type}/${seg(id)}`;

/**
 * A zone list's path: `/zones/{type}` for one type, `type=` only for a subset of several. No type at all
 * (`/zones/forecast?type=county`) is spelt as such a pair, so that it parses back to none.
 */
function zonesPath(q: ZoneQuery): string {
  const one = q.types.length === 1 ? q.types[0] : undefined;
  const all = q.types.length === ZONE_TYPES.length;
  const none = q.types.length === 0;
  return withQuery(
    one ? `/zones/${one}` : none ? '/zones/forecast' : '/zones',
    [
      ['type', none ? 'county' : one || all ? undefined : csvParam(q.types)],
      ['id', csvParam(q.ids)],
      ['area', csvParam(q.areas)],
      ['region', csvParam(q.regions)],
      ['point', q.point ? `${formatCoordinate(q.point.lat)},${formatCoordinate(q.point.lon)}` : undefined],
      ['include_geometry', q.includeGeometry ? 'true' : undefined],
      ['limit', q.limit],
      ['effective', isoParam(q.effective)],
      ['cursor', q.cursor],
    ],
    'encoded',
  );
}

/** /zones: every type, or those `type=` names. */
export const ZONES = documentRule('/zones', 'geojson', (input): ZoneQuery => parseZoneQuery(input.query), zonesPath);

/** /zones/{type}: `types` holds the one the path names (none, when `type=` names another). */
export const ZONES_OF_TYPE = documentRule(
  '/zones/:type',
  'geojson',
  (input): ZoneQuery => parseZoneQuery(input.query, zoneType(param(input, 'type'))),
  zonesPath,
);

export interface ZoneVersion extends ZoneRef {
  readonly effective: Date | undefined;
}

export const ZONE = documentRule(
  '/zones/:type/:zoneId',
  'geojson',
  (input): ZoneVersion => {
    const type = zoneType(param(input, 'type'));
    // The whole query is checked, as on the lists; only `effective` selects anything here.
    const effective = parseZoneQuery(input.query, type).effective;
    return { type, id: zoneId(param(input, 'zoneId')), effective };
  },
  (zone) => withQuery(zonePath(zone), [['effective', isoParam(zone.effective)]], 'encoded'),
);

export interface ZoneStationsPage extends ZoneRef {
  readonly page: Page;
}

export const ZONE_STATIONS = documentRule(
  '/zones/:type/:zoneId/stations',
  'geojson',
  (input): ZoneStationsPage => ({ ...zoneRef(input), page: parsePage(input.query, 500) }),
  ({ page, ...zone }) =>
    withQuery(
      `${zonePath(zone)}/stations`,
      [
        ['limit', page.limit],
        ['cursor', page.cursor],
      ],
      'encoded',
    ),
);

export const ZONE_FORECAST = documentRule(
  '/zones/:type/:zoneId/forecast',
  'geojson',
  zoneRef,
  (zone) => `${zonePath(zone)}/forecast`,
);

export const ZONE_ROUTES = [ZONES, ZONES_OF_TYPE, ZONE, ZONE_STATIONS, ZONE_FORECAST];
