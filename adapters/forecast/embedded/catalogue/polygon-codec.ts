// Turns the compact delta-integer polygons of the data files into typed-array
// shapes with their boxes, and back (the build script encodes with it).

import type { EncodedMultiPolygon, EncodedShape } from './files.ts';
import { unionBBox } from './geometry.ts';
import type { BBox, Polygon, Ring, Shape } from './types.ts';

/**
 * The shape of a stored outline. Its rings are parsed and decoded when first read: a lookup tests the few
 * shapes whose boxes hold the point, so the first /points of a process decodes a handful of the 10,000
 * rather than all of them. The boxes, which the indexes need at once, come stored (packShape): the same
 * numbers as the decoded rings' boxes, since dividing by the scale keeps the order.
 */
export function decodeShape([boxes, rings]: EncodedShape, scale: number): Shape {
  const partBBoxes: BBox[] = [];
  for (let i = 0; i + 3 < boxes.length; i += 4)
    partBBoxes.push([boxes[i]! / scale, boxes[i + 1]! / scale, boxes[i + 2]! / scale, boxes[i + 3]! / scale]);
  let polygons: Polygon[] | undefined;
  return {
    partBBoxes,
    bbox: unionBBox(partBBoxes),
    get polygons() {
      if (!polygons) {
        const encoded = JSON.parse(rings) as EncodedMultiPolygon;
        polygons = encoded.map((polygon) => polygon.map((run) => decodeRing(run, scale)));
      }
      return polygons;
    },
  };
}

/** An encoded multipolygon as the files store it ({@link EncodedShape}); the data build writes it. */
export function packShape(encoded: EncodedMultiPolygon): EncodedShape {
  return [encoded.flatMap((rings) => runBox(rings[0] ?? [])), JSON.stringify(encoded)];
}

/** The box of a ring still encoded, in its integer units: [minX, minY, maxX, maxY]. */
function runBox(run: readonly number[]): number[] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < run.length; i += 2) {
    x += run[i] as number;
    y += run[i + 1] as number;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

function decodeRing(run: readonly number[], scale: number): Ring {
  const ring = new Float64Array(run.length);
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < run.length; i += 2) {
    x += run[i] as number;
    y += run[i + 1] as number;
    ring[i] = x / scale;
    ring[i + 1] = y / scale;
  }
  return ring;
}

/** GeoJSON-style [lon, lat] nesting → compact form; drops repeated vertices that rounding creates. */
export function encodeMultiPolygon(
  polygons: readonly (readonly (readonly (readonly number[])[])[])[],
  scale: number,
): EncodedMultiPolygon {
  const out: EncodedMultiPolygon = [];
  for (const rings of polygons) {
    const encodedRings: number[][] = [];
    for (const ring of rings) {
      const run = encodeRing(ring, scale);
      // A ring that collapsed below a triangle at this resolution carries no area.
      if (run.length >= 6) encodedRings.push(run);
      else if (encodedRings.length === 0) break;
    }
    if (encodedRings.length > 0) out.push(encodedRings);
  }
  return out;
}

function encodeRing(ring: readonly (readonly number[])[], scale: number): number[] {
  const run: number[] = [];
  let px = 0;
  let py = 0;
  let first = true;
  for (const [lon = 0, lat = 0] of ring) {
    const x = Math.round(lon * scale);
    const y = Math.round(lat * scale);
    if (!first && x === px && y === py) continue;
    run.push(x - px, y - py);
    px = x;
    py = y;
    first = false;
  }
  // Rings are stored open: the closing vertex is implied.
  if (run.length >= 4 && run[0] !== undefined) {
    const [x0, y0] = [run[0], run[1] ?? 0];
    if (x0 === px && y0 === py) run.splice(-2, 2);
  }
  return run;
}
