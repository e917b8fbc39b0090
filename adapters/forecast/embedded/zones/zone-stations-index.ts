import { isMarineType, type ZoneType } from '../../../../domain/forecast/queries.ts';
import type { Catalogue, StationRecord } from '../catalogue/types.ts';

/**
 * A forecast zone with no catalogue station inside lists the stations nearest its centroid within this
 * distance. api.weather.gov lists a zone's stations by where they stand (every station it lists for
 * UTZ101 has UTZ101 as its `forecast` zone), out of some 45,000 stations, mesonets included; the catalogue
 * has the 2,300 airport and major stations of those, so most zones (KSZ009, the spec's own sample point)
 * hold none. Their nearby stations are what the real API lists for a point in such a zone (the gridpoint
 * stations of TOP/31,80 in KSZ009 are KMYZ at 44 km, KCNK at 50 km, KHJH, KBIE, KMHK… out past 150 km), and
 * what a client of /zones/forecast/{id}/observations wants. 150 km leaves empty only zones where the
 * catalogue has no station at all (Puerto Rico, the Virgin Islands, Guam, American Samoa, Micronesia).
 */
export const NEARBY_STATION_METERS = 150_000;
/** At most this many nearby stations, nearest first: the closest few speak for a zone, the rest for others. */
export const NEARBY_STATION_COUNT = 5;

export type ZoneStations = (type: ZoneType, id: string) => readonly StationRecord[];

const indexes = new WeakMap<Catalogue, ZoneStations>();

/**
 * The observation stations of each zone, one index per catalogue (the zone routes and the zone observations
 * share it):
 * - every zone lists the stations that stand in it (the station's forecast, county or fire zone, found by
 *   the zone polygons, a shore station by the zone beside it), sorted by id, as api.weather.gov lists them;
 * - a marine zone lists the stations whose forecast zone it is (a station on the water);
 * - a forecast zone with none lists up to NEARBY_STATION_COUNT stations within NEARBY_STATION_METERS of its
 *   centroid, nearest first. County and fire zones keep the stations inside them only (api.weather.gov
 *   lists none for counties).
 */
export function zoneStationsIndex(catalogue: Catalogue): ZoneStations {
  let index = indexes.get(catalogue);
  if (!index) {
    index = buildIndex(catalogue);
    indexes.set(catalogue, index);
  }
  return index;
}

function buildIndex(catalogue: Catalogue): ZoneStations {
  const within = new Map<string, StationRecord[]>();
  const add = (type: ZoneType, zoneId: string | null, station: StationRecord) => {
    if (zoneId === null) return;
    const key = `${type}/${zoneId}`;
    const list = within.get(key);
    if (list) list.push(station);
    else within.set(key, [station]);
  };
  const sorted = [...catalogue.stations.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const s of sorted) {
    add('forecast', s.forecastZone, s);
    add('county', s.countyZone, s);
    add('fire', s.fireZone, s);
  }
  const nearby = new Map<string, readonly StationRecord[]>();
  const nearbyOf = (id: string): readonly StationRecord[] => {
    let list = nearby.get(id);
    if (!list) {
      const zone = catalogue.forecastZones.get(id);
      list = zone
        ? catalogue
            .nearestStations(zone.centroid.lat, zone.centroid.lon, NEARBY_STATION_COUNT)
            .filter((n) => n.distanceMeters <= NEARBY_STATION_METERS)
            .map((n) => n.item)
        : [];
      nearby.set(id, list);
    }
    return list;
  };
  // A station on the water has its marine zone as its forecast zone (as api.weather.gov files it); a marine
  // zone lists those and no nearby ones (api.weather.gov lists none for GMZ330).
  return (type, id) =>
    within.get(`${isMarineType(type) ? 'forecast' : type}/${id}`) ?? (type === 'forecast' ? nearbyOf(id) : []);
}
