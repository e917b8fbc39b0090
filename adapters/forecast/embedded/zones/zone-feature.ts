import type { ZoneType } from '../../../../domain/forecast/queries.ts';
import type { Catalogue } from '../catalogue/types.ts';
import type { Links } from '../shared/links.ts';
import type { RelatedZones } from './zone-relations.ts';
import { shapeGeometry } from './zone-geometry.ts';
import type { ZoneRecord } from './zone-records.ts';

/** The zone files (bp05mr24 and the matching county/fire sets) took effect on this date. */
export const ZONES_EFFECTIVE_MS = Date.parse('2024-03-05T00:00:00Z');
const EFFECTIVE_DATE = '2024-03-05T00:00:00+00:00';
/** api.weather.gov's "no planned end" date for current zones. */
const EXPIRATION_DATE = '2200-01-01T00:00:00+00:00';
export const ZONES_EXPIRATION_MS = Date.parse(EXPIRATION_DATE);

/** The one version of each zone is in effect from its effectiveDate until (not at) its expirationDate. */
export function zoneVersionInEffect(at: Date | undefined): boolean {
  return at === undefined || (at.getTime() >= ZONES_EFFECTIVE_MS && at.getTime() < ZONES_EXPIRATION_MS);
}

/** api.weather.gov calls forecast zones "public" in the type property (the URL says forecast). */
const API_TYPE: Readonly<Record<ZoneType, string>> = { forecast: 'public', county: 'county', fire: 'fire' };

export interface ZoneFeatureParts {
  readonly geometry: boolean;
  /**
   * A single zone lists its stations' URLs (as api.weather.gov); a list entry gives the URL of the zone's
   * station list, `/zones/{type}/{id}/stations` (the spec's Zone table: "string (URL), in list entries").
   */
  readonly observationStations: readonly string[] | string;
  /** Only single-zone documents carry relatedZones. */
  readonly related?: RelatedZones;
}

/** A Zone Feature as zone.json / zones_list.json. */
export function zoneFeature(
  zone: ZoneRecord,
  catalogue: Catalogue,
  links: Links,
  parts: ZoneFeatureParts,
): Record<string, unknown> {
  const url = links.zone(zone.type, zone.id);
  const office = zone.cwas[0] ?? null;
  const properties: Record<string, unknown> = {
    '@id': url,
    '@type': 'wx:Zone',
    id: zone.id,
    type: API_TYPE[zone.type],
    name: zone.name,
    effectiveDate: EFFECTIVE_DATE,
    expirationDate: EXPIRATION_DATE,
    state: zone.state,
    forecastOffice: office && links.office(office),
    gridIdentifier: office,
    awipsLocationIdentifier: office,
    cwa: zone.cwas,
    forecastOffices: zone.cwas.filter((id) => catalogue.offices.has(id)).map((id) => links.office(id)),
    timeZone: zone.timeZones,
    observationStations: parts.observationStations,
    radarStation: null,
  };
  if (parts.related) {
    properties['relatedZones'] = {
      forecastZone: parts.related.forecast.map((id) => links.zone('forecast', id)),
      county: parts.related.county.map((id) => links.zone('county', id)),
      fireWeatherZone: parts.related.fire.map((id) => links.zone('fire', id)),
    };
  }
  const geometry = parts.geometry && zone.shape ? shapeGeometry(zone.shape) : null;
  return { id: url, type: 'Feature', geometry, properties };
}
