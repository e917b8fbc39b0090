// Builds adapters/forecast/embedded/data/grid-offsets.json: which NDFD grid each
// office's gridX/gridY window lies on, and where on it.
//
//   tsx scripts/forecast-data/build-grid-offsets.ts [sourceDir] [outFile]
//
// Windows are fitted from real api.weather.gov answers kept in the project
// (test/fixtures/forecast/: the ws4kp regional cities and recorded-points.json).
// Each answer bounds an office's origin: gridX = round(i − dx) means
// dx ∈ (i − gridX − ½, i − gridX + ½]; a real cell outline pins dx to its
// centre. The fit takes, per axis, the value most answers agree with; a whole
// cell when one fits (most office grids are aligned with the national grid),
// else the agreeing value nearest a whole cell (an office NWS realigned).
// Newer recordings win: NWS moves office windows (weather-gov/weather.gov#756),
// so older answers that disagree with newer ones for the same office are set
// aside and reported (and marked "superseded" in the fixture).
// Offices without any recording get a window predicted from their
// forecast-area outline, are listed in "_unfitted", and fail the test that
// asks every office for a fitted window. An office api.weather.gov serves on
// grids named otherwise (Anchorage: AER and ALU) gets no window of its own:
// it is fitted when all of its grids are, and a grid without a recording is
// listed in "_unfitted" instead.
// A recording whose date is not known ("undated") counts as the oldest.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  isInsideGrid,
  latLonToGrid,
  NDFD_GRIDS,
  type NdfdGrid,
  type NdfdGridId,
} from '../../adapters/forecast/embedded/geo/ndfd-grid.ts';
import { idOrder } from '../../adapters/forecast/embedded/weather/text-order.ts';

interface CwaFeature {
  properties: { wfo: string };
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'MultiPolygon'; coordinates: number[][][][] };
}

interface Sample {
  recorded: string;
  source: string;
  lat: number;
  lon: number;
  gridId: string;
  gridX: number;
  gridY: number;
  cell?: number[][];
  stale?: boolean;
  /** Set in the fixture for recordings a newer one of the same office contradicts (the window moved). */
  superseded?: string;
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const sourceDir = resolve(process.argv[2] ?? join(repoRoot, '../shared/reference/nws/data'));
const outFile = resolve(process.argv[3] ?? join(repoRoot, 'adapters/forecast/embedded/data/grid-offsets.json'));
const fixtures = join(repoRoot, 'test/fixtures/forecast');

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

const cwas = readJson<{ features: CwaFeature[] }>(join(sourceDir, 'nws_cwa_boundaries_simplified.geojson')).features;
const ws4kp = readJson<Array<{ city: string; lat: string; lon: string; point: { x: number; y: number; wfo: string } }>>(
  join(fixtures, 'ws4kp_regionalcities_points.json'),
);
const recorded = readJson<{ samples: Sample[] }>(join(fixtures, 'recorded-points.json')).samples;

const samples: Sample[] = [
  ...ws4kp.map((c) => ({
    recorded: '2026-07-24',
    source: 'ws4kp regionalcities',
    lat: Number(c.lat),
    lon: Number(c.lon),
    gridId: c.point.wfo,
    gridX: c.point.x,
    gridY: c.point.y,
  })),
  ...recorded.filter((s) => s.superseded === undefined),
];

function outerRings(f: CwaFeature): number[][][] {
  const g = f.geometry;
  return g.type === 'Polygon' ? [g.coordinates[0] ?? []] : g.coordinates.map((p) => p[0] ?? []);
}

/** The national grid an office's whole forecast area lies on (none for American Samoa). */
function gridOfArea(f: CwaFeature): NdfdGrid | undefined {
  return Object.values(NDFD_GRIDS).find((grid) =>
    outerRings(f).every((ring) =>
      ring.every(([lon = NaN, lat = NaN]) => {
        const { i, j } = latLonToGrid(lat, lon, grid);
        return isInsideGrid(i, j, grid);
      }),
    ),
  );
}

interface Extent {
  minI: number;
  minJ: number;
}

function extentOn(f: CwaFeature, grid: NdfdGrid): Extent {
  const e = { minI: Infinity, minJ: Infinity };
  for (const ring of outerRings(f)) {
    for (const [lon = NaN, lat = NaN] of ring) {
      const { i, j } = latLonToGrid(lat, lon, grid);
      e.minI = Math.min(e.minI, i);
      e.minJ = Math.min(e.minJ, j);
    }
  }
  return e;
}

const areaGrid = new Map<string, NdfdGrid>();
const extents = new Map<string, Extent>();
for (const f of cwas) {
  const grid = gridOfArea(f);
  if (!grid) continue;
  areaGrid.set(f.properties.wfo, grid);
  extents.set(f.properties.wfo, extentOn(f, grid));
}

/** A grid id (AER, ALU) need not be an office: it lies on the grid of the office area its samples fall in. */
function gridOfWindow(id: string, own: Sample[]): NdfdGrid | undefined {
  const known = areaGrid.get(id);
  if (known) return known;
  return Object.values(NDFD_GRIDS).find((grid) =>
    own.every((s) => {
      const { i, j } = latLonToGrid(s.lat, s.lon, grid);
      return isInsideGrid(i, j, grid);
    }),
  );
}

interface Bound {
  lo: number;
  hi: number;
  sample: Sample;
}

/** What one sample says of the origin on one axis. */
function bound(s: Sample, grid: NdfdGrid, axis: 'i' | 'j'): Bound {
  const g = axis === 'i' ? s.gridX : s.gridY;
  if (s.cell) {
    const corners = s.cell.map(([lon = NaN, lat = NaN]) => latLonToGrid(lat, lon, grid));
    const centre = corners.reduce((sum, c) => sum + c[axis], 0) / corners.length;
    // Outlines carry 4 to 7 decimals: about 0.005 cells.
    return { lo: centre - g - 0.01, hi: centre - g + 0.01, sample: s };
  }
  const at = latLonToGrid(s.lat, s.lon, grid)[axis];
  return { lo: at - g - 0.5, hi: at - g + 0.5, sample: s };
}

interface AxisFit {
  value: number;
  agree: number;
  aligned: boolean;
  rejected: Sample[];
}

/** The origin most bounds agree with; a whole cell when it is among them. */
function fitAxis(bounds: Bound[]): AxisFit {
  const edges = bounds.flatMap((b) => [b.lo, b.hi]).sort((a, b) => a - b);
  let best = { count: -1, lo: 0, hi: 0 };
  for (let k = 0; k + 1 < edges.length; k++) {
    const mid = ((edges[k] as number) + (edges[k + 1] as number)) / 2;
    const count = bounds.filter((b) => b.lo < mid && mid <= b.hi).length;
    if (count > best.count) best = { count, lo: edges[k] as number, hi: edges[k + 1] as number };
    else if (count === best.count && edges[k] === best.hi) best.hi = edges[k + 1] as number;
  }
  // Nearest whole cell, or, for an office off the national grid, the agreeing value closest to one (the
  // smallest realignment the answers allow), kept a hundredth of a cell inside the range.
  const whole = Math.round((best.lo + best.hi) / 2);
  const aligned = whole <= best.hi && whole > best.lo;
  const margin = Math.min(0.01, (best.hi - best.lo) / 2);
  const value = aligned
    ? whole
    : Math.round(Math.min(Math.max(whole, best.lo + margin), best.hi - margin) * 1000) / 1000;
  const rejected = bounds.filter((b) => !(b.lo < value && value <= b.hi)).map((b) => b.sample);
  return { value, agree: bounds.length - rejected.length, aligned, rejected };
}

interface Window {
  grid: NdfdGridId;
  dx: number;
  dy: number;
  samples: number;
  set: Sample[];
  since: string;
}

/** Grid ids that are not office ids: api.weather.gov answers Anchorage's area (AFC) on grids AER and ALU. */
const GRID_IDS_OF_OFFICE: Readonly<Record<string, readonly string[]>> = { AFC: ['AER', 'ALU'] };

/** Sorts as a date; a recording of unknown date ranks oldest. */
const dateKey = (recorded: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(recorded) ? recorded : '');

const byId = new Map<string, Sample[]>();
for (const s of samples) byId.set(s.gridId, [...(byId.get(s.gridId) ?? []), s]);

const windows = new Map<string, Window>();
const notes: string[] = [];
for (const [id, own] of [...byId].sort(([a], [b]) => idOrder(a, b))) {
  const grid = gridOfWindow(id, own);
  if (!grid) {
    notes.push(`${id}: samples on no NDFD grid`);
    continue;
  }
  // Newest recordings first; an older one joins only if it agrees with all newer ones.
  const dates = [...new Set(own.map((s) => s.recorded))].sort((a, b) => idOrder(dateKey(b), dateKey(a)));
  let kept: Sample[] = [];
  let fit: { x: AxisFit; y: AxisFit } | undefined;
  for (const date of dates) {
    const trial = [...kept, ...own.filter((s) => s.recorded === date)];
    const x = fitAxis(trial.map((s) => bound(s, grid, 'i')));
    const y = fitAxis(trial.map((s) => bound(s, grid, 'j')));
    if (fit && (x.rejected.length > 0 || y.rejected.length > 0)) {
      notes.push(
        `${id}: ${trial.length - kept.length} answers of ${date} disagree with newer ones, set aside (window moved)`,
      );
      continue;
    }
    kept = trial;
    fit = { x, y };
  }
  if (!fit) continue;
  const misfits = new Set([...fit.x.rejected, ...fit.y.rejected]);
  if (misfits.size > 0) notes.push(`${id}: ${misfits.size} of ${kept.length} answers disagree with the fit`);
  if (!fit.x.aligned || !fit.y.aligned)
    notes.push(`${id}: realigned by a fraction of a cell (${fit.x.value}, ${fit.y.value})`);
  windows.set(id, {
    grid: grid.id,
    dx: fit.x.value,
    dy: fit.y.value,
    samples: kept.length,
    set: kept,
    since: kept.map((s) => dateKey(s.recorded)).sort()[0] as string,
  });
}

// Leave-one-out: how often would a recording the fit never saw get its cell?
let looTotal = 0;
let looRight = 0;
for (const [id, w] of windows) {
  if (w.set.length < 2) continue;
  const grid = NDFD_GRIDS[w.grid];
  for (const s of w.set) {
    if (s.cell) continue;
    const rest = w.set.filter((t) => t !== s);
    const dx = fitAxis(rest.map((t) => bound(t, grid, 'i'))).value;
    const dy = fitAxis(rest.map((t) => bound(t, grid, 'j'))).value;
    const at = latLonToGrid(s.lat, s.lon, grid);
    looTotal++;
    if (Math.round(at.i - dx) === s.gridX && Math.round(at.j - dy) === s.gridY) looRight++;
    else notes.push(`leave-one-out miss: ${id} ${s.gridX},${s.gridY} (${s.source} ${s.recorded})`);
  }
}

// Offices with no recording: the old outline rule (floor(min index − 2)), learnt on CONUS offices.
const unfitted: string[] = [];
for (const [wfo, grid] of [...areaGrid].sort(([a], [b]) => idOrder(a, b))) {
  const gridIds = GRID_IDS_OF_OFFICE[wfo];
  if (gridIds) {
    unfitted.push(...gridIds.filter((id) => !windows.has(id)));
    continue;
  }
  if (windows.has(wfo)) continue;
  const e = extents.get(wfo) as Extent;
  windows.set(wfo, {
    grid: grid.id,
    dx: Math.floor(e.minI - 2),
    dy: Math.floor(e.minJ - 2),
    samples: 0,
    set: [],
    since: '',
  });
  unfitted.push(wfo);
}

// Grids one office has to itself (Guam's, Hawaii's, Puerto Rico's): that office's forecast grid is the whole
// national grid, its coastal and offshore waters reaching the grid's edges (GUM's marine area is the
// Marianas' seas; api.weather.gov answers open-ocean points around Guam and the Marianas on the GUM grid).
// Alaska's grid is shared by three offices and CONUS by a hundred: their windows stay the outline's.
const sectors: Record<string, string> = {};
for (const grid of Object.values(NDFD_GRIDS)) {
  // By the windows, not the outlines: GUM's area reaches past its grid (the northern Marianas, Micronesia).
  const ids = [...windows].filter(([, w]) => w.grid === grid.id).map(([id]) => id);
  const only = ids.length === 1 ? (ids[0] as string) : undefined;
  if (only !== undefined && cwas.some((f) => f.properties.wfo === only)) sectors[grid.id] = only;
}

for (const n of notes) console.log(n);
console.log(`windows: ${windows.size} (${windows.size - unfitted.length} fitted from ${samples.length} recordings)`);
console.log(`leave-one-out: ${looRight}/${looTotal} recordings get their cell from a window fitted without them`);
console.log(`unfitted (outline rule): ${unfitted.join(' ')}`);
console.log(`whole grids: ${JSON.stringify(sectors)}`);

const about =
  'Office grid windows: gridX = round(i - dx), gridY = round(j - dy) on the named NDFD grid (conus unless ' +
  'given; see adapters/forecast/embedded/geo/ndfd-grid.ts). Fitted from real api.weather.gov answers in ' +
  'test/fixtures/forecast/ (dx, dy whole cells unless NWS realigned the office grid), except the _unfitted ' +
  'offices, predicted from their forecast-area outline. _sectors: the NDFD grids one office has to itself, ' +
  'served whole by that office. Built by scripts/forecast-data/build-grid-offsets.ts.';

const lines = [
  `  "_about": ${JSON.stringify(about)}`,
  `  "_unfitted": ${JSON.stringify(unfitted)}`,
  `  "_sectors": ${JSON.stringify(sectors)}`,
  ...[...windows]
    .sort(([a], [b]) => idOrder(a, b))
    .map(
      ([id, w]) =>
        `  ${JSON.stringify(id)}: ${JSON.stringify(w.grid === 'conus' ? [w.dx, w.dy] : [w.dx, w.dy, w.grid])}`,
    ),
];
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, `{\n${lines.join(',\n')}\n}\n`);
console.log(`wrote ${windows.size} windows to ${outFile}`);
