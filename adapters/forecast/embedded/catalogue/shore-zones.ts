import type { StationRecord } from './types.ts';

/**
 * How far from a station the zone it belongs to may be looked for, when no zone polygon contains it. The
 * shipped polygons are simplified (about 0.01°, then 20 %), so a station on the shore (Boston Logan, San
 * Francisco International, Kona) can fall a kilometre or two outside its zone's outline, in the water. Within
 * this distance the zone found is the one api.weather.gov gives the station (recorded answers: KBOS MAZ015,
 * KSFO CAZ508, KOQU RIZ006, PHKO HIZ026…); beyond it a station is offshore (oil platforms in the Gulf) and
 * keeps no land zone: its forecast zone is then the marine zone that holds it (withShoreZones).
 */
export const SHORE_SEARCH_METERS = 5000;

const RADII_METERS = [1000, 2000, 3500, SHORE_SEARCH_METERS];
const BEARINGS = 16;
const METERS_PER_DEGREE = 111_195;

/** The first zone `at` finds on rings around the point, nearest ring first, within SHORE_SEARCH_METERS. */
export function zoneNearShore(lat: number, lon: number, at: (lat: number, lon: number) => string | undefined) {
  const cosLat = Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  for (const r of RADII_METERS) {
    for (let k = 0; k < BEARINGS; k++) {
      const bearing = (2 * Math.PI * k) / BEARINGS;
      const found = at(
        lat + (r * Math.cos(bearing)) / METERS_PER_DEGREE,
        lon + (r * Math.sin(bearing)) / (METERS_PER_DEGREE * cosLat),
      );
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

export interface ZoneFinders {
  readonly forecast: (lat: number, lon: number) => string | undefined;
  readonly county: (lat: number, lon: number) => string | undefined;
  readonly fire: (lat: number, lon: number) => string | undefined;
  /** The marine zone holding a point: an office's, else a national centre's offshore zone. */
  readonly marine: (lat: number, lon: number) => string | undefined;
}

/**
 * The station with each zone it lacks taken from the shore nearby, where there is one. A station with no
 * land zone near is at sea, and api.weather.gov files such a station under the marine zone that holds it
 * (recorded station features: Port Chicago PCOC1 PZZ530, Barter Island PABA PKZ815, Cape Lisburne PALU
 * PKZ811, Shishmaref PASH PKZ807, Point Lay PPIZ PKZ812, test/fixtures/nws/recorded-station-zones.json), as
 * a point over water names it: an office's coastal zone, else the national centre's offshore zone (the Gulf
 * platforms beyond 60 NM, in NHC's GMZ040-058). It keeps no county or fire zone: their outlines share the
 * coast, so none is near either. Else it is as it was.
 */
export function withShoreZones(station: StationRecord, find: ZoneFinders): StationRecord {
  if (station.forecastZone !== null && station.countyZone !== null && station.fireZone !== null) return station;
  const forecastZone = station.forecastZone ?? zoneNearShore(station.lat, station.lon, find.forecast) ?? null;
  if (forecastZone === null) {
    const marine = find.marine(station.lat, station.lon);
    return marine === undefined ? station : { ...station, forecastZone: marine };
  }
  const near = (zone: string | null, at: ZoneFinders['county']) =>
    zone ?? zoneNearShore(station.lat, station.lon, at) ?? null;
  return {
    ...station,
    forecastZone,
    countyZone: near(station.countyZone, find.county),
    fireZone: near(station.fireZone, find.fire),
  };
}
