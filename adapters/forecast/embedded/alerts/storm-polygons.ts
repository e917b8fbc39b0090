// From node:timers, not the global: a DOM test environment (Jest's jsdom) has no global setImmediate.
import { setImmediate } from 'node:timers';
import { MARINE_AREA_CODES } from '../../../../domain/forecast/area-codes.ts';
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
 *
 * Fitted a few milliseconds at a time (SLICE_MS) with a turn of the event loop between them: a cycle holds
 * a few hundred storm warnings, and fitting them at once held every other request for 80-160 ms when the
 * cycle arrived. The first county outline read also decodes the catalogue's county table, once a process.
 */
export async function fitStormPolygonsInTurns(
  alerts: readonly AlertFeature[],
  catalogue: Catalogue,
): Promise<AlertFeature[]> {
  const out: AlertFeature[] = [];
  let sliceStarted = performance.now();
  for (const alert of alerts) {
    const served = asServed(alert, catalogue);
    if (served) out.push(served);
    if (alert.track && performance.now() - sliceStarted >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStarted = performance.now();
    }
  }
  return out;
}

/** The longest stretch of fitting between two turns of the event loop, ms. */
const SLICE_MS = 4;

/** The alert as served: unchanged without a storm track, with its polygon fitted, or undefined when none fits. */
function asServed(alert: AlertFeature, catalogue: Catalogue): AlertFeature | undefined {
  if (!alert.track) return alert;
  const ugc = alert.properties.geocode.UGC[0];
  const shape = ugc === undefined ? undefined : outlineOf(ugc, catalogue);
  const geometry = shape && fitInside(alert.track, shape);
  return geometry ? { ...alert, geometry } : undefined;
}

/**
 * The outline a warning coded `ugc` must stay inside: county-coded warnings fit inside their county, a
 * Special Marine Warning inside its marine zone, a zone-coded one (a scenario's) inside its forecast zone.
 * The table is chosen by the code's form (C for a county; a marine area's letters, GM or PZ, for a marine
 * zone), since the first read of each table decodes all of its outlines (~50-130 ms on the main thread);
 * the others are asked only for a code the first one lacks.
 */
function outlineOf(ugc: string, catalogue: Catalogue): Shape | null | undefined {
  const tables =
    ugc[2] === 'C'
      ? [catalogue.countyZones, catalogue.forecastZones, catalogue.marineZones]
      : MARINE_AREA_CODES.has(ugc.slice(0, 2))
        ? [catalogue.marineZones, catalogue.countyZones, catalogue.forecastZones]
        : [catalogue.forecastZones, catalogue.countyZones, catalogue.marineZones];
  for (const table of tables) {
    const zone = table.get(ugc);
    if (zone) return zone.shape;
  }
  return undefined;
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
