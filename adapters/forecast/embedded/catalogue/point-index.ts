// The point index (point-index.json): for each 1° cell, which rows of the catalogue files a point lookup
// there has to read. The data build writes it (scripts/forecast-data/build-point-index.ts) from the same
// functions the runtime grids use (grid-index.ts), so a first /points reads and decodes the few rows of its
// cells instead of parsing and indexing the whole catalogue (issue 40 item 4: that was ~200 ms of CPU).

import { CATALOGUE_FILES } from './files.ts';
import { cellKey } from './grid-index.ts';
import type { Shape } from './types.ts';

export const POINT_INDEX_FILE = 'point-index.json';
/** Bumped whenever the layout changes, so a stale data folder fails loudly. */
export const POINT_INDEX_FORMAT = 2;

/** Rows per page of a catalogue file: a row is read from the file with the rest of its page. */
export const ROW_PAGE = 32;

/**
 * Where a catalogue file's pages lie, so a row is read as a slice of the file (its page, ~1–35 kB) rather
 * than with the whole file: reading the four large files whole and finding their 32,000 lines was ~15 ms of
 * CPU of a process's first /points, for the few dozen rows a point needs.
 */
export interface RowPages {
  /** The file's size: a file changed since the index was made fails at once. */
  readonly bytes: number;
  /** Where the line of every ROW_PAGE-th row starts (rows 0, 32, 64, …), then where the rows end. */
  readonly starts: readonly number[];
}

/** The catalogue files read row by row (indexed-catalogue.ts). */
export type RowFileKind = keyof typeof CATALOGUE_FILES;

/** The files whose outlines are looked up by point, and those whose points are searched by distance. */
export const SHAPE_KINDS = ['offices', 'countyZones', 'forecastZones', 'fireZones', 'marineZones'] as const;
export const POINT_KINDS = ['stations', 'places'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];
export type PointKind = (typeof POINT_KINDS)[number];

/**
 * Buckets by cell key (grid-index.ts cellKey). A shape bucket is [row, part, row, part, ...] in the order
 * ShapeGrid.add files them (row by row, part by part), since a lookup's first match depends on that order;
 * a point bucket is its rows in file order, as PointGrid.add files them.
 */
export type Buckets = Record<string, number[]>;

export interface PointIndexFile {
  readonly format: number;
  /** Each indexed file's row count: an index made from other files than those beside it fails at once. */
  readonly rows: Record<ShapeKind | PointKind | 'radars', number>;
  readonly pages: Record<RowFileKind, RowPages>;
  readonly shapes: Record<ShapeKind, Buckets>;
  readonly points: Record<PointKind, Buckets>;
}

/** The cells each shape's parts cover, as ShapeGrid.add covers them (rows without an outline are left out). */
export function shapeBuckets(shapes: readonly (Shape | null)[]): Buckets {
  const out: Buckets = {};
  shapes.forEach((shape, row) => {
    shape?.partBBoxes.forEach((box, part) => {
      for (let la = Math.floor(box[1]); la <= Math.floor(box[3]); la++) {
        for (let lo = Math.floor(box[0]); lo <= Math.floor(box[2]); lo++) (out[cellKey(la, lo)] ??= []).push(row, part);
      }
    });
  });
  return out;
}

/** The cell of each point, as PointGrid.add files it. */
export function pointBuckets(points: readonly { readonly lat: number; readonly lon: number }[]): Buckets {
  const out: Buckets = {};
  points.forEach(({ lat, lon }, row) => (out[cellKey(Math.floor(lat), Math.floor(lon))] ??= []).push(row));
  return out;
}

const NEWLINE = 0x0a;

/**
 * A catalogue file's pages, from its bytes as the data build writes them
 * (scripts/forecast-data/write-catalogue-file.ts): line 0 is the head and the rows' opening bracket, the
 * rows follow one a line, then "]}" and a final newline.
 */
export function rowPagesOf(bytes: Uint8Array): RowPages {
  const starts: number[] = [];
  let start = bytes.indexOf(NEWLINE) + 1;
  for (let row = 0; ; row++) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end < 0) throw new Error('a catalogue file ends with "]}" and a newline');
    if (bytes[start] === 0x5d /* ] */ && end === bytes.length - 1) break; // the closing "]}"
    if (row % ROW_PAGE === 0) starts.push(start);
    start = end + 1;
  }
  starts.push(start);
  return { bytes: bytes.length, starts };
}

/** A kind's bucket for a cell key, or undefined where the kind has none there. */
export type BucketLookup = (key: number) => readonly number[] | undefined;

/** The point index as the runtime reads it: the row counts, and each kind's buckets by cell. */
export interface PointIndex {
  readonly format: number;
  readonly rows: PointIndexFile['rows'];
  readonly pages: PointIndexFile['pages'];
  readonly shapes: Record<ShapeKind, BucketLookup>;
  readonly points: Record<PointKind, BucketLookup>;
}

/**
 * Reads point-index.json as the data build lays it out (pointIndexText, scripts/forecast-data/
 * build-point-index.ts): the format, the row counts and the files' pages, then one line per kind, `"kind":{"cell":[rows],...}`.
 * A cell's bucket is parsed alone, when a lookup first reaches the cell: a point needs a few of the ~8,000
 * buckets, and parsing them all (518 kB into ~40,000 arrays) was ~20 ms of CPU of a first /points on 2 cores,
 * with the collector copying them. A bucket holds numbers only, so `"cell":[` appears in a line only as that
 * cell's key.
 */
export function parsePointIndex(text: string): PointIndex {
  const shapesAt = text.indexOf('\n"shapes":{\n');
  if (shapesAt < 0) throw new Error(`${POINT_INDEX_FILE}: no "shapes" line; rebuild the data`);
  // The head lines end in a comma: closed, they are the file's first fields.
  const head = JSON.parse(`${text.slice(0, text.lastIndexOf(',', shapesAt))}}`) as Pick<
    PointIndexFile,
    'format' | 'rows' | 'pages'
  >;
  const lookup = (kind: ShapeKind | PointKind): BucketLookup => {
    const opening = `\n"${kind}":{`;
    const start = text.indexOf(opening, shapesAt);
    if (start < 0) throw new Error(`${POINT_INDEX_FILE}: no line for ${kind}; rebuild the data`);
    const end = text.indexOf('\n', start + 1);
    const line = text.slice(start + opening.length, end < 0 ? text.length : end);
    let where: Map<number, number> | undefined;
    const cells = new Map<number, readonly number[]>();
    return (key) => {
      // Where each cell's bucket opens, found in one pass on the kind's first lookup: a nearest search far
      // from CONUS (Guam's stations, thousands of km off) asks for ~32,000 cells, nearly all empty, and
      // searching the line (19 kB of stations, 126 kB of places) for each was ~0.6 s of a cold
      // /points/13.4,144.8/stations.
      where ??= bucketStarts(line);
      const at = where.get(key);
      if (at === undefined) return undefined;
      let bucket = cells.get(key);
      if (bucket === undefined) {
        bucket = JSON.parse(line.slice(at, line.indexOf(']', at) + 1)) as number[];
        cells.set(key, bucket);
      }
      return bucket;
    };
  };
  return {
    ...head,
    shapes: {
      offices: lookup('offices'),
      countyZones: lookup('countyZones'),
      forecastZones: lookup('forecastZones'),
      fireZones: lookup('fireZones'),
      marineZones: lookup('marineZones'),
    },
    points: { stations: lookup('stations'), places: lookup('places') },
  };
}

/** Where each cell's bucket (its "[") starts in a kind's line, by cell key. */
function bucketStarts(line: string): Map<number, number> {
  const starts = new Map<number, number>();
  for (const match of line.matchAll(/"(\d+)":\[/g)) starts.set(Number(match[1]), match.index + match[0].length - 1);
  return starts;
}
