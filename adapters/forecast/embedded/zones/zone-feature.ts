import { isMarineType, type ZoneType } from '../../../../domain/forecast/queries.ts';
import type { Catalogue } from '../catalogue/types.ts';
import type { Links } from '../shared/links.ts';
import type { RelatedZones } from './zone-relations.ts';
import { shapeGeometry } from './zone-geometry.ts';
import type { ZoneRecord } from './zone-records.ts';

/** The zone files (bp05mr24 and the matching county/fire sets) took effect on this date. */
const EFFECTIVE_DATE = '2024-03-05T00:00:00+00:00';
/**
 * The marine zones are the mz18mr25 outlines, in effect from 18 March 2025 18 UTC: the effectiveDate
 * api.weather.gov gave its marine zones of that file (PKZ413, recorded in a public repository).
 */
const MARINE_EFFECTIVE_DATE = '2025-03-18T18:00:00+00:00';
/** api.weather.gov's "no planned end" date for current zones. */
const EXPIRATION_DATE = '2200-01-01T00:00:00+00:00';
const ZONES_EXPIRATION_MS = Date.parse(EXPIRATION_DATE);
const EFFECTIVE_MS: Readonly<Record<'land' | 'marine', number>> = {
  land: Date.parse(EFFECTIVE_DATE),
  marine: Date.parse(MARINE_EFFECTIVE_DATE),
};

/** When the one version of a type's zones took effect, as the document writes it. */
export function zoneEffectiveDate(type: ZoneType): string {
  return isMarineType(type) ? MARINE_EFFECTIVE_DATE : EFFECTIVE_DATE;
}

/** The one version of each zone is in effect from its effectiveDate until (not at) its expirationDate. */
export function zoneVersionInEffect(at: Date | undefined, type: ZoneType): boolean {
  const from = EFFECTIVE_MS[isMarineType(type) ? 'marine' : 'land'];
  return at === undefined || (at.getTime() >= from && at.getTime() < ZONES_EXPIRATION_MS);
}

/**
 * api.weather.gov calls forecast zones "public" in the type property (the URL says forecast), and the
 * coastal marine zones "coastal" (GMZ330, asked for as /zones/marine/GMZ330), the offshore ones "offshore"
 * (PKZ413, recorded as /zones/forecast/PKZ413).
 */
const API_TYPE: Readonly<Record<ZoneType, string>> = {
  forecast: 'public',
  county: 'county',
  fire: 'fire',
  marine: 'coastal',
  offshore: 'offshore',
};

/**
 * The path type of a zone's own URL: api.weather.gov names a marine zone under /zones/forecast/ whatever
 * route asked for it (`id` https://api.weather.gov/zones/forecast/GMZ330 for /zones/marine/GMZ330).
 */
export function zoneUrlType(type: ZoneType): 'forecast' | 'county' | 'fire' {
  return isMarineType(type) ? 'forecast' : type;
}

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
  const url = links.zone(zoneUrlType(zone.type), zone.id);
  const office = zone.cwas[0] ?? null;
  // A Great Lake's open waters: api.weather.gov names the grid's office as gridIdentifier and forecastOffices,
  // the zone's own office elsewhere (PKZ413: cwa AFC, gridIdentifier and forecastOffices ALU).
  const gridOffice = zone.gridOffice ?? office;
  const forecastOffices = zone.gridOffice ? [zone.gridOffice] : zone.cwas;
  const properties: Record<string, unknown> = {
    '@id': url,
    '@type': 'wx:Zone',
    id: zone.id,
    type: API_TYPE[zone.type],
    name: zone.name,
    effectiveDate: zoneEffectiveDate(zone.type),
    expirationDate: EXPIRATION_DATE,
    state: zone.state,
    forecastOffice: office && links.office(office),
    gridIdentifier: gridOffice,
    awipsLocationIdentifier: office,
    cwa: zone.cwas,
    forecastOffices: forecastOffices.filter((id) => catalogue.offices.has(id)).map((id) => links.office(id)),
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
