// Loads the embedded NWS catalogue (built by scripts/forecast-data/build-catalogue.ts)
// and answers the point questions a /points response needs.

import { embeddedDataDir } from '../data-dir.ts';
import { readCatalogueTables } from './decode-records.ts';
import { assembleCatalogue, pointGrid, shapeGrid } from './assemble-catalogue.ts';
import { loadIndexedCatalogue } from './indexed-catalogue.ts';
import type {
  Catalogue,
  CountyZoneRecord,
  FireZoneRecord,
  ForecastZoneRecord,
  MarineZoneRecord,
  OfficeRecord,
  PlaceRecord,
  RadarRecord,
  StationRecord,
} from './types.ts';

export const DEFAULT_CATALOGUE_DIR = embeddedDataDir();

/**
 * The shipped catalogue, read through the point index (indexed-catalogue.ts): a point lookup reads the rows
 * of its cells, and a whole table is read when something first asks for it.
 */
export function loadCatalogue(dir: string = DEFAULT_CATALOGUE_DIR): Catalogue {
  return loadIndexedCatalogue(dir);
}

/** The shipped catalogue read whole and indexed at once, as before the point index: what tests compare with. */
export function loadWholeCatalogue(dir: string = DEFAULT_CATALOGUE_DIR): Catalogue {
  return buildCatalogue(readCatalogueTables(dir));
}

export interface CatalogueRecords {
  readonly offices: readonly OfficeRecord[];
  readonly countyZones: readonly CountyZoneRecord[];
  readonly forecastZones: readonly ForecastZoneRecord[];
  readonly fireZones: readonly FireZoneRecord[];
  /** Absent in hand-made test catalogues: no marine zones. */
  readonly marineZones?: readonly MarineZoneRecord[];
  /** Absent in hand-made test catalogues: none. */
  readonly centreOffshoreZones?: readonly MarineZoneRecord[];
  readonly stations: readonly StationRecord[];
  readonly radars: readonly RadarRecord[];
  readonly places: readonly PlaceRecord[];
}

/** Indexes records into a Catalogue: the shipped data through loadWholeCatalogue, or a small hand-made set in tests. */
export function buildCatalogue(records: CatalogueRecords): Catalogue {
  const { offices, countyZones, forecastZones, fireZones, radars, places } = records;
  const marineZones = records.marineZones ?? [];
  return assembleCatalogue({
    all: {
      offices: () => offices,
      countyZones: () => countyZones,
      forecastZones: () => forecastZones,
      fireZones: () => fireZones,
      marineZones: () => marineZones,
      centreOffshoreZones: () => records.centreOffshoreZones ?? [],
      stations: () => records.stations,
      radars: () => radars,
      places: () => places,
    },
    officeGrid: shapeGrid(offices),
    countyGrid: shapeGrid(countyZones),
    forecastGrid: shapeGrid(forecastZones),
    fireGrid: shapeGrid(fireZones),
    marineGrid: shapeGrid(marineZones),
    stationGrid: pointGrid(records.stations),
    placeGrid: pointGrid(places),
  });
}
