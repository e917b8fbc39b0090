// A 1°×1° bucket grid. NWS areas are a few tenths of a degree to a few
// degrees across, so one cell holds a handful of candidates and a lookup
// tests only those instead of thousands of polygons.

import { bboxContains, distanceMeters, polygonContains } from './geometry.ts';
import type { Nearest, Shape } from './types.ts';

const METERS_PER_DEGREE = 111_195;

/** The 1° cell's key, as the point index (point-index.ts) files its buckets. */
export function cellKey(latCell: number, lonCell: number): number {
  return (latCell + 90) * 400 + (lonCell + 180);
}

export interface ShapeEntry<T> {
  readonly item: T;
  readonly shape: Shape;
  readonly part: number;
}

export class ShapeGrid<T> {
  readonly #cells = new Map<number, ShapeEntry<T>[]>();

  add(item: T, shape: Shape): void {
    shape.partBBoxes.forEach((box, part) => {
      for (let la = Math.floor(box[1]); la <= Math.floor(box[3]); la++) {
        for (let lo = Math.floor(box[0]); lo <= Math.floor(box[2]); lo++) {
          const key = cellKey(la, lo);
          const bucket = this.#cells.get(key);
          const entry = { item, shape, part };
          if (bucket) bucket.push(entry);
          else this.#cells.set(key, [entry]);
        }
      }
    });
  }

  /** Every item whose shape contains the point, in insertion order, without repeats. */
  containing(lat: number, lon: number): T[] {
    return containingIn(this.#cells.get(cellKey(Math.floor(lat), Math.floor(lon))), lat, lon);
  }

  /** The shape parts filed in one 1° cell (its key: cellKey), in insertion order. */
  inCell(key: number): readonly ShapeEntry<T>[] {
    return this.#cells.get(key) ?? [];
  }
}

/**
 * Every item of a cell's bucket whose shape contains the point, in the bucket's order, without repeats: the
 * test both the built grid above and the indexed catalogue's buckets (indexed-catalogue.ts) run.
 */
export function containingIn<T>(bucket: readonly ShapeEntry<T>[] | undefined, lat: number, lon: number): T[] {
  if (!bucket) return [];
  const found: T[] = [];
  for (const { item, shape, part } of bucket) {
    const box = shape.partBBoxes[part];
    if (box === undefined || found.includes(item) || !bboxContains(box, lon, lat)) continue;
    const polygon = shape.polygons[part];
    if (polygon !== undefined && polygonContains(polygon, lon, lat)) found.push(item);
  }
  return found;
}

export interface PointEntry<T> {
  readonly item: T;
  readonly lat: number;
  readonly lon: number;
}

export class PointGrid<T> {
  readonly #cells = new Map<number, PointEntry<T>[]>();
  #size = 0;
  /** Where a cell's bucket comes from when it is not held yet: none for a grid filled by `add`. */
  #load: ((key: number) => PointEntry<T>[] | undefined) | undefined;

  /**
   * A grid of `size` items whose buckets are read when a search first reaches them (the indexed catalogue's
   * places and stations): the same searches and answers as a grid filled by `add`, given the same buckets.
   */
  static loading<T>(size: number, load: (key: number) => PointEntry<T>[] | undefined): PointGrid<T> {
    const grid = new PointGrid<T>();
    grid.#size = size;
    grid.#load = load;
    return grid;
  }

  #bucket(key: number): readonly PointEntry<T>[] {
    let bucket = this.#cells.get(key);
    if (bucket === undefined && this.#load) {
      bucket = this.#load(key) ?? [];
      this.#cells.set(key, bucket);
    }
    return bucket ?? [];
  }

  add(item: T, lat: number, lon: number): void {
    const key = cellKey(Math.floor(lat), Math.floor(lon));
    const bucket = this.#cells.get(key);
    if (bucket) bucket.push({ item, lat, lon });
    else this.#cells.set(key, [{ item, lat, lon }]);
    this.#size++;
  }

  /**
   * The `limit` closest items within `withinMeters`, nearest first. Searches square rings of cells
   * outwards and stops once no unvisited cell can hold anything closer, or anything within `withinMeters`.
   */
  nearest(
    lat: number,
    lon: number,
    limit: number,
    accept: (item: T) => boolean = () => true,
    withinMeters = Infinity,
  ): Nearest<T>[] {
    const best: Nearest<T>[] = [];
    if (limit <= 0 || this.#size === 0) return best;
    const la0 = Math.floor(lat);
    const lo0 = Math.floor(lon);
    for (let r = 0; r <= 360; r++) {
      if (r > 0 && unvisitedLowerBound(lat, lon, r - 1) > withinMeters) break;
      for (let la = la0 - r; la <= la0 + r; la++) {
        if (la < -90 || la > 89) continue;
        const edge = la === la0 - r || la === la0 + r;
        // Inner rows only need their two end cells; the rest were done at smaller r.
        const step = edge || r === 0 ? 1 : 2 * r;
        for (let lo = lo0 - r; lo <= lo0 + r; lo += step) {
          for (const entry of this.#bucket(cellKey(la, lo))) {
            if (!accept(entry.item)) continue;
            const meters = distanceMeters(lat, lon, entry.lat, entry.lon);
            if (meters <= withinMeters) insertSorted(best, { item: entry.item, distanceMeters: meters }, limit);
          }
        }
      }
      const worst = best[limit - 1];
      if (worst !== undefined && worst.distanceMeters <= unvisitedLowerBound(lat, lon, r)) break;
    }
    return best;
  }
}

/** Smallest distance from the point to anything outside the (2r+1)-cell square around its cell. */
function unvisitedLowerBound(lat: number, lon: number, r: number): number {
  const dLat = Math.min(lat - (Math.floor(lat) - r), Math.floor(lat) + r + 1 - lat);
  const dLon = Math.min(lon - (Math.floor(lon) - r), Math.floor(lon) + r + 1 - lon);
  // Closest approach to the meridian lon ± dLon: the great circle, not the parallel, is the short way.
  const rad = Math.PI / 180;
  const lonMeters = (Math.asin(Math.sin(Math.min(dLon, 90) * rad) * Math.cos(lat * rad)) / rad) * METERS_PER_DEGREE;
  return Math.min(dLat * METERS_PER_DEGREE, lonMeters);
}

function insertSorted<T>(list: Nearest<T>[], entry: Nearest<T>, limit: number): void {
  if (list.length >= limit && (list[limit - 1]?.distanceMeters ?? Infinity) <= entry.distanceMeters) return;
  let i = list.length;
  while (i > 0 && (list[i - 1]?.distanceMeters ?? 0) > entry.distanceMeters) i--;
  list.splice(i, 0, entry);
  if (list.length > limit) list.length = limit;
}
