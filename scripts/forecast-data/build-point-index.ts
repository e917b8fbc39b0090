// Writes data/point-index.json from the catalogue files beside it (see catalogue/point-index.ts). Run after
// build-catalogue.ts and build-marine-zones.ts: `npx tsx scripts/forecast-data/build-point-index.ts [dataDir]`.
// test/unit/forecast/catalogue/point-index.test.ts regenerates it and compares.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_CATALOGUE_DIR } from '../../adapters/forecast/embedded/catalogue/load-catalogue.ts';
import { readCatalogueTables } from '../../adapters/forecast/embedded/catalogue/decode-records.ts';
import { CATALOGUE_FILES } from '../../adapters/forecast/embedded/catalogue/files.ts';
import {
  POINT_INDEX_FILE,
  POINT_INDEX_FORMAT,
  pointBuckets,
  rowPagesOf,
  shapeBuckets,
  type PointIndexFile,
  type RowFileKind,
} from '../../adapters/forecast/embedded/catalogue/point-index.ts';

export function pointIndexOf(dir: string): PointIndexFile {
  const tables = readCatalogueTables(dir);
  const shapes = {
    offices: tables.offices.map((r) => r.shape),
    countyZones: tables.countyZones.map((r) => r.shape),
    forecastZones: tables.forecastZones.map((r) => r.shape),
    fireZones: tables.fireZones.map((r) => r.shape),
    marineZones: tables.marineZones.map((r) => r.shape),
  };
  const points = { stations: tables.stations, places: tables.places };
  return {
    format: POINT_INDEX_FORMAT,
    rows: {
      offices: shapes.offices.length,
      countyZones: shapes.countyZones.length,
      forecastZones: shapes.forecastZones.length,
      fireZones: shapes.fireZones.length,
      marineZones: shapes.marineZones.length,
      stations: points.stations.length,
      places: points.places.length,
      radars: tables.radars.length,
    },
    pages: Object.fromEntries(
      Object.entries(CATALOGUE_FILES).map(([kind, file]) => [kind, rowPagesOf(readFileSync(join(dir, file)))]),
    ) as Record<RowFileKind, PointIndexFile['pages'][RowFileKind]>,
    shapes: {
      offices: shapeBuckets(shapes.offices),
      countyZones: shapeBuckets(shapes.countyZones),
      forecastZones: shapeBuckets(shapes.forecastZones),
      fireZones: shapeBuckets(shapes.fireZones),
      marineZones: shapeBuckets(shapes.marineZones),
    },
    points: { stations: pointBuckets(points.stations), places: pointBuckets(points.places) },
  };
}

/**
 * The file's text: one line per bucket list, so a rebuilt index diffs by kind, and the runtime finds a
 * cell's bucket in its kind's line without parsing the rest (point-index.ts parsePointIndex reads this layout).
 */
export function pointIndexText(index: PointIndexFile): string {
  const lines = (buckets: object): string => JSON.stringify(buckets);
  return (
    `{"format":${index.format},\n"rows":${JSON.stringify(index.rows)},\n"pages":${JSON.stringify(index.pages)},\n"shapes":{\n` +
    Object.entries(index.shapes)
      .map(([kind, b]) => `${JSON.stringify(kind)}:${lines(b)}`)
      .join(',\n') +
    '},\n"points":{\n' +
    Object.entries(index.points)
      .map(([kind, b]) => `${JSON.stringify(kind)}:${lines(b)}`)
      .join(',\n') +
    '}}\n'
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? DEFAULT_CATALOGUE_DIR;
  const text = pointIndexText(pointIndexOf(dir));
  writeFileSync(join(dir, POINT_INDEX_FILE), text);
  console.log(`${POINT_INDEX_FILE}: ${(text.length / 1024).toFixed(0)} kB`);
}
