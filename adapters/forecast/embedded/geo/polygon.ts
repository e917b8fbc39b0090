// Planar point-in-polygon on raw lon/lat. Fine for NWS areas (offices,
// zones, grid cells): their edges are short next to the curvature that would
// make a straight lon/lat segment differ from the real boundary, and none of
// them crosses the antimeridian inside the CONUS grid.

/** [lon, lat] as in GeoJSON. */
export type Position = ReadonlyArray<number>;
export type LinearRing = ReadonlyArray<Position>;

export interface PolygonGeometry {
  readonly type: 'Polygon';
  readonly coordinates: ReadonlyArray<LinearRing>;
}

export interface MultiPolygonGeometry {
  readonly type: 'MultiPolygon';
  readonly coordinates: ReadonlyArray<ReadonlyArray<LinearRing>>;
}

export type AreaGeometry = PolygonGeometry | MultiPolygonGeometry;

export interface BBox {
  readonly minLon: number;
  readonly minLat: number;
  readonly maxLon: number;
  readonly maxLat: number;
}

/**
 * Even-odd ray cast. A point exactly on an edge or vertex counts as inside,
 * so a place on a shared office boundary still resolves to some office.
 */
export function ringContains(ring: LinearRing, lon: number, lat: number): boolean {
  let inside = false;
  const count = ring.length;
  for (let a = 0, b = count - 1; a < count; b = a++) {
    const pa = ring[a];
    const pb = ring[b];
    if (pa === undefined || pb === undefined) continue;
    const [xa = 0, ya = 0] = pa;
    const [xb = 0, yb = 0] = pb;
    if (onSegment(lon, lat, xa, ya, xb, yb)) return true;
    // Half-open on y so a ray through a vertex is counted once, not twice.
    if (ya > lat !== yb > lat) {
      const xCross = xa + ((lat - ya) * (xb - xa)) / (yb - ya);
      if (lon < xCross) inside = !inside;
    }
  }
  return inside;
}

function onSegment(px: number, py: number, xa: number, ya: number, xb: number, yb: number): boolean {
  const cross = (xb - xa) * (py - ya) - (yb - ya) * (px - xa);
  // Tolerance scaled to the segment so it works in degrees and in metres alike.
  const scale = Math.max(Math.abs(xb - xa), Math.abs(yb - ya), 1e-12);
  if (Math.abs(cross) > 1e-12 * scale * scale + 1e-15) return false;
  return px >= Math.min(xa, xb) && px <= Math.max(xa, xb) && py >= Math.min(ya, yb) && py <= Math.max(ya, yb);
}

/** Holes punch out the outer ring, but the hole's own boundary stays inside. */
export function polygonContains(rings: ReadonlyArray<LinearRing>, lon: number, lat: number): boolean {
  const [outer, ...holes] = rings;
  if (outer === undefined || !ringContains(outer, lon, lat)) return false;
  return holes.every((hole) => !ringContains(hole, lon, lat) || ringTouches(hole, lon, lat));
}

function ringTouches(ring: LinearRing, lon: number, lat: number): boolean {
  for (let a = 0, b = ring.length - 1; a < ring.length; b = a++) {
    const pa = ring[a];
    const pb = ring[b];
    if (pa === undefined || pb === undefined) continue;
    if (onSegment(lon, lat, pa[0] ?? 0, pa[1] ?? 0, pb[0] ?? 0, pb[1] ?? 0)) return true;
  }
  return false;
}

export function geometryContains(geometry: AreaGeometry, lon: number, lat: number): boolean {
  if (geometry.type === 'Polygon') return polygonContains(geometry.coordinates, lon, lat);
  return geometry.coordinates.some((rings) => polygonContains(rings, lon, lat));
}

export function ringsBBox(rings: Iterable<LinearRing>): BBox {
  let minLon = Infinity;
  let minLat = Infinity;
  let maxLon = -Infinity;
  let maxLat = -Infinity;
  for (const ring of rings) {
    for (const [lon = NaN, lat = NaN] of ring) {
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  }
  return { minLon, minLat, maxLon, maxLat };
}

/** Only outer rings matter: holes lie inside them by definition. */
export function geometryBBox(geometry: AreaGeometry): BBox {
  const outers =
    geometry.type === 'Polygon'
      ? geometry.coordinates.slice(0, 1)
      : geometry.coordinates.flatMap((rings) => rings.slice(0, 1));
  return ringsBBox(outers);
}

export function bboxContains(box: BBox, lon: number, lat: number): boolean {
  return lon >= box.minLon && lon <= box.maxLon && lat >= box.minLat && lat <= box.maxLat;
}

// Mean Earth radius (IUGG). Caution: the one real relativeLocation we have
// (Linn, KS in fixtures/points.json) says 6745 m where the great circle is
// 7376 m, while its bearing (358°) matches; the API's distance method is unknown.
export const EARTH_RADIUS_M = 6371008.8;

const DEG = Math.PI / 180;

/** Haversine: stable for the short, sub-100 km hops relativeLocation uses. */
export function distanceMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * DEG;
  const dLon = (lon2 - lon1) * DEG;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * DEG) * Math.cos(lat2 * DEG) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from point 1 to point 2, degrees clockwise from north in [0, 360). */
export function initialBearingDeg(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const p1 = lat1 * DEG;
  const p2 = lat2 * DEG;
  const dLon = (lon2 - lon1) * DEG;
  const y = Math.sin(dLon) * Math.cos(p2);
  const x = Math.cos(p1) * Math.sin(p2) - Math.sin(p1) * Math.cos(p2) * Math.cos(dLon);
  const deg = Math.atan2(y, x) / DEG;
  return ((deg % 360) + 360) % 360;
}
