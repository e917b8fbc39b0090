import { COAST_DISTANCE_DATA } from './coast-distance-data.ts';

/**
 * How far a point over the water is from the nearest US shore, km, on every coast the model serves (issue 38: the
 * open water's night storms, convective-climate.ts's waterNightShare, read through sea-water.ts's seaOffshoreKm).
 * Worked out once, at data-build time (scripts/forecast-data/build-coast-distance.ts), from the catalogue's own
 * outlines: land is a county's outline (the counties stop at the shores the marine zone outlines draw: every bay,
 * sound and lake of theirs, Chesapeake Bay, Lake Pontchartrain, Lake Okeechobee, Puget Sound, the Great Lakes, is in
 * a marine zone and in no county) and a populated place's point (a town stands on land where a simplified county
 * outline leaves its key out). The shore is that land's edge, rasterised at a fifth of a node's spacing (~1.1 km
 * north-south), and each node of the coarse grids below holds its distance from the nearest land cell (an exact
 * Euclidean distance transform, flat at the node's latitude, less half a fine cell: the shore lies between the
 * cells), in steps of {@link COAST_KM_STEP} km up to {@link COAST_KM_MAX}. A place's distance is its four nodes'
 * joined bilinearly.
 *
 * Foreign shores are not in the catalogue and count as water: Canada's across the Great Lakes and beyond Puget
 * Sound and Southeast Alaska, Mexico's, Cuba's and the Bahamas'. Beyond every grid the distance is the cap: each
 * grid reaches ~85 km or more beyond the US shores in it (the Aleutians' south side: Amatignak's, ~85 km from
 * Alaska's south edge; Attu's 97 km from its west edge), far past where waterNightShare stops growing (35 km).
 */

/**
 * One coast's grid of nodes: row i at `south + i * dLat`, column j at `west + j * dLon`, degrees (Alaska's runs on
 * past the antimeridian, 171° E to 230.5° E, 129.5° W: {@link gridLon}).
 */
export interface CoastGrid {
  readonly name: string;
  readonly south: number;
  readonly west: number;
  readonly dLat: number;
  readonly dLon: number;
  readonly rows: number;
  readonly cols: number;
}

/** The km a stored code stands for, and the cap (the largest code's). */
export const COAST_KM_STEP = 2;
export const COAST_KM_MAX = 120;
const MAX_CODE = COAST_KM_MAX / COAST_KM_STEP;

const grid = (
  name: string,
  [south, north]: readonly [number, number],
  [west, east]: readonly [number, number],
  dLat: number,
  dLon: number,
): CoastGrid => ({
  name,
  south,
  west,
  dLat,
  dLon,
  rows: Math.round((north - south) / dLat) + 1,
  cols: Math.round((east - west) / dLon) + 1,
});

/**
 * The coasts: the Gulf, the Atlantic and the Great Lakes; the Pacific states; Alaska (its nodes 0.1° apart east-west,
 * ~5-7 km at its latitudes); Hawaii; Puerto Rico and the Virgin Islands; the Marianas, Micronesia, Palau and the
 * Marshall Islands; American Samoa.
 */
export const COAST_GRIDS: readonly CoastGrid[] = [
  grid('east', [23, 49.5], [-98.5, -65], 0.05, 0.05),
  grid('west', [31.5, 49.5], [-126.5, -116.5], 0.05, 0.05),
  grid('alaska', [50.5, 72.5], [171, 230.5], 0.05, 0.1),
  grid('hawaii', [18, 23.5], [-165, -153.5], 0.05, 0.05),
  grid('caribbean', [16.5, 19.5], [-69, -63.5], 0.05, 0.05),
  grid('westPacific', [0, 21.5], [130, 173.5], 0.05, 0.05),
  grid('samoa', [-15.5, -10], [-172, -167], 0.05, 0.05),
];

/** A longitude on a grid's run: 360° on, west of −180's antimeridian, for a grid that runs past it (Alaska's). */
export const gridLon = (g: CoastGrid, lon: number): number =>
  lon < 0 && g.west + (g.cols - 1) * g.dLon > 180 ? lon + 360 : lon;

/** The characters of the codes 0 to 61, and the run marker: `~`, a code's character, its count in base 36, `.`. */
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RUN = '~';
const RUN_END = '.';
/** Runs shorter than this are written out, one character a node. */
const MIN_RUN = 5;

/** Encodes a grid's codes (0 to {@link MAX_CODE}, row-major from the south-west) as text. */
export function encodeCoastCodes(codes: Uint8Array): string {
  const out: string[] = [];
  for (let i = 0; i < codes.length;) {
    let j = i;
    while (j < codes.length && codes[j] === codes[i]) j++;
    const ch = DIGITS[codes[i]!]!;
    out.push(j - i >= MIN_RUN ? `${RUN}${ch}${(j - i).toString(36)}${RUN_END}` : ch.repeat(j - i));
    i = j;
  }
  return out.join('');
}

const CODE_OF = new Int8Array(128).fill(-1);
for (let k = 0; k < DIGITS.length; k++) CODE_OF[DIGITS.charCodeAt(k)] = k;

/** Decodes {@link encodeCoastCodes}'s text for a grid of `count` nodes. */
export function decodeCoastCodes(text: string, count: number): Uint8Array {
  const out = new Uint8Array(count);
  let k = 0;
  for (let i = 0; i < text.length;) {
    if (text[i] === RUN) {
      const end = text.indexOf(RUN_END, i + 2);
      const n = parseInt(text.slice(i + 2, end), 36);
      out.fill(CODE_OF[text.charCodeAt(i + 1)]!, k, k + n);
      k += n;
      i = end + 1;
    } else out[k++] = CODE_OF[text.charCodeAt(i++)]!;
  }
  if (k !== count) throw new Error(`coast distance data: ${k} nodes where the grid has ${count}`);
  return out;
}

/** A distance in km as its code: to the nearest step, at most the cap. */
export const coastCode = (km: number): number => Math.min(MAX_CODE, Math.round(km / COAST_KM_STEP));

/** Each grid's codes, decoded when a place in it first asks (a process's first in 6-9 ms, compiling the decoder; any other under 1 ms). */
const decoded = new Map<CoastGrid, Uint8Array>();
const codesOf = (g: CoastGrid): Uint8Array => {
  let codes = decoded.get(g);
  if (!codes) {
    codes = decodeCoastCodes(COAST_DISTANCE_DATA[g.name] ?? '', g.rows * g.cols);
    decoded.set(g, codes);
  }
  return codes;
};

/**
 * A point's distance from the nearest US shore, km (0 on land, at most {@link COAST_KM_MAX}): its grid's four
 * nearest nodes joined bilinearly; the cap beyond every grid (the open ocean, or inland far from any coast).
 */
export function coastDistanceKm(lat: number, lon: number): number {
  for (const g of COAST_GRIDS) {
    const y = (lat - g.south) / g.dLat;
    const x = (gridLon(g, lon) - g.west) / g.dLon;
    if (!(y >= 0 && y <= g.rows - 1 && x >= 0 && x <= g.cols - 1)) continue;
    const codes = codesOf(g);
    const r = Math.min(g.rows - 2, Math.floor(y));
    const c = Math.min(g.cols - 2, Math.floor(x));
    const fy = y - r;
    const fx = x - c;
    const k = r * g.cols + c;
    const south = (1 - fx) * codes[k]! + fx * codes[k + 1]!;
    const north = (1 - fx) * codes[k + g.cols]! + fx * codes[k + g.cols + 1]!;
    return COAST_KM_STEP * ((1 - fy) * south + fy * north);
  }
  return COAST_KM_MAX;
}
