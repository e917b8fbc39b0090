import type { AlertZone, Place } from './weather/index.ts';
import type { Catalogue } from './catalogue/types.ts';
import { officeSignature } from './office-sender-name.ts';

/**
 * The weather model's view of the real forecast zones, grouped by issuing office. Alerts never join zones
 * of different offices (see groupEpisodes), so generating office by office gives exactly the nationwide
 * result while letting the work be cut into short slices. Zones whose office is not in the catalogue
 * (the Micronesian PQE/PQW areas) are left out: no office could sign their alerts. So are zones of offices
 * the service does not cover (`covered`): an alert for a zone whose points answer 404 would name a place
 * the rest of the API denies (issue 11: MPZ001, which the official UGC pattern also rejects). `placeOf` says
 * where a zone's weather is sampled (alert-zone-place.ts: its centroid's gridpoint); the centroid at sea
 * level without it.
 */
export function alertZonesByOffice(
  catalogue: Catalogue,
  covered: (officeId: string) => boolean = () => true,
  placeOf?: (zoneId: string, lat: number, lon: number) => Place,
): AlertZone[][] {
  const byOffice = new Map<string, AlertZone[]>();
  for (const zone of catalogue.forecastZones.values()) {
    const office = catalogue.offices.get(zone.cwa);
    if (!office || !covered(office.id)) continue;
    const sameCodes: string[] = [];
    for (const countyId of zone.counties) {
      const county = catalogue.countyZones.get(countyId);
      if (county) sameCodes.push(`0${county.fips}`);
    }
    const list = byOffice.get(office.id) ?? [];
    const place = placeOf?.(zone.id, zone.centroid.lat, zone.centroid.lon);
    list.push({
      id: zone.id,
      name: zone.name,
      state: zone.state,
      lat: place?.lat ?? zone.centroid.lat,
      lon: place?.lon ?? zone.centroid.lon,
      ...(place ? { elevationM: place.elevationM } : {}),
      officeId: office.id,
      officeName: officeSignature(office),
      timeZone: zone.timeZones[0] ?? office.timeZone,
      sameCodes,
    });
    byOffice.set(office.id, list);
  }
  return [...byOffice.keys()].sort().map((id) => byOffice.get(id)!);
}
