import { bboxContains, multiPolygonContains } from '../catalogue/geometry.ts';
import type { Catalogue, Shape } from '../catalogue/types.ts';
import { stormPolygon, type AlertFeature, type AlertPolygon, type StormTrack } from '../weather/index.ts';

/** Shrink steps tried, largest first, until the polygon fits its zone. */
const SCALES = [1, 0.8, 0.6, 0.45, 0.33, 0.25, 0.18, 0.12, 0.08, 0.05];
/** Points checked along each edge besides its ends: enough for zone outlines at ~100 m resolution. */
const EDGE_SAMPLES = 8;

/** Other storm positions tried when the track's own does not fit: inside points nearest it, first. */
const MAX_STARTS = 40;

/**
 * Storm-based warnings carry a polygon inside the zone they are issued for, as real ones stay inside the
 * areas they list. The weather model draws the polygon from the storm's track around the zone's published
 * centroid; here, where the zone outlines are, it is shrunk about the storm until every vertex and edge
 * lies inside the zone, and if even the smallest does not fit there (a centroid on a thin or ragged part,
 * or outside a crescent-shaped zone) the storm is placed at the nearest inside point where it fits. A zone
 * too small for any warning polygon (Rose Atoll) gets no storm warning: one without its polygon would not
 * be a storm-based warning. Deterministic: the same alerts and catalogue give the same polygons. Runs
 * once per alert cycle, on the storm warnings only.
 */
export function fitStormPolygons(alerts: readonly AlertFeature[], catalogue: Catalogue): AlertFeature[] {
  const out: AlertFeature[] = [];
  for (const alert of alerts) {
    if (!alert.track) {
      out.push(alert);
      continue;
    }
    const ugc = alert.properties.geocode.UGC[0];
    // County-coded warnings fit inside their county; a zone-coded one (a scenario's) inside its zone, a Special
    // Marine Warning inside its marine zone.
    const zone = ugc
      ? (catalogue.countyZones.get(ugc) ?? catalogue.forecastZones.get(ugc) ?? catalogue.marineZones.get(ugc))
      : undefined;
    const shape = zone?.shape;
    const geometry = shape && fitInside(alert.track, shape);
    if (geometry) out.push({ ...alert, geometry });
  }
  return out;
}

function fitInside(track: StormTrack, shape: Shape): AlertPolygon | undefined {
  for (const start of startsFor(track, shape)) {
    for (const scale of SCALES) {
      const candidate = stormPolygon(track, scale, start);
      if (polygonInside(candidate, shape)) return candidate;
    }
  }
  return undefined;
}

/**
 * The track's position when inside the zone, then (only if that does not fit: the lattice costs 600
 * containment tests) inside points of a 25 × 25 lattice over the zone's box, nearest first.
 */
function* startsFor(track: StormTrack, shape: Shape): Generator<{ lat: number; lon: number }> {
  if (inside(shape, track.lon, track.lat)) yield { lat: track.lat, lon: track.lon };
  const [west, south, east, north] = shape.bbox;
  const n = 25;
  const lattice: { lat: number; lon: number; d: number }[] = [];
  for (let i = 1; i < n; i++) {
    for (let j = 1; j < n; j++) {
      const lon = west + ((east - west) * i) / n;
      const lat = south + ((north - south) * j) / n;
      if (inside(shape, lon, lat)) lattice.push({ lat, lon, d: (lon - track.lon) ** 2 + (lat - track.lat) ** 2 });
    }
  }
  lattice.sort((a, b) => a.d - b.d);
  yield* lattice.slice(0, MAX_STARTS);
}

function inside(shape: Shape, lon: number, lat: number): boolean {
  return bboxContains(shape.bbox, lon, lat) && multiPolygonContains(shape.polygons, lon, lat);
}

function polygonInside(polygon: AlertPolygon, shape: Shape): boolean {
  const ring = polygon.coordinates[0]!;
  for (let i = 0; i + 1 < ring.length; i++) {
    const [x0, y0] = ring[i]!;
    const [x1, y1] = ring[i + 1]!;
    for (let k = 0; k <= EDGE_SAMPLES; k++) {
      const t = k / (EDGE_SAMPLES + 1);
      if (!inside(shape, x0 + t * (x1 - x0), y0 + t * (y1 - y0))) return false;
    }
  }
  return true;
}
