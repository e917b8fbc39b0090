// Builds adapters/forecast/embedded/data/grid-offsets.json: where each CONUS
// office's gridX/gridY window sits on the NDFD grid.
//
//   tsx scripts/forecast-data/build-grid-offsets.ts [sourceDir] [outFile]
//
// Offices with offsets fitted from real /points answers keep them. The rest
// get an offset predicted from their forecast-area outline, using whichever
// "floor(min index − margin)" rule best reproduces the fitted offices — the
// NWS pads each office grid a little beyond its area, and the pad is not
// published, so we learn it.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { isInsideGrid, latLonToGrid } from '../../adapters/forecast/embedded/geo/ndfd-grid.ts';

interface FittedOffice {
  dx: number;
  dy: number;
  samples: number;
  agree: number;
}

interface CwaFeature {
  properties: { wfo: string };
  geometry:
    | { type: 'Polygon'; coordinates: number[][][] }
    | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

interface Extent {
  minI: number;
  minJ: number;
  maxI: number;
  maxJ: number;
}

const sourceDir = resolve(process.argv[2] ?? '../shared/reference/nws/data');
const outFile = resolve(process.argv[3] ?? 'adapters/forecast/embedded/data/grid-offsets.json');

const fitted = (
  JSON.parse(readFileSync(join(sourceDir, 'wfo_grid_offsets_derived.json'), 'utf8')) as {
    offices: Record<string, FittedOffice>;
  }
).offices;
const cwas = (
  JSON.parse(readFileSync(join(sourceDir, 'nws_cwa_boundaries_simplified.geojson'), 'utf8')) as {
    features: CwaFeature[];
  }
).features;

/** Extent in grid space, not lon/lat: the grid is rotated against meridians. */
function gridExtent(feature: CwaFeature): Extent {
  const g = feature.geometry;
  const outers = g.type === 'Polygon' ? [g.coordinates[0] ?? []] : g.coordinates.map((p) => p[0] ?? []);
  const e = { minI: Infinity, minJ: Infinity, maxI: -Infinity, maxJ: -Infinity };
  for (const ring of outers) {
    for (const [lon = NaN, lat = NaN] of ring) {
      const { i, j } = latLonToGrid(lat, lon);
      e.minI = Math.min(e.minI, i);
      e.minJ = Math.min(e.minJ, j);
      e.maxI = Math.max(e.maxI, i);
      e.maxJ = Math.max(e.maxJ, j);
    }
  }
  return e;
}

const extents = new Map<string, Extent>();
for (const f of cwas) extents.set(f.properties.wfo, gridExtent(f));

// An office belongs to CONUS when its whole area is on the grid; Alaska,
// Hawaii, Puerto Rico, Guam and Samoa have their own NDFD grids.
const conus = [...extents]
  .filter(([, e]) => isInsideGrid(e.minI, e.minJ) && isInsideGrid(e.maxI, e.maxJ))
  .map(([wfo]) => wfo)
  .sort();
const outside = [...extents.keys()].filter((w) => !conus.includes(w)).sort();

const predict = (min: number, margin: number): number => Math.floor(min - margin);

const training = conus.filter((w) => fitted[w] !== undefined);
const margins = Array.from({ length: 33 }, (_, k) => k / 8); // 0 … 4 cells

function score(axis: 'x' | 'y', margin: number): { exact: number; absErr: number } {
  let exact = 0;
  let absErr = 0;
  for (const w of training) {
    const e = extents.get(w) as Extent;
    const f = fitted[w] as FittedOffice;
    const err = predict(axis === 'x' ? e.minI : e.minJ, margin) - (axis === 'x' ? f.dx : f.dy);
    if (err === 0) exact++;
    absErr += Math.abs(err);
  }
  return { exact, absErr };
}

// Most exact hits wins; sum of errors is useless as a tie-break because the
// marine offices (tens of cells off) dominate it, so prefer the smaller margin.
function bestMargin(axis: 'x' | 'y'): number {
  let best = { margin: 0, exact: -1 };
  for (const m of margins) {
    const { exact } = score(axis, m);
    if (exact > best.exact) best = { margin: m, exact };
  }
  return best.margin;
}

const marginX = bestMargin('x');
const marginY = bestMargin('y');

// Report how well the rule reproduces the offices we already know.
let bothExact = 0;
let bothWithin1 = 0;
const outliers: string[] = [];
for (const w of training) {
  const e = extents.get(w) as Extent;
  const f = fitted[w] as FittedOffice;
  const ex = predict(e.minI, marginX) - f.dx;
  const ey = predict(e.minJ, marginY) - f.dy;
  if (ex === 0 && ey === 0) bothExact++;
  if (Math.abs(ex) <= 1 && Math.abs(ey) <= 1) bothWithin1++;
  else outliers.push(`${w}(${ex >= 0 ? '+' : ''}${ex},${ey >= 0 ? '+' : ''}${ey})`);
}
const sx = score('x', marginX);
const sy = score('y', marginY);
console.log(`rule: dx = floor(minI - ${marginX}), dy = floor(minJ - ${marginY})`);
console.log(`fitted CONUS offices: ${training.length}`);
console.log(`  dx exact ${sx.exact}/${training.length}, dy exact ${sy.exact}/${training.length}`);
console.log(`  both exact ${bothExact}/${training.length}, both within ±1 ${bothWithin1}/${training.length}`);
console.log(`  off by more than 1 (predicted − fitted): ${outliers.join(' ')}`);

const offsets: Record<string, [number, number]> = {};
const derived: string[] = [];
for (const w of conus) {
  const f = fitted[w];
  if (f) {
    offsets[w] = [f.dx, f.dy];
    continue;
  }
  const e = extents.get(w) as Extent;
  offsets[w] = [predict(e.minI, marginX), predict(e.minJ, marginY)];
  derived.push(w);
}
console.log(`derived (no fitted offset): ${derived.map((w) => `${w}${JSON.stringify(offsets[w])}`).join(' ')}`);
console.log(`not on the CONUS grid (no offset written): ${outside.join(' ')}`);

const about =
  'gridX = round(i) - dx, gridY = round(j) - dy on the NDFD CONUS 2.5 km grid ' +
  '(see adapters/forecast/embedded/geo/ndfd-grid.ts). Offsets fitted from real api.weather.gov /points answers, ' +
  `except _derived offices, predicted as floor(min i - ${marginX}), floor(min j - ${marginY}) over the ` +
  'simplified CWA outline; those may be off where the office grid also covers coastal waters. ' +
  'Built by scripts/forecast-data/build-grid-offsets.ts.';

const lines = [
  `  "_about": ${JSON.stringify(about)}`,
  `  "_derived": ${JSON.stringify(derived)}`,
  ...Object.entries(offsets).map(([w, o]) => `  ${JSON.stringify(w)}: ${JSON.stringify(o)}`),
];
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `{\n${lines.join(',\n')}\n}\n`);
console.log(`wrote ${Object.keys(offsets).length} offices to ${outFile}`);
