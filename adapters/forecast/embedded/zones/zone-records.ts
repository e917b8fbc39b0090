import type { ZoneType } from '../../../../domain/forecast/queries.ts';
import type { Catalogue, LatLon, MarineZoneRecord, Shape, ZoneFields } from '../catalogue/types.ts';

/** The four zone families of the catalogue seen through one shape, as the zone documents need them. */
export interface ZoneRecord {
  readonly type: ZoneType;
  readonly id: string;
  readonly name: string;
  /** The state or territory; null for a marine zone, as api.weather.gov gives it. */
  readonly state: string | null;
  /** What `area=` matches: the state, or a marine zone's marine area (the id's first two letters: GM, LM…). */
  readonly area: string;
  /** Responsible offices; the first is the main one. */
  readonly cwas: readonly string[];
  /**
   * The office whose grid covers the zone, where it is not the first of `cwas`: a Great Lake's open waters,
   * which the NWS files under one office and forecasts on another's grid (LMZ080: IWX's, on MKX's grid).
   */
  readonly gridOffice?: string;
  readonly timeZones: readonly string[];
  readonly centroid: LatLon;
  readonly shape: Shape | null;
}

export function zoneRecord(catalogue: Catalogue, type: ZoneType, id: string): ZoneRecord | undefined {
  const record = (z: ZoneFields, name: string, cwas: readonly string[]): ZoneRecord => ({
    type,
    id,
    name,
    state: z.state,
    area: z.state,
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
    case 'marine':
    case 'offshore': {
      const z = marineZoneById(catalogue, id);
      return z && z.offshore === (type === 'offshore') ? marineRecord(catalogue, z) : undefined;
    }
  }
}

/** A marine zone by id: an office's (coastal or offshore) or a national centre's (offshore). */
export function marineZoneById(catalogue: Catalogue, id: string): MarineZoneRecord | undefined {
  return catalogue.marineZones.get(id) ?? catalogue.centreOffshoreZones.get(id);
}

/**
 * Each national centre's time zone: that of its AWIPS forecast site (GFE serverConfig.py's SITES, public
 * domain: NH1, NH2 and ONA EST5EDT, ONP PST8PDT), and for Honolulu's offshore domain HPA, Honolulu's.
 */
const CENTRE_TIME_ZONES: Readonly<Record<string, string>> = {
  NH1: 'America/New_York',
  NH2: 'America/New_York',
  ONA: 'America/New_York',
  ONP: 'America/Los_Angeles',
  HPA: 'Pacific/Honolulu',
};

function marineRecord(catalogue: Catalogue, z: MarineZoneRecord): ZoneRecord {
  // The zone files carry no time zone for the waters: the issuer's stands in, the office's (its area's, at
  // the centroid) or the national centre's.
  const timeZone = catalogue.offices.get(z.cwa)?.timeZone ?? CENTRE_TIME_ZONES[z.cwa];
  return {
    type: z.offshore ? 'offshore' : 'marine',
    id: z.id,
    name: z.name,
    state: null,
    area: z.id.slice(0, 2),
    cwas: [z.cwa],
    ...(z.lakeCwa && z.lakeCwa !== z.cwa ? { gridOffice: z.lakeCwa } : {}),
    timeZones: timeZone ? [timeZone] : [],
    centroid: z.centroid,
    shape: z.shape,
  };
}

/**
 * The zone a single-zone path names. api.weather.gov answers a marine zone under /zones/forecast/ too (a
 * point over water links its marine zone there), so a forecast id that is no public zone may be a marine one.
 */
export function zoneByPath(catalogue: Catalogue, type: ZoneType, id: string): ZoneRecord | undefined {
  if (type !== 'forecast') return zoneRecord(catalogue, type, id);
  return (
    zoneRecord(catalogue, type, id) ?? zoneRecord(catalogue, 'marine', id) ?? zoneRecord(catalogue, 'offshore', id)
  );
}

/** Every zone id of a type, sorted. */
export function zoneIds(catalogue: Catalogue, type: ZoneType): readonly string[] {
  switch (type) {
    case 'forecast':
      return [...catalogue.forecastZones.keys()].sort();
    case 'county':
      return [...catalogue.countyZones.keys()].sort();
    case 'fire':
      return [...catalogue.fireZones.keys()].sort();
    case 'marine':
      return marineIds(catalogue.marineZones, false);
    case 'offshore':
      return [...marineIds(catalogue.marineZones, true), ...catalogue.centreOffshoreZones.keys()].sort();
  }
}

/** The zone of a type the point lies in, by the catalogue's own point lookups (as /points answers). */
export function zoneAt(catalogue: Catalogue, type: ZoneType, lat: number, lon: number): string | undefined {
  switch (type) {
    case 'forecast':
      return catalogue.forecastZoneAt(lat, lon)?.id;
    case 'county':
      return catalogue.countyZoneAt(lat, lon)?.id;
    case 'fire':
      return catalogue.fireZoneAt(lat, lon)?.id;
    case 'marine':
    case 'offshore': {
      const z = catalogue.marineZoneAt(lat, lon);
      if (z && z.offshore === (type === 'offshore')) return z.id;
      return type === 'offshore' ? catalogue.centreOffshoreZoneAt(lat, lon)?.id : undefined;
    }
  }
}

function marineIds(zones: ReadonlyMap<string, MarineZoneRecord>, offshore: boolean): string[] {
  return [...zones.values()]
    .filter((z) => z.offshore === offshore)
    .map((z) => z.id)
    .sort();
}
