import type { ZoneType } from '../../../../domain/forecast/queries.ts';
import type { Catalogue, ZoneFields } from '../catalogue/types.ts';

/** The three zone families of the catalogue seen through one shape, as the zone documents need them. */
export interface ZoneRecord extends ZoneFields {
  readonly type: ZoneType;
  readonly name: string;
  /** Responsible offices; the first is the main one. */
  readonly cwas: readonly string[];
}

export function zoneRecord(catalogue: Catalogue, type: ZoneType, id: string): ZoneRecord | undefined {
  const record = (z: ZoneFields, name: string, cwas: readonly string[]): ZoneRecord => ({
    type,
    id,
    name,
    state: z.state,
    cwas,
    timeZones: z.timeZones,
    centroid: z.centroid,
    shape: z.shape,
  });
  switch (type) {
    case 'forecast': {
      const z = catalogue.forecastZones.get(id);
      return z && record(z, z.name, [z.cwa]);
    }
    case 'county': {
      const z = catalogue.countyZones.get(id);
      return z && record(z, z.name, z.cwas);
    }
    case 'fire': {
      const z = catalogue.fireZones.get(id);
      // A few fire zones have no published name; the public zone of the same id is the best label.
      return z && record(z, z.name ?? catalogue.forecastZones.get(id)?.name ?? id, z.cwas);
    }
  }
}

/** Every zone id of a type, sorted. */
export function zoneIds(catalogue: Catalogue, type: ZoneType): readonly string[] {
  const map =
    type === 'forecast' ? catalogue.forecastZones : type === 'county' ? catalogue.countyZones : catalogue.fireZones;
  return [...map.keys()].sort();
}

/** The zone of a type the point lies in, by the catalogue's own point lookups (as /points answers). */
export function zoneAt(catalogue: Catalogue, type: ZoneType, lat: number, lon: number): string | undefined {
  if (type === 'forecast') return catalogue.forecastZoneAt(lat, lon)?.id;
  if (type === 'county') return catalogue.countyZoneAt(lat, lon)?.id;
  return catalogue.fireZoneAt(lat, lon)?.id;
}
