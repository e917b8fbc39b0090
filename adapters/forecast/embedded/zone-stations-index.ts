import type { ZoneType } from '../../../domain/forecast/queries.ts';
import type { Catalogue, StationRecord } from './catalogue/types.ts';

/**
 * The observation stations of each zone: those the catalogue places in it (the station's forecast,
 * county and fire zone were found by the zone polygons when the catalogue was built). Sorted by id.
 */
export function zoneStationsIndex(catalogue: Catalogue): (type: ZoneType, id: string) => readonly StationRecord[] {
  const index = new Map<string, StationRecord[]>();
  const add = (type: ZoneType, zoneId: string | null, station: StationRecord) => {
    if (zoneId === null) return;
    const key = `${type}/${zoneId}`;
    index.set(key, [...(index.get(key) ?? []), station]);
  };
  const sorted = [...catalogue.stations.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const s of sorted) {
    add('forecast', s.forecastZone, s);
    add('county', s.countyZone, s);
    add('fire', s.fireZone, s);
  }
  return (type, id) => index.get(`${type}/${id}`) ?? [];
}
