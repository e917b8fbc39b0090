import type { Catalogue, OfficeRecord } from '../catalogue/types.ts';

/**
 * The IANA zone at a point: the zone of its forecast zone (else county), which the catalogue records per
 * zone. A zone straddling a time-zone line lists several; the nearest station's zone breaks the tie when it
 * is one of them. Outside every zone, the office's zone.
 */
export function localTimeZone(
  catalogue: Catalogue,
  office: OfficeRecord,
  lat: number,
  lon: number,
  /** The zones' time zones when the caller already looked the zones up. */
  known?: readonly string[],
): string {
  const candidates =
    known ?? catalogue.forecastZoneAt(lat, lon)?.timeZones ?? catalogue.countyZoneAt(lat, lon)?.timeZones ?? [];
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length === 0) return office.timeZone;
  const nearest = catalogue.nearestStations(lat, lon, 1)[0]?.item.timeZone;
  return nearest !== undefined && candidates.includes(nearest) ? nearest : candidates[0]!;
}
