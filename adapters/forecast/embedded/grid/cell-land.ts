import { cellOutline, gridToLatLon, wrapLonDeg } from '../geo/ndfd-grid.ts';
import { polygonContains } from '../catalogue/geometry.ts';
import type { Catalogue, Shape } from '../catalogue/types.ts';
import { KM_PER_DEG, SHORE_KM, TOWN_KM } from './point-office.ts';

/** The cell a land test looks at: where it lies on its NDFD grid. */
interface GridCell {
  readonly grid: Parameters<typeof gridToLatLon>[2];
  readonly i: number;
  readonly j: number;
}

/** Slack on the reaches below: the point's own tests measure on a flat earth around the point, these around the cell. */
const SLACK_KM = 0.05;

/**
 * Whether any point of a grid cell is one /points calls land (point-office.ts answeringOffice): in a land
 * outline (a county, a public forecast zone, an office's area), within SHORE_KM of one (the shore the
 * simplified outlines miss: a barrier island, a pier) or within TOWN_KM of a town of the place list (a town
 * the outlines leave out: Hatteras village, at the tip of Hatteras Island). Measured on the cell's outline, so
 * the point anywhere in the cell, its corners too, counts: a town whose point lies in a cell, or whose shore
 * does, makes that cell land, and its forecast link answers. The outlines are those filed in the 1° cells
 * around the cell (the catalogue's point index); only their edges near the cell are measured.
 */
export function cellHoldsLand(catalogue: Catalogue, cell: GridCell): boolean {
  const centre = gridToLatLon(cell.i, cell.j, cell.grid);
  const kmPerLon = KM_PER_DEG * Math.cos((centre.lat * Math.PI) / 180);
  const ring = cellOutline(cell.i, cell.j, cell.grid);
  // The cell's corners on a flat plane around its centre, in km.
  const qx: number[] = [];
  const qy: number[] = [];
  let lonMin = Infinity,
    lonMax = -Infinity,
    latMin = Infinity,
    latMax = -Infinity;
  for (let k = 0; k < 4; k++) {
    const [lon, lat] = ring[k]!;
    qx.push(wrapLonDeg(lon - centre.lon) * kmPerLon);
    qy.push((lat - centre.lat) * KM_PER_DEG);
    lonMin = Math.min(lonMin, centre.lon + wrapLonDeg(lon - centre.lon));
    lonMax = Math.max(lonMax, centre.lon + wrapLonDeg(lon - centre.lon));
    latMin = Math.min(latMin, lat);
    latMax = Math.max(latMax, lat);
  }
  const reach = Math.max(SHORE_KM, TOWN_KM) + SLACK_KM;
  const padLat = reach / KM_PER_DEG;
  const padLon = reach / kmPerLon;
  const [south, north, west, east] = [latMin - padLat, latMax + padLat, lonMin - padLon, lonMax + padLon];

  // A town near the cell: the places nearest its centre, as far out as the cell's far corner and the reach.
  const halfDiagonalKm = Math.max(...qx.map((x, k) => Math.hypot(x, qy[k]!)));
  const townReach = TOWN_KM + SLACK_KM;
  for (let limit = 4; ; limit *= 4) {
    const near = catalogue.nearestPlaces(centre.lat, centre.lon, limit);
    for (const { item } of near) {
      const x = wrapLonDeg(item.lon - centre.lon) * kmPerLon;
      const y = (item.lat - centre.lat) * KM_PER_DEG;
      if (quadDistance(qx, qy, x, y) <= townReach) return true;
    }
    const last = near[near.length - 1];
    if (near.length < limit || !last || last.distanceMeters / 1000 > halfDiagonalKm + townReach) break;
  }

  const shoreReach = SHORE_KM + SLACK_KM;
  const seen = new Set<string>();
  for (const { shape, part } of catalogue.landOutlinesNear(south, west, north, east)) {
    const box = shape.partBBoxes[part];
    const polygon = shape.polygons[part];
    if (!box || !polygon || box[0] > east || box[2] < west || box[1] > north || box[3] < south) continue;
    const id = `${partId(shape)}:${part}`;
    if (seen.has(id)) continue;
    seen.add(id);
    // The cell inside the outline, or the outline inside the cell.
    for (let k = 0; k < 4; k++) if (polygonContains(polygon, ring[k]![0], ring[k]![1])) return true;
    if (polygonContains(polygon, centre.lon, centre.lat)) return true;
    for (const r of polygon) {
      const n = r.length;
      if (n < 4) continue;
      if (
        quadDistance(qx, qy, wrapLonDeg(r[0]! - centre.lon) * kmPerLon, (r[1]! - centre.lat) * KM_PER_DEG) <= shoreReach
      )
        return true;
      // Every edge near the cell: its distance from the cell's outline.
      let ax = wrapLonDeg(r[n - 2]! - centre.lon) * kmPerLon;
      let ay = (r[n - 1]! - centre.lat) * KM_PER_DEG;
      for (let k = 0; k < n; k += 2) {
        const bLon = r[k]!;
        const bLat = r[k + 1]!;
        const bx = wrapLonDeg(bLon - centre.lon) * kmPerLon;
        const by = (bLat - centre.lat) * KM_PER_DEG;
        if (
          !(
            Math.max(ax, bx) < -halfDiagonalKm - shoreReach ||
            Math.min(ax, bx) > halfDiagonalKm + shoreReach ||
            Math.max(ay, by) < -halfDiagonalKm - shoreReach ||
            Math.min(ay, by) > halfDiagonalKm + shoreReach
          ) &&
          segmentQuadDistance(qx, qy, ax, ay, bx, by) <= shoreReach
        )
          return true;
        ax = bx;
        ay = by;
      }
    }
  }
  return false;
}

const partIds = new WeakMap<Shape, number>();
let nextPartId = 0;
/** A shape's number in this process, to measure a part filed in several 1° cells once. */
function partId(shape: Shape): number {
  let id = partIds.get(shape);
  if (id === undefined) {
    id = nextPartId++;
    partIds.set(shape, id);
  }
  return id;
}

/** Whether (x, y) lies in the convex quadrilateral (qx, qy), whichever way round its corners go. */
function inQuad(qx: readonly number[], qy: readonly number[], x: number, y: number): boolean {
  let sign = 0;
  for (let k = 0; k < 4; k++) {
    const m = (k + 1) % 4;
    const cross = (qx[m]! - qx[k]!) * (y - qy[k]!) - (qy[m]! - qy[k]!) * (x - qx[k]!);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** The distance from a point to the quadrilateral (0 inside it). */
function quadDistance(qx: readonly number[], qy: readonly number[], x: number, y: number): number {
  if (inQuad(qx, qy, x, y)) return 0;
  let best = Infinity;
  for (let k = 0; k < 4; k++) {
    const m = (k + 1) % 4;
    best = Math.min(best, pointSegment(x, y, qx[k]!, qy[k]!, qx[m]!, qy[m]!));
  }
  return best;
}

/** The distance from segment a–b to the quadrilateral (0 where it enters it). */
function segmentQuadDistance(
  qx: readonly number[],
  qy: readonly number[],
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  if (inQuad(qx, qy, ax, ay) || inQuad(qx, qy, bx, by)) return 0;
  let best = Infinity;
  for (let k = 0; k < 4; k++) {
    const m = (k + 1) % 4;
    const [cx, cy, dx, dy] = [qx[k]!, qy[k]!, qx[m]!, qy[m]!];
    if (segmentsCross(ax, ay, bx, by, cx, cy, dx, dy)) return 0;
    best = Math.min(
      best,
      pointSegment(ax, ay, cx, cy, dx, dy),
      pointSegment(bx, by, cx, cy, dx, dy),
      pointSegment(cx, cy, ax, ay, bx, by),
    );
  }
  return best;
}

function pointSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const vx = bx - ax;
  const vy = by - ay;
  const len2 = vx * vx + vy * vy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * vx + (py - ay) * vy) / len2));
  return Math.hypot(px - (ax + t * vx), py - (ay + t * vy));
}

function segmentsCross(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const d1 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d2 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  const d3 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d4 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  return d1 * d2 < 0 && d3 * d4 < 0;
}
