// The point index (point-index.json): for each 1° cell, which rows of the catalogue files a point lookup
// there has to read. The data build writes it (scripts/forecast-data/build-point-index.ts) from the same
// functions the runtime grids use (grid-index.ts), so a first /points reads and decodes the few rows of its
// cells instead of parsing and indexing the whole catalogue (issue 40 item 4: that was ~200 ms of CPU).

import { cellKey } from './grid-index.ts';
import type { Shape } from './types.ts';

export const POINT_INDEX_FILE = 'point-index.json';
/** Bumped whenever the layout changes, so a stale data folder fails loudly. */
export const POINT_INDEX_FORMAT = 1;

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
