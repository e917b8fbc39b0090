// Writes adapters/forecast/embedded/weather/coast-distance-data.ts: for each coast's grid of coast-distance.ts, every
// node's distance from the nearest US shore, from the catalogue's county outlines (which stop at the marine zones'
// shores) and its towns, for the open water's night storms (convective-climate.ts's waterNightShare). Run after the catalogue's
// counties or places change (npm run data:build does); coast-distance.test.ts regenerates a grid
// and compares.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Catalogue, Polygon } from '../../adapters/forecast/embedded/catalogue/types.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import {
  COAST_GRIDS,
  coastCode,
  gridLon,
  encodeCoastCodes,
  type CoastGrid,
} from '../../adapters/forecast/embedded/weather/coast-distance.ts';

/** Fine cells a node's spacing, each way: the land is rasterised at 0.01° (Alaska's 0.02° east-west), ~1.1 km. */
const FINE = 5;
const KM_PER_DEG = 111.2;

/** A grid's fine raster: cell (a, b) centred on `south + a * fLat`, `west + b * fLon`, so node (i, j) is cell (5i, 5j). */
interface Raster {
  readonly grid: CoastGrid;
  readonly rows: number;
  readonly cols: number;
  readonly fLat: number;
  readonly fLon: number;
  readonly land: Uint8Array;
}

/**
 * Every node's code (coast-distance.ts's coastCode of its km from the nearest land cell, less half a fine cell),
 * row-major from the south-west. Land: a county's outline, and each town's cell. The county outlines stop at the
 * shore of every water the marine zones draw (Chesapeake Bay, Lake Pontchartrain, Lake Okeechobee, Puget Sound,
 * the Great Lakes: each point of them in a marine zone and no county), so land wins where the two overlap: the
 * Pribilof Islands lie inside their nearshore zone's outline (PKZ766), and taking the marine zones' water out of
 * the land left them open sea, 120 km from any shore.
 */
export function coastDistanceCodes(grid: CoastGrid, catalogue: Catalogue = defaultCatalogue()): Uint8Array {
  const rows = (grid.rows - 1) * FINE + 1;
  const cols = (grid.cols - 1) * FINE + 1;
  const raster: Raster = {
    grid,
    rows,
    cols,
    fLat: grid.dLat / FINE,
    fLon: grid.dLon / FINE,
    land: new Uint8Array(rows * cols),
  };
  for (const county of catalogue.countyZones.values())
    for (const polygon of county.shape?.polygons ?? []) fill(raster, polygon, 1);
  for (const place of catalogue.places) {
    const a = Math.round((place.lat - grid.south) / raster.fLat);
    const b = Math.round((gridLon(grid, place.lon) - grid.west) / raster.fLon);
    if (a >= 0 && a < rows && b >= 0 && b < cols) raster.land[a * cols + b] = 1;
  }
  return nodeCodes(raster);
}

let catalogueOnce: Catalogue | undefined;
const defaultCatalogue = (): Catalogue => (catalogueOnce ??= loadEmbeddedDeps({ now: () => new Date() }).catalogue);

/**
 * Sets the cells whose centres a polygon (outer ring and holes, even-odd) holds to `value`: per fine row, the
 * rings' crossings of its centre line, sorted, filled between pairs.
 */
function fill(raster: Raster, polygon: Polygon, value: number): void {
  const { grid, rows, cols, fLat, fLon, land } = raster;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const ring of polygon)
    for (let i = 0; i < ring.length; i += 2) {
      const lon = gridLon(grid, ring[i]!);
      minLon = Math.min(minLon, lon);
      maxLon = Math.max(maxLon, lon);
      minLat = Math.min(minLat, ring[i + 1]!);
      maxLat = Math.max(maxLat, ring[i + 1]!);
    }
  const a0 = Math.max(0, Math.ceil((minLat - grid.south) / fLat));
  const a1 = Math.min(rows - 1, Math.floor((maxLat - grid.south) / fLat));
  if (a0 > a1 || maxLon < grid.west || minLon > grid.west + (cols - 1) * fLon) return;
  const crossings: number[][] = Array.from({ length: a1 - a0 + 1 }, () => []);
  for (const ring of polygon) {
    const n = ring.length;
    let xb = gridLon(grid, ring[n - 2]!);
    let yb = ring[n - 1]!;
    for (let i = 0; i < n; i += 2) {
      const xa = gridLon(grid, ring[i]!);
      const ya = ring[i + 1]!;
      const from = Math.max(a0, Math.ceil((Math.min(ya, yb) - grid.south) / fLat));
      const to = Math.min(a1, Math.floor((Math.max(ya, yb) - grid.south) / fLat));
      for (let a = from; a <= to; a++) {
        const lat = grid.south + a * fLat;
        // Half-open in latitude, as the catalogue's ray cast (geometry.ts ringContains), so a vertex counts once.
        if (ya > lat !== yb > lat) crossings[a - a0]!.push(xa + ((lat - ya) * (xb - xa)) / (yb - ya));
      }
      xb = xa;
      yb = ya;
    }
  }
  crossings.forEach((xs, k) => {
    xs.sort((p, q) => p - q);
    const row = (a0 + k) * cols;
    for (let m = 0; m + 1 < xs.length; m += 2) {
      const b0 = Math.max(0, Math.ceil((xs[m]! - grid.west) / fLon));
      const b1 = Math.min(cols - 1, Math.floor((xs[m + 1]! - grid.west) / fLon));
      if (b0 <= b1) land.fill(value, row + b0, row + b1 + 1);
    }
  });
}

/**
 * Each node's distance from the nearest land cell: the exact squared Euclidean distance transform of Felzenszwalb
 * and Huttenlocher ("Distance transforms of sampled functions", Theory of Computing 8, 2012), one pass down each
 * column (the nearest land cell in it) and one along each node row over those (at the row's latitude), as codes.
 */
function nodeCodes(raster: Raster): Uint8Array {
  const { grid, rows, cols, fLat, fLon, land } = raster;
  const dy = fLat * KM_PER_DEG;
  // Down each column: the squared km to the nearest land cell in it, kept at the node rows.
  const down = new Float64Array(grid.rows * cols).fill(Infinity);
  const nearest = new Float64Array(rows);
  for (let b = 0; b < cols; b++) {
    let last = -Infinity;
    for (let a = 0; a < rows; a++) {
      if (land[a * cols + b]) last = a;
      nearest[a] = a - last;
    }
    last = Infinity;
    for (let a = rows - 1; a >= 0; a--) {
      if (land[a * cols + b]) last = a;
      nearest[a] = Math.min(nearest[a]!, last - a);
    }
    for (let i = 0; i < grid.rows; i++) down[i * cols + b] = (nearest[i * FINE]! * dy) ** 2;
  }
  const codes = new Uint8Array(grid.rows * grid.cols);
  const f = new Float64Array(cols);
  const d = new Float64Array(cols);
  const v = new Int32Array(cols);
  const z = new Float64Array(cols + 1);
  for (let i = 0; i < grid.rows; i++) {
    const dx = fLon * KM_PER_DEG * Math.cos(((grid.south + i * grid.dLat) * Math.PI) / 180);
    f.set(down.subarray(i * cols, (i + 1) * cols));
    lowerEnvelope(f, dx * dx, d, v, z);
    const halfCell = Math.min(dx, dy) / 2;
    for (let j = 0; j < grid.cols; j++) {
      const km = Math.sqrt(d[j * FINE]!);
      codes[i * grid.cols + j] = km === 0 ? 0 : coastCode(Math.max(0, km - halfCell));
    }
  }
  return codes;
}

/** d[p] = min over q of f[q] + w (p − q)², the infinite f[q] left out (Felzenszwalb & Huttenlocher's 1-D transform). */
function lowerEnvelope(f: Float64Array, w: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  const n = f.length;
  let k = -1;
  for (let q = 0; q < n; q++) {
    if (f[q] === Infinity) continue;
    let s = -Infinity;
    while (k >= 0) {
      const p = v[k]!;
      s = (f[q]! + w * q * q - (f[p]! + w * p * p)) / (2 * w * (q - p));
      if (s > z[k]!) break;
      k--;
    }
    k++;
    v[k] = q;
    z[k] = k === 0 ? -Infinity : s;
    z[k + 1] = Infinity;
  }
  if (k < 0) {
    d.fill(Infinity);
    return;
  }
  let j = 0;
  for (let p = 0; p < n; p++) {
    while (z[j + 1]! < p) j++;
    const q = v[j]!;
    d[p] = w * (p - q) * (p - q) + f[q]!;
  }
}

/** The generated module's text. */
export const coastDistanceModule = (texts: ReadonlyMap<string, string>): string =>
  `// Generated by scripts/forecast-data/build-coast-distance.ts from the catalogue's counties and towns: do not edit by hand.\n` +
  `/** Each coast's grid of distances from the nearest US shore (coast-distance.ts), encoded. */\n` +
  `export const COAST_DISTANCE_DATA: Readonly<Record<string, string>> = {\n` +
  // As prettier lays them out: a key of 4 characters or fewer beside its string, a longer one above it.
  [...texts]
    .map(([name, text]) => (name.length <= 4 ? `  ${name}: '${text}',\n` : `  ${name}:\n    '${text}',\n`))
    .join('') +
  `};\n`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const texts = new Map<string, string>();
  for (const grid of COAST_GRIDS) {
    const started = Date.now();
    const codes = coastDistanceCodes(grid);
    const text = encodeCoastCodes(codes);
    texts.set(grid.name, text);
    const water = codes.reduce((n, k) => n + (k > 0 ? 1 : 0), 0);
    process.stdout.write(
      `${grid.name}: ${grid.rows}×${grid.cols} nodes, ${water} off land; ${text.length} characters; ${Date.now() - started} ms\n`,
    );
  }
  writeFileSync(
    join(import.meta.dirname, '../../adapters/forecast/embedded/weather/coast-distance-data.ts'),
    coastDistanceModule(texts),
  );
}
