// The shipped catalogue read through the point index (point-index.ts). Parsing and indexing every file was
// most of a process's first /points (~200 ms of CPU: 5.9 MB of JSON, 10,000 outline records, 21,000
// places, the 1° grids, and the collector copying it all); a point needs the few rows filed under its cells.
// The files hold one row per line (scripts/forecast-data/write-catalogue-file.ts), so a row is found by its
// line, in the slice of the file the index says holds it, and parsed alone. Each row is decoded once and the same record is given out however it is reached
// (a lookup or a whole table), so identity-based code (a lookup's repeat check, the outlines decoded once)
// behaves as with the whole catalogue; the equivalence test compares the answers point by point.

import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_FILES, type CatalogueFile } from './files.ts';
import { checkHead, DECODERS, readTable, type Kind } from './decode-records.ts';
import { cellKey, containingIn, PointGrid, type ShapeEntry } from './grid-index.ts';
import { assembleCatalogue, type ShapeLookup } from './assemble-catalogue.ts';
import {
  parsePointIndex,
  POINT_INDEX_FILE,
  POINT_INDEX_FORMAT,
  ROW_PAGE,
  type BucketLookup,
  type RowPages,
} from './point-index.ts';
import type { Catalogue, Shape } from './types.ts';

/** A page's bytes, with where each of its rows' lines starts and ends (without its comma). */
interface PageLines {
  readonly bytes: Buffer;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;

/**
 * One catalogue file's rows, each parsed and decoded when first wanted. A row is read from the file with the
 * rest of its page (point-index.ts RowPages: ROW_PAGE rows, where the index says they lie), as bytes, and only
 * the rows wanted are decoded to text: a first /points reads a few dozen pages of the outline and place files
 * instead of 5 MB, and never the stations unless its zone straddles a time-zone line. A whole table is read
 * at once.
 */
class RowFile<R> {
  readonly #path: string;
  #scale: number | undefined;
  readonly #pages: (PageLines | undefined)[];
  readonly #records: (R | undefined)[];
  #whole: R[] | undefined;

  constructor(
    dir: string,
    private readonly kind: Kind,
    private readonly decode: (row: never, scale: number) => R,
    /** The row count the point index was made from (its rows are those rows). */
    readonly size: number,
    private readonly layout: RowPages,
  ) {
    this.#path = join(dir, CATALOGUE_FILES[kind]);
    if (layout.starts.length !== Math.ceil(size / ROW_PAGE) + 1)
      throw new Error(`${POINT_INDEX_FILE}: ${kind}'s pages do not hold ${size} rows; rebuild the data`);
    this.#pages = new Array<PageLines | undefined>(layout.starts.length - 1);
    this.#records = new Array<R | undefined>(size);
  }

  /** Bytes [from, to) of the file; its head is checked on the first read. */
  #read(from: number, to: number): Buffer {
    const fd = openSync(this.#path, 'r');
    try {
      if (this.#scale === undefined) {
        if (fstatSync(fd).size !== this.layout.bytes)
          throw new Error(`${this.#path}: not the file the point index was made from; rebuild the data`);
        // Line 0 is the head and the rows' opening bracket.
        const head = JSON.parse(
          `${readAt(fd, 0, this.layout.starts[0]! - 1).toString('utf8')}]}`,
        ) as CatalogueFile<unknown>;
        checkHead(this.#path, this.kind, head);
        this.#scale = head.scale ?? 1;
      }
      return readAt(fd, from, to);
    } finally {
      closeSync(fd);
    }
  }

  /** Page `page`'s lines, read from the file or cut from `whole`, the file's bytes when read whole. */
  #page(page: number, whole?: Buffer): PageLines {
    let lines = this.#pages[page];
    if (lines === undefined) {
      const from = this.layout.starts[page]!;
      const to = this.layout.starts[page + 1]!;
      const bytes = whole ? whole.subarray(from, to) : this.#read(from, to);
      const rows = Math.min(ROW_PAGE, this.size - page * ROW_PAGE);
      const starts = new Int32Array(rows);
      const ends = new Int32Array(rows);
      let start = 0;
      let row = 0;
      for (let end = bytes.indexOf(NEWLINE); end >= 0 && row < rows; end = bytes.indexOf(NEWLINE, start), row++) {
        starts[row] = start;
        ends[row] = bytes[end - 1] === COMMA ? end - 1 : end;
        start = end + 1;
      }
      if (row !== rows || start !== bytes.length)
        throw new Error(`${this.#path}: page ${page} is not ${rows} rows; rebuild the data`);
      lines = { bytes, starts, ends };
      this.#pages[page] = lines;
    }
    return lines;
  }

  record(row: number): R {
    let record = this.#records[row];
    if (record === undefined) {
      const { bytes, starts, ends } = this.#page(Math.floor(row / ROW_PAGE));
      const line = row % ROW_PAGE;
      record = this.decode(JSON.parse(bytes.toString('utf8', starts[line], ends[line])) as never, this.#scale!);
      this.#records[row] = record;
    }
    return record;
  }

  /** Every record, in file order: the file read whole, once. */
  all(): readonly R[] {
    if (this.#whole === undefined) {
      if (this.#pages.includes(undefined)) {
        const whole = this.#read(0, this.layout.bytes);
        for (let page = 0; page < this.#pages.length; page++) this.#page(page, whole);
      }
      this.#whole = Array.from({ length: this.size }, (_, row) => this.record(row));
    }
    return this.#whole;
  }
}

/** Reads bytes [from, to) of an open file. */
function readAt(fd: number, from: number, to: number): Buffer {
  const bytes = Buffer.allocUnsafe(to - from);
  for (let done = 0; done < bytes.length;) {
    const read = readSync(fd, bytes, done, bytes.length - done, from + done);
    if (read === 0) throw new Error('a catalogue file ended early; rebuild the data');
    done += read;
  }
  return bytes;
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
    inCell: (key) => bucket(key) ?? [],
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
  const { rows, pages } = index;
  const offices = new RowFile(dir, 'offices', DECODERS.offices, rows.offices, pages.offices);
  const countyZones = new RowFile(dir, 'countyZones', DECODERS.countyZones, rows.countyZones, pages.countyZones);
  const forecastZones = new RowFile(
    dir,
    'forecastZones',
    DECODERS.forecastZones,
    rows.forecastZones,
    pages.forecastZones,
  );
  const fireZones = new RowFile(dir, 'fireZones', DECODERS.fireZones, rows.fireZones, pages.fireZones);
  const marineZones = new RowFile(dir, 'marineZones', DECODERS.marineZones, rows.marineZones, pages.marineZones);
  const stations = new RowFile(dir, 'stations', DECODERS.stations, rows.stations, pages.stations);
  const places = new RowFile(dir, 'places', DECODERS.places, rows.places, pages.places);
  // The radars (210) are searched whole, with no buckets.
  const radars = new RowFile(dir, 'radars', DECODERS.radars, rows.radars, pages.radars);
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
