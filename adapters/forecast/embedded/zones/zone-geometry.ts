import type { Ring, Shape } from '../catalogue/types.ts';

type Position = [number, number];

/** A catalogue shape as GeoJSON: a Polygon when it has one part, else a MultiPolygon; rings closed. */
export function shapeGeometry(
  shape: Shape,
): { type: 'Polygon'; coordinates: Position[][] } | { type: 'MultiPolygon'; coordinates: Position[][][] } {
  const polygons = shape.polygons.map((polygon) => polygon.map(ringPositions));
  const only = polygons[0];
  return polygons.length === 1 && only
    ? { type: 'Polygon', coordinates: only }
    : { type: 'MultiPolygon', coordinates: polygons };
}

/** Flat [lon, lat, …] to positions, rounded to 6 decimals (the scaled integers carry float noise). */
function ringPositions(ring: Ring): Position[] {
  const out: Position[] = [];
  for (let i = 0; i + 1 < ring.length; i += 2) out.push([round6(ring[i]!), round6(ring[i + 1]!)]);
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) out.push([first[0], first[1]]);
  return out;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
