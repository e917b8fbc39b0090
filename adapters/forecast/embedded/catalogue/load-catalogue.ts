// Loads the embedded NWS catalogue (built by scripts/forecast-data/build-catalogue.ts)
// and answers the point questions a /points response needs.

import { embeddedDataDir } from '../data-dir.ts';
import {
  readCountyZones,
  readFireZones,
  readForecastZones,
  readMarineZones,
  readOffices,
  readPlaces,
  readRadars,
  readStations,
} from './decode-records.ts';
import { CompletingMap } from './completing-map.ts';
import { PointGrid, ShapeGrid } from './grid-index.ts';
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

export const DEFAULT_CATALOGUE_DIR = embeddedDataDir();

export function loadCatalogue(dir: string = DEFAULT_CATALOGUE_DIR): Catalogue {
  return buildCatalogue({
    offices: readOffices(dir),
    countyZones: readCountyZones(dir),
    forecastZones: readForecastZones(dir),
    fireZones: readFireZones(dir),
    marineZones: readMarineZones(dir),
    stations: readStations(dir),
    radars: readRadars(dir),
    places: readPlaces(dir),
  });
}

export interface CatalogueRecords {
  readonly offices: readonly OfficeRecord[];
  readonly countyZones: readonly CountyZoneRecord[];
  readonly forecastZones: readonly ForecastZoneRecord[];
  readonly fireZones: readonly FireZoneRecord[];
  /** Absent in hand-made test catalogues: no marine zones. */
  readonly marineZones?: readonly MarineZoneRecord[];
  readonly stations: readonly StationRecord[];
  readonly radars: readonly RadarRecord[];
  readonly places: readonly PlaceRecord[];
}

/** Indexes records into a Catalogue: the shipped data through loadCatalogue, or a small hand-made set in tests. */
export function buildCatalogue(records: CatalogueRecords): Catalogue {
  const { offices, countyZones, forecastZones, fireZones, radars, places } = records;
  const officeGrid = shapeGrid(offices);
  const countyGrid = shapeGrid(countyZones);
  const forecastGrid = shapeGrid(forecastZones);
  const fireGrid = shapeGrid(fireZones);
  const marineZones = records.marineZones ?? [];
  const marineGrid = shapeGrid(marineZones);
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
      });
      shore.set(station.id, found);
    }
    return found;
  };
  const stationGrid = pointGrid(records.stations);
  const radarGrid = pointGrid(radars);
  const placeGrid = pointGrid(places);

  return {
    offices: byId(offices),
    countyZones: byId(countyZones),
    forecastZones: byId(forecastZones),
    fireZones: byId(fireZones),
    marineZones: byId(marineZones),
    stations: new CompletingMap(byId(records.stations), onShore),
    radars: byId(radars),
    places,
    // The shore search changes a station's zones, never its office.
    byOffice: holdingsByOffice(offices, countyZones, forecastZones, fireZones, records.stations),

    officeAt: (lat, lon) => officeGrid.containing(lat, lon)[0],
    countyZoneAt: (lat, lon) => countyGrid.containing(lat, lon)[0],
    forecastZoneAt: (lat, lon) => pickForecastZone(forecastGrid.containing(lat, lon), lat, lon),
    fireZoneAt: (lat, lon) => fireGrid.containing(lat, lon)[0],
    marineZoneAt: (lat, lon) => marineGrid.containing(lat, lon)[0],

    nearestStations: (lat, lon, limit) =>
      stationGrid.nearest(lat, lon, limit).map(({ item, distanceMeters }) => ({ item: onShore(item), distanceMeters })),
    nearestRadar: (lat, lon, types: readonly RadarType[] = ['NEXRAD']) =>
      radarGrid.nearest(lat, lon, 1, (radar) => types.includes(radar.type))[0],
    nearestPlace: (lat, lon) => placeGrid.nearest(lat, lon, 1)[0],
  };
}

function byId<T extends { readonly id: string }>(items: readonly T[]): ReadonlyMap<string, T> {
  return new Map(items.map((item) => [item.id, item]));
}

function shapeGrid<T extends { readonly shape: Shape | null }>(items: readonly T[]): ShapeGrid<T> {
  const grid = new ShapeGrid<T>();
  for (const item of items) if (item.shape) grid.add(item, item.shape);
  return grid;
}

function pointGrid<T extends { readonly lat: number; readonly lon: number }>(items: readonly T[]): PointGrid<T> {
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
