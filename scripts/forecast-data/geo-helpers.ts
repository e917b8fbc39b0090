// Plain-array geometry helpers the build needs on GeoJSON-style coordinates.

import type { MultiPolygonCoords } from './build-deps.ts';

export type LatLon = { lat: number; lon: number };

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

export function toMultiPolygon(geometry: { type: string; coordinates: unknown } | null): MultiPolygonCoords | null {
  if (!geometry) return null;
  if (geometry.type === 'Polygon') return [geometry.coordinates as MultiPolygonCoords[number]];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates as MultiPolygonCoords;
  return null;
}

function ringArea(ring: readonly (readonly number[])[]): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    a += xj * yi - xi * yj;
  }
  return a / 2;
}

/** Area centroid of the largest part: a point that lands on the feature for tz look-ups. */
export function largestPartCentroid(mp: MultiPolygonCoords): LatLon | null {
  let best: Ring | null = null;
  let bestArea = 0;
  for (const polygon of mp) {
    const outer = polygon[0];
    if (outer && Math.abs(ringArea(outer)) > bestArea) {
      best = outer;
      bestArea = Math.abs(ringArea(outer));
    }
  }
  if (!best || bestArea === 0) return null;
  let cx = 0;
  let cy = 0;
  let a = 0;
  for (let i = 0, j = best.length - 1; i < best.length; j = i++) {
    const [xi, yi] = best[i] ?? [0, 0];
    const [xj, yj] = best[j] ?? [0, 0];
    const f = xj * yi - xi * yj;
    cx += (xi + xj) * f;
    cy += (yi + yj) * f;
    a += f;
  }
  return { lon: cx / (3 * a), lat: cy / (3 * a) };
}

type Ring = MultiPolygonCoords[number][number];

/** Up to `count` outer-ring vertices spread along the boundary, nudged a little towards the part's centroid so they fall inside. */
export function sampleInteriorish(mp: MultiPolygonCoords, count: number): LatLon[] {
  const out: LatLon[] = [];
  for (const polygon of mp) {
    const outer = polygon[0];
    if (!outer || outer.length < 4) continue;
    const c = largestPartCentroid([polygon]);
    if (!c) continue;
    const step = Math.max(1, Math.floor(outer.length / Math.max(1, Math.ceil(count / mp.length))));
    for (let i = 0; i < outer.length; i += step) {
      const [x = 0, y = 0] = outer[i] ?? [];
      out.push({ lon: x + (c.lon - x) * 0.1, lat: y + (c.lat - y) * 0.1 });
    }
  }
  return out;
}
