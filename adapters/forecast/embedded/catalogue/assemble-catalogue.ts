// Answers a Catalogue's questions from its parts, for both ways of making them: the whole catalogue built at
// once (load-catalogue.ts buildCatalogue) and the shipped one read through the point index
// (indexed-catalogue.ts). One function for both, so the two give the same answers from the same buckets.

import { CompletingMap } from './completing-map.ts';
import { cellKey, PointGrid, ShapeGrid, type ShapeEntry } from './grid-index.ts';
import { pickForecastZone } from './pick-forecast-zone.ts';
import { withShoreZones } from './shore-zones.ts';
import type {
  Catalogue,
  CountyZoneRecord,
  FireZoneRecord,
  ForecastZoneRecord,
  MarineZoneRecord,
  OfficeHoldings,
  OfficeRecord,
  PlaceRecord,
  RadarRecord,
  RadarType,
  Shape,
  StationRecord,
} from './types.ts';
import { wrapLonDeg } from '../geo/ndfd-grid.ts';

/** Point-in-outline lookups: a ShapeGrid, or the indexed catalogue's buckets read on demand. */
export interface ShapeLookup<T> {
  containing(lat: number, lon: number): T[];
  /** The shape parts filed in one 1° cell (grid-index.ts cellKey). */
  inCell(key: number): readonly ShapeEntry<T>[];
}

/**
 * What a Catalogue is made of: each table whole (read once, when first asked for), the outline lookups and
 * the distance searches. Built whole (buildCatalogue) or through the point index (indexed-catalogue.ts); the
 * questions are answered here alike, so the two give the same answers from the same buckets.
 */
export interface CatalogueParts {
  readonly all: {
    readonly offices: () => readonly OfficeRecord[];
    readonly countyZones: () => readonly CountyZoneRecord[];
    readonly forecastZones: () => readonly ForecastZoneRecord[];
    readonly fireZones: () => readonly FireZoneRecord[];
    readonly marineZones: () => readonly MarineZoneRecord[];
    /** Read whole, when first asked for: 119 rows, not in the point index. */
    readonly centreOffshoreZones: () => readonly MarineZoneRecord[];
    readonly stations: () => readonly StationRecord[];
    readonly radars: () => readonly RadarRecord[];
    readonly places: () => readonly PlaceRecord[];
  };
  readonly officeGrid: ShapeLookup<OfficeRecord>;
  readonly countyGrid: ShapeLookup<CountyZoneRecord>;
  readonly forecastGrid: ShapeLookup<ForecastZoneRecord>;
  readonly fireGrid: ShapeLookup<FireZoneRecord>;
  readonly marineGrid: ShapeLookup<MarineZoneRecord>;
  readonly stationGrid: PointGrid<StationRecord>;
  readonly placeGrid: PointGrid<PlaceRecord>;
}

/** The catalogue's tables: made when first read (see assembleCatalogue), the rest of it are lookups. */
type Tables = Pick<
  Catalogue,
  | 'offices'
  | 'countyZones'
  | 'forecastZones'
  | 'fireZones'
  | 'marineZones'
  | 'centreOffshoreZones'
  | 'stations'
  | 'radars'
  | 'places'
  | 'byOffice'
>;

export function assembleCatalogue(parts: CatalogueParts): Catalogue {
  const { all, officeGrid, countyGrid, forecastGrid, fireGrid, marineGrid, stationGrid, placeGrid } = parts;
  // A station on the shore just outside the simplified polygons belongs to the zone beside it (shore-zones.ts).
  // Found for a station when it is first given out: the search decodes the coast's zone outlines, which
  // the first /points of a process need not pay for. The index holds the stations as read, since the
  // search moves no station.
  const shore = new Map<string, StationRecord>();
  const onShore = (station: StationRecord): StationRecord => {
    let found = shore.get(station.id);
    if (!found) {
      found = withShoreZones(station, {
        forecast: (lat, lon) => pickForecastZone(forecastGrid.containing(lat, lon), lat, lon)?.id,
        county: (lat, lon) => countyGrid.containing(lat, lon)[0]?.id,
        fire: (lat, lon) => fireGrid.containing(lat, lon)[0]?.id,
        // Asked only for a station at sea (14 of the catalogue's): the centres' zones load then, not before.
        marine: (lat, lon) => (marineGrid.containing(lat, lon)[0] ?? centreOffshoreGrid().containing(lat, lon)[0])?.id,
      });
      shore.set(station.id, found);
    }
    return found;
  };
  // The tables and the radars' grid are made when first asked for: of them, a process's first /points,
  // forecast and point alerts read only the offices and the radars (123 and 210 rows).
  const radarGrid = once(() => pointGrid(all.radars()));
  // The centres' offshore zones are read and their grid made only when a zone list or a point at sea asks.
  const centreOffshoreZones = once(() => all.centreOffshoreZones());
  const centreOffshoreGrid = once(() => shapeGrid(centreOffshoreZones()));
  const tables = madeWhenRead<Tables>({
    offices: () => byId(all.offices()),
    countyZones: () => byId(all.countyZones()),
    forecastZones: () => byId(all.forecastZones()),
    fireZones: () => byId(all.fireZones()),
    marineZones: () => byId(all.marineZones()),
    centreOffshoreZones: () => byId(centreOffshoreZones()),
    stations: () => new CompletingMap(byId(all.stations()), onShore),
    radars: () => byId(all.radars()),
    places: () => all.places(),
    // The shore search changes a station's zones, never its office.
    byOffice: () =>
      holdingsByOffice(all.offices(), all.countyZones(), all.forecastZones(), all.fireZones(), all.stations()),
  });

  const lookups: Omit<Catalogue, keyof Tables> = {
    officeAt: (lat, lon) => officeGrid.containing(lat, lon)[0],
    countyZoneAt: (lat, lon) => countyGrid.containing(lat, lon)[0],
    forecastZoneAt: (lat, lon) => pickForecastZone(forecastGrid.containing(lat, lon), lat, lon),
    fireZoneAt: (lat, lon) => fireGrid.containing(lat, lon)[0],
    marineZoneAt: (lat, lon) => marineGrid.containing(lat, lon)[0],
    centreOffshoreZoneAt: (lat, lon) => centreOffshoreGrid().containing(lat, lon)[0],

    nearestStations: (lat, lon, limit) =>
      stationGrid.nearest(lat, lon, limit).map(({ item, distanceMeters }) => ({ item: onShore(item), distanceMeters })),
    nearestRadar: (lat, lon, types: readonly RadarType[] = ['NEXRAD']) =>
      radarGrid().nearest(lat, lon, 1, (radar) => types.includes(radar.type))[0],
    nearestPlace: (lat, lon, withinMeters) => placeGrid.nearest(lat, lon, 1, undefined, withinMeters)[0],
    nearestPlaces: (lat, lon, limit) => placeGrid.nearest(lat, lon, limit),
    landOutlinesNear: (south, west, north, east) => {
      const parts: { shape: Shape; part: number }[] = [];
      for (let la = Math.floor(south); la <= Math.floor(north); la++)
        for (let lo = Math.floor(west); lo <= Math.floor(east); lo++) {
          const key = cellKey(la, wrapLonDeg(lo));
          for (const grid of [countyGrid, forecastGrid, officeGrid] as const)
            for (const { shape, part } of grid.inCell(key)) parts.push({ shape, part });
        }
      return parts;
    },
  };
  return Object.assign(tables, lookups);
}

const once = <T>(make: () => T): (() => T) => {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
};

/** An object whose fields are each made when first read, then kept. */
function madeWhenRead<T extends object>(makers: { readonly [K in keyof T]: () => T[K] }): T {
  const made = {};
  for (const key of Object.keys(makers) as Array<keyof T & string>)
    Object.defineProperty(made, key, { enumerable: true, get: once(makers[key]) });
  return made as T;
}

function byId<T extends { readonly id: string }>(items: readonly T[]): ReadonlyMap<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

export function shapeGrid<T extends { readonly shape: Shape | null }>(items: readonly T[]): ShapeGrid<T> {
  const grid = new ShapeGrid<T>();
  for (const item of items) if (item.shape) grid.add(item, item.shape);
  return grid;
}

export function pointGrid<T extends { readonly lat: number; readonly lon: number }>(items: readonly T[]): PointGrid<T> {
  const grid = new PointGrid<T>();
  for (const item of items) grid.add(item, item.lat, item.lon);
  return grid;
}
interface MutableHoldings {
  countyZones: string[];
  forecastZones: string[];
  fireZones: string[];
  stations: string[];
}

function holdingsByOffice(
  offices: readonly { id: string }[],
  counties: readonly { id: string; cwas: readonly string[] }[],
  zones: readonly { id: string; cwa: string }[],
  fires: readonly { id: string; cwas: readonly string[] }[],
  stations: readonly { id: string; cwa: string | null }[],
): ReadonlyMap<string, OfficeHoldings> {
  const out = new Map<string, MutableHoldings>(
    offices.map((o) => [o.id, { countyZones: [], forecastZones: [], fireZones: [], stations: [] }]),
  );
  const add = (cwa: string | null, list: keyof MutableHoldings, id: string): void => {
    if (cwa !== null) out.get(cwa)?.[list].push(id);
  };
  for (const c of counties) for (const cwa of c.cwas) add(cwa, 'countyZones', c.id);
  for (const z of zones) add(z.cwa, 'forecastZones', z.id);
  for (const f of fires) for (const cwa of f.cwas) add(cwa, 'fireZones', f.id);
  for (const s of stations) add(s.cwa, 'stations', s.id);
  return out;
}
