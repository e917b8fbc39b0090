// Small planar geometry on flat lon/lat rings. Kept deliberately minimal so a
// domain implementation can replace it; the catalogue only needs containment,
// boxes and great-circle distance.

import type { BBox, MultiPolygon, Polygon, Ring } from './types.ts';

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** Even-odd ray cast towards +lon; the ring may be closed or open. */
export function ringContains(ring: Ring, lon: number, lat: number): boolean {
  let inside = false;
  const n = ring.length;
  if (n < 6) return false;
  let xb = ring[n - 2] as number;
  let yb = ring[n - 1] as number;
  for (let i = 0; i < n; i += 2) {
    const xa = ring[i] as number;
    const ya = ring[i + 1] as number;
    // Half-open in lat so a ray through a shared vertex flips only once.
    if (ya > lat !== yb > lat && lon < xa + ((lat - ya) * (xb - xa)) / (yb - ya)) {
      inside = !inside;
    }
    xb = xa;
    yb = ya;
  }
  return inside;
}

export function polygonContains(polygon: Polygon, lon: number, lat: number): boolean {
  const [outer, ...holes] = polygon;
  if (outer === undefined || !ringContains(outer, lon, lat)) return false;
  return !holes.some((hole) => ringContains(hole, lon, lat));
}

export function multiPolygonContains(polygons: MultiPolygon, lon: number, lat: number): boolean {
  return polygons.some((polygon) => polygonContains(polygon, lon, lat));
}

export function bboxContains(box: BBox, lon: number, lat: number): boolean {
  return lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3];
}

export function ringBBox(ring: Ring): BBox {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    const x = ring[i] as number;
    const y = ring[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

export function unionBBox(boxes: readonly BBox[]): BBox {
  let out: BBox = [Infinity, Infinity, -Infinity, -Infinity];
  for (const b of boxes) {
    out = [Math.min(out[0], b[0]), Math.min(out[1], b[1]), Math.max(out[2], b[2]), Math.max(out[3], b[3])];
  }
  return out;
}

/** Haversine distance on a sphere of the mean Earth radius. */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}
