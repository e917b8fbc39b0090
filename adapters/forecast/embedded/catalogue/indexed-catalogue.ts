// The shipped catalogue read through the point index (point-index.ts). Parsing and indexing every file was
// most of a process's first /points (~200 ms of CPU: 5.9 MB of JSON, 10,000 outline records, 21,000
// places, the 1° grids, and the collector copying it all); a point needs the few rows filed under its cells.
// The files hold one row per line (scripts/forecast-data/write-catalogue-file.ts), so a row is found by its
// line and parsed alone. Each row is decoded once and the same record is given out however it is reached
// (a lookup or a whole table), so identity-based code (a lookup's repeat check, the outlines decoded once)
// behaves as with the whole catalogue; the equivalence test compares the answers point by point.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_FILES, type CatalogueFile } from './files.ts';
import { checkHead, DECODERS, readTable, type Kind } from './decode-records.ts';
import { cellKey, containingIn, PointGrid, type ShapeEntry } from './grid-index.ts';
import { assembleCatalogue, type ShapeLookup } from './assemble-catalogue.ts';
import { parsePointIndex, POINT_INDEX_FILE, POINT_INDEX_FORMAT, type BucketLookup } from './point-index.ts';
import type { Catalogue, Shape } from './types.ts';

/** A catalogue file's bytes, with where each row's line starts and ends (without its comma). */
interface RowBytes {
  readonly bytes: Buffer;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly scale: number;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;

/**
 * One catalogue file's rows, each parsed and decoded when first wanted. The file itself is read when a row
 * is first wanted: a first /points never reads the stations (unless its zone straddles a time-zone line).
 * It is read as bytes and only the rows wanted are decoded to text: decoding the four large files whole
 * (5.6 MB) and splitting them into lines was ~30 ms of a process's first /points on 2 cores, with the
 * collector's share, for the few dozen rows a point needs.
 */
class RowFile<R> {
  #read: RowBytes | undefined;
  readonly #records: (R | undefined)[];
  #whole: R[] | undefined;

  constructor(
    private readonly dir: string,
    private readonly kind: Kind,
    private readonly decode: (row: never, scale: number) => R,
    /** The row count the point index was made from (its rows are those rows). */
    readonly size: number,
  ) {
    this.#records = new Array<R | undefined>(size);
  }

  #file(): RowBytes {
    if (this.#read) return this.#read;
    const path = join(this.dir, CATALOGUE_FILES[this.kind]);
    const bytes = readFileSync(path);
    // Line 0 is the head and the rows' opening bracket; the rows follow, one a line, each but the last
    // ending in a comma; then "]}" and a final newline.
    const headEnd = bytes.indexOf(NEWLINE);
    const head = JSON.parse(`${bytes.toString('utf8', 0, headEnd)}]}`) as CatalogueFile<unknown>;
    checkHead(path, this.kind, head);
    const starts = new Int32Array(this.size);
    const ends = new Int32Array(this.size);
    let rows = 0;
    for (let start = headEnd + 1, end = bytes.indexOf(NEWLINE, start); end >= 0;) {
      const next = bytes.indexOf(NEWLINE, end + 1);
      if (next < 0) break; // the line just found is the closing "]}"
      if (rows < this.size) {
        starts[rows] = start;
        ends[rows] = bytes[end - 1] === COMMA ? end - 1 : end;
      }
      rows++;
      start = end + 1;
      end = next;
    }
    if (rows !== this.size)
      throw new Error(`${path}: ${rows} rows, the point index was made from ${this.size}; rebuild the data`);
    return (this.#read = { bytes, starts, ends, scale: head.scale ?? 1 });
  }

  record(row: number): R {
    let record = this.#records[row];
    if (record === undefined) {
      const { bytes, starts, ends, scale } = this.#file();
      record = this.decode(JSON.parse(bytes.toString('utf8', starts[row], ends[row])) as never, scale);
      this.#records[row] = record;
    }
    return record;
  }

  /** Every record, in file order. */
  all(): readonly R[] {
    return (this.#whole ??= Array.from({ length: this.size }, (_, row) => this.record(row)));
  }
}

/**
 * Outline lookups over a file's rows, a cell's bucket made from the index when a lookup first reaches it:
 * the same entries, in the same order, as ShapeGrid.add files in that cell.
 */
function indexedShapes<R extends { readonly shape: Shape | null }>(
  file: RowFile<R>,
  buckets: BucketLookup,
): ShapeLookup<R> {
  const cells = new Map<number, ShapeEntry<R>[]>();
  const bucket = (key: number): ShapeEntry<R>[] | undefined => {
    let entries = cells.get(key);
    if (entries === undefined) {
      const pairs = buckets(key) ?? [];
      entries = [];
      for (let i = 0; i + 1 < pairs.length; i += 2) {
        const item = file.record(pairs[i]!);
        entries.push({ item, shape: item.shape!, part: pairs[i + 1]! });
      }
      cells.set(key, entries);
    }
    return entries;
  };
  return {
    containing: (lat, lon) => containingIn(bucket(cellKey(Math.floor(lat), Math.floor(lon))), lat, lon),
  };
}

function indexedPoints<R extends { readonly lat: number; readonly lon: number }>(
  file: RowFile<R>,
  buckets: BucketLookup,
): PointGrid<R> {
  return PointGrid.loading(file.size, (key) =>
    buckets(key)?.map((row) => {
      const item = file.record(row);
      return { item, lat: item.lat, lon: item.lon };
    }),
  );
}

export function loadIndexedCatalogue(dir: string): Catalogue {
  const index = parsePointIndex(readFileSync(join(dir, POINT_INDEX_FILE), 'utf8'));
  if (index.format !== POINT_INDEX_FORMAT)
    throw new Error(`${POINT_INDEX_FILE}: format ${index.format}, expected ${POINT_INDEX_FORMAT}; rebuild the data`);
  const offices = new RowFile(dir, 'offices', DECODERS.offices, index.rows.offices);
  const countyZones = new RowFile(dir, 'countyZones', DECODERS.countyZones, index.rows.countyZones);
  const forecastZones = new RowFile(dir, 'forecastZones', DECODERS.forecastZones, index.rows.forecastZones);
  const fireZones = new RowFile(dir, 'fireZones', DECODERS.fireZones, index.rows.fireZones);
  const marineZones = new RowFile(dir, 'marineZones', DECODERS.marineZones, index.rows.marineZones);
  const stations = new RowFile(dir, 'stations', DECODERS.stations, index.rows.stations);
  const places = new RowFile(dir, 'places', DECODERS.places, index.rows.places);
  // The radars (210) are searched whole, with no buckets.
  const radars = new RowFile(dir, 'radars', DECODERS.radars, index.rows.radars);
  return assembleCatalogue({
    all: {
      offices: () => offices.all(),
      countyZones: () => countyZones.all(),
      forecastZones: () => forecastZones.all(),
      fireZones: () => fireZones.all(),
      marineZones: () => marineZones.all(),
      // 119 rows that no point lookup of an office needs: read whole when first asked for, not indexed.
      centreOffshoreZones: () => readTable(dir, 'centreOffshoreZones'),
      stations: () => stations.all(),
      radars: () => radars.all(),
      places: () => places.all(),
    },
    officeGrid: indexedShapes(offices, index.shapes.offices),
    countyGrid: indexedShapes(countyZones, index.shapes.countyZones),
    forecastGrid: indexedShapes(forecastZones, index.shapes.forecastZones),
    fireGrid: indexedShapes(fireZones, index.shapes.fireZones),
    marineGrid: indexedShapes(marineZones, index.shapes.marineZones),
    stationGrid: indexedPoints(stations, index.points.stations),
    placeGrid: indexedPoints(places, index.points.places),
  });
}
