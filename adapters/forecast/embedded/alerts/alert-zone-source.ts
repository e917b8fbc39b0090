import type { AlertZone, Place } from '../weather/index.ts';
import { bboxContains, multiPolygonContains } from '../catalogue/geometry.ts';
import type { Catalogue, CountyZoneRecord } from '../catalogue/types.ts';
import { officeSignature } from '../offices/office-sender-name.ts';
import { marineAlertZones } from './marine-alert-zones.ts';

/**
 * The weather model's view of the real forecast zones, grouped by issuing office. Alerts never join zones
 * of different offices (see groupEpisodes), so generating office by office gives exactly the nationwide
 * result while letting the work be cut into short slices. Zones whose office is not in the catalogue
 * (the Micronesian PQE/PQW areas) are left out: no office could sign their alerts. So are zones of offices
 * the service does not cover (`covered`): an alert for a zone whose points answer 404 would name a place
 * the rest of the API denies (issue 11: MPZ001, which the official UGC pattern also rejects), and, with
 * `served`, land zones of a covered office whose weather place no grid serves (issue 38 item 9: Pagan, MPZ006,
 * 18.1° N, north of the Guam grid's 16.8° N edge, had Wind and Heat Advisories though its points answer 404).
 * Marine zones keep their products wherever they lie, as the NWS issues them: Wake Island's waters (PMZ191,
 * Guam's, off every grid) and the western Aleutians' (off both of Anchorage's windows).
 * `placeOf` says where a zone's weather is sampled (alert-zone-place.ts: its centroid's gridpoint); the
 * centroid at sea level without it. Each office's coastal marine zones follow its land zones
 * (marine-alert-zones.ts): the same office issues both, and a marine query reaches it as a land one does.
 */
export function alertZonesByOffice(
  catalogue: Catalogue,
  covered: (officeId: string) => boolean = () => true,
  placeOf?: (zoneId: string, lat: number, lon: number) => Place,
  served: (lat: number, lon: number) => boolean = () => true,
): AlertZone[][] {
  const byOffice = new Map<string, AlertZone[]>();
  for (const zone of catalogue.forecastZones.values()) {
    const office = catalogue.offices.get(zone.cwa);
    if (!office || !covered(office.id)) continue;
    const place = placeOf?.(zone.id, zone.centroid.lat, zone.centroid.lon);
    if (!served(place?.lat ?? zone.centroid.lat, place?.lon ?? zone.centroid.lon)) continue;
    const sameCodes: string[] = [];
    for (const countyId of zone.counties) {
      const county = catalogue.countyZones.get(countyId);
      if (county) sameCodes.push(`0${county.fips}`);
    }
    const list = byOffice.get(office.id) ?? [];
    const county = countyAt(catalogue, zone.counties, place ?? zone.centroid);
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
      ...(county
        ? { county: { id: county.id, name: county.name, ...(county.fips ? { sameCode: `0${county.fips}` } : {}) } }
        : {}),
    });
    byOffice.set(office.id, list);
  }
  for (const [officeId, zones] of marineAlertZones(catalogue, covered, placeOf))
    byOffice.set(officeId, [...(byOffice.get(officeId) ?? []), ...zones]);
  return [...byOffice.keys()].sort().map((id) => byOffice.get(id)!);
}

/**
 * Of a zone's counties, the one whose outline holds the point, else the one whose centroid is nearest (a
 * point on the simplified outlines' edge). Only the zone's own few counties are tried, so it is cheap.
 */
function countyAt(
  catalogue: Catalogue,
  ids: readonly string[],
  at: { readonly lat: number; readonly lon: number },
): CountyZoneRecord | undefined {
  // One county (nine zones in ten) is the answer whichever way it is found: its outline, decoded only
  // when first tested (polygon-codec.ts), is left alone.
  if (ids.length === 1) return catalogue.countyZones.get(ids[0]!);
  let nearest: CountyZoneRecord | undefined;
  let best = Infinity;
  for (const id of ids) {
    const county = catalogue.countyZones.get(id);
    if (!county) continue;
    const shape = county.shape;
    if (shape && bboxContains(shape.bbox, at.lon, at.lat) && multiPolygonContains(shape.polygons, at.lon, at.lat))
      return county;
    const d =
      (county.centroid.lat - at.lat) ** 2 + ((county.centroid.lon - at.lon) * Math.cos((at.lat * Math.PI) / 180)) ** 2;
    if (d < best) [nearest, best] = [county, d];
  }
  return nearest;
}
