import { GREAT_LAKES_MASK_DATA } from './great-lakes-mask-data.ts';

/**
 * Where the Great Lakes are, for the model (issue 38 item 4: the over-lake wind). The model knows a place by
 * its latitude, longitude and elevation alone, so that a gridpoint, a forecast and an alert zone sampled at
 * the same place get the same weather; the lakes are therefore a mask the model carries, not the catalogue's
 * polygons: a 0.025° grid (about 2 by 2.8 km) over the lakes whose cells are US lake water (the centre inside
 * a Great Lakes or St. Lawrence marine zone, by lake), US land (inside a county), or neither (Canada, and
 * Canadian waters, which no NWS zone covers). scripts/forecast-data/build-lake-mask.ts writes it.
 *
 * A place's {@link overWaterWeight} is how far its wind is the open lake's rather than the shore's: nothing on
 * land, growing with the distance from the nearest US shore over the first ten kilometres or so of water, the
 * fetch over which the air adjusts to the smoother, and in the cold season warmer, surface (the internal
 * boundary layer of an offshore wind; the nearshore zones, 5 NM wide, are half way there at their middle).
 */

export type Lake = 'superior' | 'michigan' | 'huron' | 'erie' | 'ontario' | 'stClair' | 'stLawrence';

/** A lake zone's lake, by its UGC's area: Lake St. Clair (LC) and the St. Lawrence (SL) their own, for their ice. */
const LAKE_OF_AREA: Readonly<Record<string, Lake>> = {
  LS: 'superior',
  LM: 'michigan',
  LH: 'huron',
  LE: 'erie',
  LC: 'stClair',
  LO: 'ontario',
  SL: 'stLawrence',
};

/** The lake of a Great Lakes or St. Lawrence marine zone (by its UGC); undefined for any other zone. */
export const lakeOfZone = (zoneId: string): Lake | undefined =>
  /^(L[CEHMOS]|SL)Z/.test(zoneId) ? LAKE_OF_AREA[zoneId.slice(0, 2)] : undefined;

/** The mask's cell classes, by index: none, the lakes (Lake St. Clair and the St. Lawrence their own), US land. */
const CLASSES: readonly (Lake | 'land' | null)[] = [
  null,
  'superior',
  'michigan',
  'huron',
  'erie',
  'ontario',
  'stClair',
  'stLawrence',
  'land',
];
const LAND = CLASSES.indexOf('land');
const CLASS_BITS = 16;

/** A mask's grid: cell (r, c) is centred at south + (r + ½) step, west + (c + ½) step. */
export interface MaskGrid {
  readonly south: number;
  readonly west: number;
  readonly step: number;
  readonly rows: number;
  readonly cols: number;
}

/** The lake mask's grid. */
export const LAKE_MASK_GRID = { south: 41.2, west: -92.4, step: 0.025, rows: 320, cols: 720 } as const;

/** The class index of a lake or of land, as the build script writes it. */
export const lakeMaskClass = (what: Lake | 'land'): number => CLASSES.indexOf(what);

/** Run-length encodes a row-major array of class indices: base-36 runs of (length × 16 + class), comma-separated. */
export function encodeLakeMask(classes: Uint8Array): string {
  const runs: string[] = [];
  for (let i = 0; i < classes.length;) {
    let j = i;
    while (j < classes.length && classes[j] === classes[i]) j++;
    runs.push(((j - i) * CLASS_BITS + classes[i]!).toString(36));
    i = j;
  }
  return runs.join(',');
}

/** Decodes {@link encodeLakeMask}'s text for a grid (the lakes' unless given). */
export function decodeLakeMask(text: string, grid: MaskGrid = LAKE_MASK_GRID): Uint8Array {
  const out = new Uint8Array(grid.rows * grid.cols);
  let i = 0;
  for (const run of text.split(',')) {
    const n = parseInt(run, 36);
    out.fill(n % CLASS_BITS, i, i + Math.floor(n / CLASS_BITS));
    i += Math.floor(n / CLASS_BITS);
  }
  return out;
}

/** Over this distance from the shore (km) the wind is 1 − 1/e of the way to the open lake's. */
export const SHORE_ADJUST_KM = 5;
/**
 * Beyond the US waters (the mask knows Canada's waters from its land no better than as "neither"), the open
 * lake's share fades over this distance (km) from the nearest US lake cell: the Canadian half of a lake,
 * which /points answers from the lake's open-waters office, has no step in its weather at the border.
 */
export const BEYOND_BORDER_KM = 40;

interface Mask {
  /** Per cell: the class of the lake whose wind it has (its own, or beyond the border the nearest US one's). */
  readonly lakes: Uint8Array;
  /** Per cell: the open lake's share of the wind, 0 on US land; worked out for the corners a place asks for. */
  readonly weight: (k: number) => number;
}

let classesOfCells: Uint8Array | undefined;
let mask: Mask | undefined;

/** The mask's cell classes, decoded on first use (~1 ms): all a place on US land needs. */
const theClasses = (): Uint8Array => (classesOfCells ??= decodeLakeMask(GREAT_LAKES_MASK_DATA));

/**
 * A two-pass chamfer distance transform over a mask's grid (the lakes' unless given), km: `dist` holds 0 at the sources and Infinity
 * elsewhere, and gets each cell's distance from the nearest source through the cells whose class is
 * `through` (any class when it is -1); `label` takes the nearest source's. It runs once per process, mostly
 * before V8 has optimised it: one row's sweep is one small function, the same code for both passes (its
 * direction a number, not a branch), over typed arrays, with nothing allocated per cell.
 */
export function chamfer(
  dist: Float32Array,
  label: Uint8Array,
  classes: Uint8Array,
  through: number,
  grid: MaskGrid = LAKE_MASK_GRID,
): void {
  const { rows, cols, step, south } = grid;
  const dy = step * 111.2;
  for (const sign of [-1, 1]) {
    for (let rr = 0; rr < rows; rr++) {
      const r = sign < 0 ? rr : rows - 1 - rr;
      const dx = dy * Math.cos(((south + (r + 0.5) * step) * Math.PI) / 180);
      const rowBefore = r + sign >= 0 && r + sign < rows;
      sweepRow(dist, label, classes, through, r, cols, sign, dx, rowBefore ? dy : Infinity, Math.hypot(dx, dy));
    }
  }
}

/**
 * One row of a {@link chamfer} pass, in the pass's direction (`sign` −1 forward, +1 backward: the neighbours
 * already passed are at k + sign, and in the row r + sign unless `dy` is Infinity, the grid's edge). The
 * neighbours are tried in a fixed order, the first of equal distances giving the label.
 */
function sweepRow(
  dist: Float32Array,
  label: Uint8Array,
  classes: Uint8Array,
  through: number,
  r: number,
  cols: number,
  sign: number,
  dx: number,
  dy: number,
  dd: number,
): void {
  const rowBefore = dy !== Infinity;
  for (let cc = 0; cc < cols; cc++) {
    const c = sign < 0 ? cc : cols - 1 - cc;
    const k = r * cols + c;
    if (through >= 0 && classes[k] !== through) continue;
    let best = dist[k]!;
    let from = -1;
    if (cc > 0 && dist[k + sign]! + dx < best) {
      dist[k] = dist[k + sign]! + dx;
      best = dist[k]!;
      from = k + sign;
    }
    if (rowBefore) {
      const above = k + sign * cols;
      if (dist[above]! + dy < best) {
        dist[k] = dist[above]! + dy;
        best = dist[k]!;
        from = above;
      }
      if (c > 0 && dist[above - 1]! + dd < best) {
        dist[k] = dist[above - 1]! + dd;
        best = dist[k]!;
        from = above - 1;
      }
      if (c < cols - 1 && dist[above + 1]! + dd < best) {
        dist[k] = dist[above + 1]! + dd;
        from = above + 1;
      }
    }
    if (from >= 0) label[k] = label[from]!;
  }
}

/**
 * Works out each cell's share of the open lake's wind, once, on the first place off US land: on US lake
 * water by its distance from the nearest US land (the shore half a cell from a land cell's centre), beyond
 * the US waters fading with the distance from them too. A place whose own cell is US land needs only the
 * classes; the first place off it pays for the distances (~30–40 ms of CPU in a fresh process, 2026-11-27).
 */
function theMask(): Mask {
  if (mask) return mask;
  const { rows, cols } = LAKE_MASK_GRID;
  const classes = theClasses();
  const isLake = (k: number) => classes[k]! > 0 && classes[k]! !== LAND;
  const fromLand = new Float32Array(rows * cols).fill(Infinity);
  for (let k = 0; k < fromLand.length; k++) if (classes[k] === LAND) fromLand[k] = 0;
  chamfer(fromLand, new Uint8Array(rows * cols), classes, -1);
  // Beyond the US waters: the distance from them, across neither-cells only, and the nearest lake.
  const fromLake = new Float32Array(rows * cols).fill(Infinity);
  const lakes = new Uint8Array(classes);
  for (let k = 0; k < fromLake.length; k++) if (isLake(k)) fromLake[k] = 0;
  chamfer(fromLake, lakes, classes, 0);
  // Rounded to a float32 as the weights were when the grid's were all worked out at once (c38f334260e90069).
  const weight = (k: number): number => {
    if (classes[k] === LAND || !Number.isFinite(fromLake[k]!)) return 0;
    return Math.fround(offshoreShare(fromLand[k]!, LAKE_MASK_GRID) * Math.exp(-fromLake[k]! / BEYOND_BORDER_KM));
  };
  return (mask = { lakes, weight });
}

/**
 * The open water's share at `km` from the shore, by the distance from a land cell's centre (the shore half a
 * cell from it): 1 − 1/e of the way within {@link SHORE_ADJUST_KM}. The lakes' and the open sea's alike.
 */
export function offshoreShare(km: number, grid: MaskGrid): number {
  const halfCell = (grid.step * 111.2) / 2;
  return 1 - Math.exp(-Math.max(0, km - halfCell) / SHORE_ADJUST_KM);
}

/**
 * Where a place falls among a mask's cell centres: the south-west corner (r, c) of the four whose values are
 * joined bilinearly, its fractions (fy, fx) toward the other three, and its own cell's index.
 */
export function maskCorners(grid: MaskGrid, lat: number, lon: number) {
  const y = (lat - grid.south) / grid.step - 0.5;
  const x = (lon - grid.west) / grid.step - 0.5;
  const r = Math.max(0, Math.min(grid.rows - 2, Math.floor(y)));
  const c = Math.max(0, Math.min(grid.cols - 2, Math.floor(x)));
  return {
    r,
    c,
    fy: Math.max(0, Math.min(1, y - r)),
    fx: Math.max(0, Math.min(1, x - c)),
    own: Math.floor(y + 0.5) * grid.cols + Math.floor(x + 0.5),
  };
}

/** Whether a point lies in a mask's box at all (most of the country does not: no decoding there). */
export const inMaskBox = (g: MaskGrid, lat: number, lon: number): boolean =>
  lat > g.south && lat < g.south + g.rows * g.step && lon > g.west && lon < g.west + g.cols * g.step;

/** Whether the lake mask calls a place's own cell US land (false off the mask and over its waters). */
export function onLakeMaskLand(lat: number, lon: number): boolean {
  if (!inMaskBox(LAKE_MASK_GRID, lat, lon)) return false;
  return theClasses()[maskCorners(LAKE_MASK_GRID, lat, lon).own] === LAND;
}

/** A place over (or within a cell of) the US lake waters: its lake and its {@link overWaterWeight}. */
export interface LakePlace {
  readonly lake: Lake;
  /** How much of the place's wind is the open lake's, 0 to 1. */
  readonly weight: number;
}

/**
 * The lake of a place and how much of its wind is the open lake's (0 to 1): the cells' weights joined
 * bilinearly between their centres, so a place moving off the shore gains it without a step; undefined on
 * land (a place whose own cell is a county's has the shore's wind), off the mask and where no corner is water.
 */
export function lakePlace(lat: number, lon: number): LakePlace | undefined {
  if (!inMaskBox(LAKE_MASK_GRID, lat, lon)) return undefined;
  const g = LAKE_MASK_GRID;
  const { r, c, fy, fx, own } = maskCorners(g, lat, lon);
  if (theClasses()[own] === LAND) return undefined;
  const { lakes, weight } = theMask();
  let w = 0;
  let lake: Lake | undefined;
  let most = 0;
  for (const [rr, cc, share] of [
    [r, c, (1 - fy) * (1 - fx)],
    [r, c + 1, (1 - fy) * fx],
    [r + 1, c, fy * (1 - fx)],
    [r + 1, c + 1, fy * fx],
  ] as const) {
    const k = rr * g.cols + cc;
    const wk = weight(k);
    w += share * wk;
    const what = CLASSES[lakes[k]!];
    // The corner of most weight names the lake (the water cells of a place's corners are one lake's).
    if (what && what !== 'land' && wk * share >= most) [most, lake] = [wk * share, what];
  }
  return lake && w > 0 ? { lake, weight: w } : undefined;
}
