import { coastDistanceKm } from './coast-distance.ts';
import {
  decodeLakeMask,
  inMaskBox,
  maskCorners,
  offshoreShare,
  SHORE_ADJUST_KM,
  type MaskGrid,
} from './great-lakes-water.ts';
import { NEUTRAL_RATIO, overWaterAirC, overWaterWindFactor } from './great-lakes-wind.ts';
import { EAST_GULF_SEA_MASK_DATA, NEW_ENGLAND_SEA_MASK_DATA } from './sea-mask-data.ts';
import { waterTempC, type WaterBody } from './water-temperature.ts';

/**
 * The open sea off New England (issue 38: the marine boundary layer). The model's wind and air are fitted to
 * land stations, and over the sea they were the shore's: at NDBC buoy 44005 (Gulf of Maine) the model's
 * sustained wind averaged ~4 m/s against the buoy's ~8 (its 2012 record, NDBC's standard meteorological data
 * as mirrored in mgimond/ES218's Data/buoy_44005_2012.dat: 8.6 m/s in January, 4.7 in July), and the air was a land station's (−6 °C in January,
 * 22 °C in July, where the water is 6 and 17 °C). Over the open sea the same two terms apply as over the
 * Great Lakes (great-lakes-wind.ts, after the Coastal Engineering Manual's over-water wind, EM 1110-2-1100,
 * Part II, ch. 2): the wind of a smoother surface times a stability term in the air-minus-water difference,
 * and the air brought part of the way toward the water (water-temperature.ts's climatology, the Gulf of
 * Maine's and south of Cape Cod's: the waters where freezing spray forms and the model already knows the
 * water). One difference: over a lake the stability is the arriving land air's against the water, as the air
 * crosses a lake in hours; the open sea's air has crossed hundreds of kilometres of it, so its stability is
 * the marine air's (the air after {@link overSeaAirC}), a little nearer neutral. No sea ice: the Gulf of Maine
 * stays open. The seas grow from the sustained wind here (sea-state.ts).
 *
 * Where the sea is: a 0.025° mask built from the catalogue (scripts/forecast-data/build-sea-mask.ts), cells
 * with no land in them (land wins a cell: see the build script; the Keys are narrower than a cell) whose centre
 * is in a New England marine zone (an office's coastal zone or a national centre's offshore zone
 * whose centre is north of 41° N: Long Island Sound to the Canadian border, and south over Georges Bank to
 * ~39.9° N) against land (a county, a town, or a point in no US zone: Canada's land and water, so the Bay of Fundy's
 * shore is a shore, and beyond the Hague Line) and neither (the US waters the model knows no temperature of: the
 * zones centred south of 41° N). The open sea's share grows with the distance from land or those waters as
 * over the lakes (great-lakes-water.ts: 1 − 1/e within 5 km), so it fades to 0 over the same 5 km at the
 * sea's every edge. The grid holds all of New England's zones with a margin (no sea cell on its edge; beyond
 * it the share is 0), so no edge of the grid cuts the sea off in one step.
 *
 * Florida's Gulf coast and the Keys have a sea of their own, built the same way: a second mask over the GMZ
 * coastal zones of Mobile, Tallahassee, Tampa Bay, Miami and Key West, each office's water its own class, with
 * its own shore station's water climatology (water-temperature.ts). Between two offices' waters the share
 * runs on (only land, the other coasts' waters and the grid's edge are a shore; the open Gulf beyond the
 * offices' 60 nm is the nearest office's water), and the water's temperature is joined
 * bilinearly between the cells' classes, so the stability term has no step at an office's line. At Sand Key
 * (C-MAN SANF1, on the reef south of Key West) the model's mean wind, 2025-2027, went 9.2 / 8.8 / 7.3 kt in
 * April / May / August to 11.6 / 11.1 / 9.3 kt, where NWS Key West gives the station's 1991-2001 means as
 * 12.6 kt in April and 10.1 kt in May and the reef tract's August as "just under nine knots" (the light
 * anemometer-height bias of a lighthouse station aside). Over the open sea the gusts are the water's too
 * ({@link SEA_GUST_EXCESS}). The other coasts (the Mid-Atlantic, the Southeast's Atlantic, Louisiana and Texas, the West Coast, Hawaii) keep the
 * shore's wind and air: no public water-temperature climatology of theirs was found in a form to cite.
 */

/** One open sea: its mask's grid and run-length text, and its water bodies (class k + 1 is bodies[k]; US land is the class after them). */
export interface Sea {
  readonly name: string;
  readonly grid: MaskGrid;
  readonly data: string;
  readonly bodies: readonly WaterBody[];
}

/** New England's: south of Georges Bank to the Bay of Fundy, Long Island Sound to beyond the Hague Line. */
export const NEW_ENGLAND_SEA: Sea = {
  name: 'newEngland',
  grid: { south: 39.75, west: -74.0, step: 0.025, rows: 218, cols: 324 },
  data: NEW_ENGLAND_SEA_MASK_DATA,
  bodies: ['newEngland'],
};

/** Florida's Gulf coast and the Keys: Mobile Bay to the Straits of Florida, the Keys' Atlantic side included. */
export const EAST_GULF_SEA: Sea = {
  name: 'eastGulf',
  grid: { south: 23.2, west: -88.8, step: 0.025, rows: 312, cols: 372 },
  data: EAST_GULF_SEA_MASK_DATA,
  bodies: ['gulfPanhandle', 'gulfBigBend', 'gulfTampaBay', 'gulfSouthwestFlorida', 'floridaKeys'],
};

export const SEAS: readonly Sea[] = [NEW_ENGLAND_SEA, EAST_GULF_SEA];

/** New England's grid (the build script's and the tests' name for it). */
export const SEA_MASK_GRID: MaskGrid = NEW_ENGLAND_SEA.grid;

/** A sea's class of US land: the one after its water bodies'. */
export const seaLandClass = (sea: Sea): number => sea.bodies.length + 1;

/** New England's class of its sea (neither is 0, US land 2). */
export const SEA = 1;

/** A sea's mask, decoded on the first place in its box: its classes, and the shares worked out so far (NaN: not yet). */
interface Decoded {
  readonly sea: Sea;
  readonly classes: Uint8Array;
  readonly land: number;
  readonly weights: Float32Array;
  /** Per cell, its {@link cellFetchKm} once worked out (NaN: not yet). */
  readonly fetches: Float32Array;
}
const decoded = new Map<Sea, Decoded>();
const decodedOf = (sea: Sea): Decoded => {
  let d = decoded.get(sea);
  if (!d) {
    const classes = decodeLakeMask(sea.data, sea.grid);
    d = {
      sea,
      classes,
      land: seaLandClass(sea),
      weights: new Float32Array(classes.length).fill(Number.NaN),
      fetches: new Float32Array(classes.length).fill(Number.NaN),
    };
    decoded.set(sea, d);
  }
  return d;
};

/**
 * How far around a sea cell the nearest shore is looked for, in cells (~60 km): beyond it the open-sea share is
 * within 2e-5 of 1, and counted as 1.
 */
const SHORE_SEARCH_CELLS = 24;

/** Cell `k`'s row and column, and a cell's size there, km: north-south, and east-west at its latitude. */
function cellAt(grid: MaskGrid, k: number): { r: number; c: number; dy: number; dx: number } {
  const r = Math.floor(k / grid.cols);
  const dy = grid.step * 111.2;
  return { r, c: k - r * grid.cols, dy, dx: dy * Math.cos(((grid.south + (r + 0.5) * grid.step) * Math.PI) / 180) };
}

/**
 * A cell's open-sea share: 0 off the sea, else by its distance from the nearest cell of land or of water outside
 * the sea (the straight line between cell centres, km, at the cell's latitude), searched within
 * {@link SHORE_SEARCH_CELLS}. Worked out per cell on first asking and kept: a place needs four cells, and a
 * distance transform of the whole grid cost the first place off Key West ~25 ms of CPU in a fresh process
 * (2026-11-27), where the four cells' searches cost well under one. Each cell's share depends on the mask
 * alone, not on which places asked first.
 */
function cellWeight(d: Decoded, k: number): number {
  const { classes, land, weights } = d;
  if (classes[k] === 0 || classes[k]! >= land) return 0;
  if (!Number.isNaN(weights[k]!)) return weights[k]!;
  const { rows, cols } = d.sea.grid;
  const { r, c, dy, dx } = cellAt(d.sea.grid, k);
  const c0 = Math.max(0, c - SHORE_SEARCH_CELLS);
  const c1 = Math.min(cols - 1, c + SHORE_SEARCH_CELLS);
  // The grid's edge is a shore too: beyond it the share is 0, and the Gulf's open sea reaches it (toward
  // Texas and Cuba), so the share fades to 0 there rather than stepping off the grid. New England's edge cells
  // are all land or other water, so it changes nothing there.
  let nearest2 = Math.min(Math.min(r, rows - 1 - r) * dy, Math.min(c, cols - 1 - c) * dx) ** 2;
  for (let rr = Math.max(0, r - SHORE_SEARCH_CELLS); rr <= Math.min(rows - 1, r + SHORE_SEARCH_CELLS); rr++) {
    const y2 = ((rr - r) * dy) ** 2;
    if (y2 >= nearest2) continue;
    for (let kk = rr * cols + c0, end = rr * cols + c1; kk <= end; kk++) {
      const what = classes[kk]!;
      if (what !== 0 && what < land) continue;
      const d2 = y2 + ((kk - rr * cols - c) * dx) ** 2;
      if (d2 < nearest2) nearest2 = d2;
    }
  }
  // Returned as stored (a float32): the first asking must see what every later one reads back, or a place's
  // weather would depend on which places were asked first.
  weights[k] = offshoreShare(Math.sqrt(nearest2), d.sea.grid);
  return weights[k];
}

/**
 * The open sea's wind grows with the distance offshore (issue 38): over the first few kilometres the air adjusts
 * to the smoother surface (the share above, the Coastal Engineering Manual's ×{@link NEUTRAL_RATIO} in neutral
 * air), and over tens of kilometres more the whole marine boundary layer does, as the land's slower air aloft is
 * left behind. Hsu (1980, "On the correction of land-based wind measurements for oceanographic applications",
 * Coastal Engineering Proceedings 17, 43, doi:10.9753/icce.v17.43) compared coastal stations with NOAA buoys,
 * platforms and ships from Somalia to the Gulf of Alaska: "under the commonly observed speed of 5-6 m/s, land
 * measurements of mean wind speed are only 63% of the offshore mean speed", a ratio of 1/0.63 = 1.59 well
 * offshore, where the neutral ratio gives 1.25. The shape between: Djath, Schulz-Stellenfleth and Cañadillas
 * (2022, "Study of coastal effects relevant for offshore wind energy using spaceborne synthetic aperture
 * radar", Remote Sensing 14, 1688) followed the 10 m wind of offshore flows up to ~170 km out in the German
 * Bight: in ~60% of the cases it rose with the distance from the coast, and they fit an empirical model of
 * three parameters, the wind over land, an equilibrium wind offshore and the distance scale of the approach. So
 * the over-water factor is multiplied by 1 + ({@link OPEN_OCEAN_GAIN} − 1)(1 − e^(−d / {@link FETCH_SCALE_KM})),
 * d the distance from the mask's nearest land mass ({@link cellFetchKm}): ×1 at the shore, ×1.27 (1.59 / 1.25)
 * far out (×1.26 at the search's 120 km). The scale is TUNED, not fitted: NDBC 44005, 77 km off Maine, averaged
 * 8.6 m/s in January 2012 where the model gave 6.3 (and 5.2 against 3.8 in August); now 7.7 and 4.6, every
 * shown month within 16% (scripts/sea-wind-report.ts). Hsu's ratio taken whole at Sand Key's reef, 10 km off
 * Key West, gave +39% in May; the Keys' waters take none ({@link ISLAND_STATION_WATERS}).
 */
export const OPEN_OCEAN_GAIN = 1.59 / NEUTRAL_RATIO;
/** The distance offshore over which the open sea's wind comes 1 − 1/e of its way to the open ocean's, km. */
export const FETCH_SCALE_KM = 40;
/** How far from a cell its nearest land is looked for, km: beyond, the fetch counts as this (95% of the gain). */
const FETCH_SEARCH_KM = 3 * FETCH_SCALE_KM;

/**
 * A cell's distance from the nearest cell of the mask's land (the straight line between centres, km, at the
 * cell's latitude), at most {@link FETCH_SEARCH_KM}; 0 on land. Worked out on first asking and kept, as the
 * shares are ({@link cellWeight}). The other coasts' waters (the mask's "neither") and the grid's edge are not
 * land: the fetch runs on over them (the open Gulf toward Texas); off New England the mask's land includes
 * Canada's waters beyond the Hague Line, a shore to the wind here as to the share.
 */
function cellFetchKm(d: Decoded, k: number): number {
  const { classes, land, fetches } = d;
  if (classes[k] === land) return 0;
  if (!Number.isNaN(fetches[k]!)) return fetches[k]!;
  const { rows, cols } = d.sea.grid;
  const { r, c, dy, dx } = cellAt(d.sea.grid, k);
  const reachR = Math.ceil(FETCH_SEARCH_KM / dy);
  const reachC = Math.ceil(FETCH_SEARCH_KM / dx);
  const c0 = Math.max(0, c - reachC);
  const c1 = Math.min(cols - 1, c + reachC);
  let nearest2 = FETCH_SEARCH_KM ** 2;
  for (let rr = Math.max(0, r - reachR); rr <= Math.min(rows - 1, r + reachR); rr++) {
    const y2 = ((rr - r) * dy) ** 2;
    if (y2 >= nearest2) continue;
    for (let kk = rr * cols + c0, end = rr * cols + c1; kk <= end; kk++) {
      if (classes[kk] !== land) continue;
      const d2 = y2 + ((kk - rr * cols - c) * dx) ** 2;
      if (d2 < nearest2 && isLandMass(d, rr, kk - rr * cols)) nearest2 = d2;
    }
  }
  fetches[k] = Math.sqrt(nearest2);
  return fetches[k];
}

/**
 * Whether a land cell is part of a land mass to the fetch: at least {@link LAND_MASS_CELLS} land cells in the
 * 5 × 5 block around it. The mask has specks of land in the open water, a few cells where sample points fell
 * in no zone (the seams of zones: 28.64° N 83.9° W, 60 km off the Big Bend; 29.26° N 85.04° W), which are no
 * shore; a key of a few cells is one (Key West's, 11 km from Sand Key).
 */
function isLandMass(d: Decoded, r: number, c: number): boolean {
  const { rows, cols } = d.sea.grid;
  let n = 0;
  for (let rr = Math.max(0, r - 2); rr <= Math.min(rows - 1, r + 2); rr++)
    for (let cc = Math.max(0, c - 2); cc <= Math.min(cols - 1, c + 2); cc++)
      if (d.classes[rr * cols + cc] === d.land && ++n >= LAND_MASS_CELLS) return true;
  return false;
}
const LAND_MASS_CELLS = 4;

/**
 * The waters whose measuring stations stand in the sea's wind already, which take no gain with the distance
 * offshore: the Keys' (Key West's office), whose normals stations are Key West's and Marathon's airports, on
 * keys a few kilometres wide between the Gulf and the Straits. Hsu's ratio is a mainland coast's stations',
 * whose wind the land's boundary layer slows. Without the gain Sand Key's model wind was within 10% of NWS Key
 * West's April, May and August means already; with it the Keys' waters out to 60 nm had a Small Craft Advisory
 * in effect on 8% of July's zone-cycles and 14% of August's (0.4% and 0.7% before), where the summer's are rare
 * outside tropical systems. Joined by the waters' shares, so the gain has no step at the Keys' line.
 */
const ISLAND_STATION_WATERS: ReadonlySet<WaterBody> = new Set<WaterBody>(['floridaKeys']);

/** The gain on the open sea's wind at a distance offshore, km (see {@link OPEN_OCEAN_GAIN}). */
export const fetchGain = (km: number): number => 1 + (OPEN_OCEAN_GAIN - 1) * (1 - Math.exp(-km / FETCH_SCALE_KM));

/**
 * Whether a sea's mask calls a place's own cell US land (false off every mask and over the water): land wins a
 * cell there, by a county or a town in it, so an island the simplified county outlines leave out (the Middle
 * Keys) is land here.
 */
export function onSeaMaskLand(lat: number, lon: number): boolean {
  for (const sea of SEAS) {
    if (!inMaskBox(sea.grid, lat, lon)) continue;
    const d = decodedOf(sea);
    return d.classes[maskCorners(sea.grid, lat, lon).own] === d.land;
  }
  return false;
}

/** A place over the open sea: its share (0 to 1) and the water bodies its water's temperature joins. */
export interface SeaPlace {
  readonly weight: number;
  /** The water bodies of its corners and their shares of its water (summing to 1). */
  readonly waters: readonly (readonly [WaterBody, number])[];
  /**
   * 0 on the edge of a cell of US land (where the share steps from 0, the place being land's beyond it),
   * rising in a straight line with the distance from the nearest such cell to 1 at {@link LAND_RAMP_KM}: a
   * term that must not step at the shore is weighed by it as well (model.ts's seaMeasuredWind).
   */
  readonly offLand: number;
  /** Its distance offshore, km: the mask's cells' {@link cellFetchKm} joined bilinearly. */
  readonly fetchKm: number;
  /** The gain on its over-water wind for that distance ({@link fetchGain}), none over the Keys' waters ({@link ISLAND_STATION_WATERS}). */
  readonly fetchGain: number;
}

/**
 * Over this distance from the nearest cell of US land (km) {@link SeaPlace.offLand} rises from 0 to 1: the
 * shore's scale of the shares ({@link SHORE_ADJUST_KM}), about two cells of either sea's mask.
 */
export const LAND_RAMP_KM = SHORE_ADJUST_KM;

/**
 * {@link SeaPlace.offLand} at a point: its distance (km, the point's own latitude) from the nearest cell of
 * US land in reach, over {@link LAND_RAMP_KM}, at most 1. Any land cell nearer than that lies in reach (the
 * cells within LAND_RAMP_KM of the point's own, in whole cells), so the ramp is continuous everywhere.
 */
function offLandAt(d: Decoded, lat: number, lon: number): number {
  const { rows, cols, step, south, west } = d.sea.grid;
  const y = (lat - south) / step;
  const x = (lon - west) / step;
  const dy = step * 111.2;
  const dx = dy * Math.cos((lat * Math.PI) / 180);
  const reach = Math.ceil(LAND_RAMP_KM / Math.min(dx, dy));
  const r = Math.floor(y);
  const c = Math.floor(x);
  let nearest2 = LAND_RAMP_KM ** 2;
  for (let rr = Math.max(0, r - reach); rr <= Math.min(rows - 1, r + reach); rr++) {
    const ey = Math.max(0, rr - y, y - (rr + 1)) * dy;
    for (let cc = Math.max(0, c - reach); cc <= Math.min(cols - 1, c + reach); cc++) {
      if (d.classes[rr * cols + cc] !== d.land) continue;
      const ex = Math.max(0, cc - x, x - (cc + 1)) * dx;
      nearest2 = Math.min(nearest2, ey * ey + ex * ex);
    }
  }
  return Math.sqrt(nearest2) / LAND_RAMP_KM;
}

/**
 * How much of a place's wind and air is the open sea's, and whose water: the cells' shares joined bilinearly
 * between their centres; undefined outside every sea's mask, on land (a place whose own cell is a county's has
 * the shore's air) and where no corner is open sea.
 */
export function openSeaPlace(lat: number, lon: number): SeaPlace | undefined {
  for (const sea of SEAS) {
    const g = sea.grid;
    if (!inMaskBox(g, lat, lon)) continue;
    const { r, c, fy, fx, own } = maskCorners(g, lat, lon);
    const d = decodedOf(sea);
    const classes = d.classes;
    if (classes[own] === d.land) return undefined;
    const k = r * g.cols + c;
    const w = (kk: number) => cellWeight(d, kk);
    const weight =
      (1 - fy) * ((1 - fx) * w(k) + fx * w(k + 1)) + fy * ((1 - fx) * w(k + g.cols) + fx * w(k + g.cols + 1));
    const shares = new Map<WaterBody, number>();
    for (const [kk, share] of [
      [k, (1 - fy) * (1 - fx)],
      [k + 1, (1 - fy) * fx],
      [k + g.cols, fy * (1 - fx)],
      [k + g.cols + 1, fy * fx],
    ] as const) {
      const part = share * w(kk);
      if (part > 0) {
        const body = sea.bodies[classes[kk]! - 1]!;
        shares.set(body, (shares.get(body) ?? 0) + part);
      }
    }
    if (!(weight > 0)) return undefined;
    // One body (all of New England's, most of the Gulf's): its water exactly, not a sum rounded.
    const waters =
      shares.size === 1
        ? [[shares.keys().next().value!, 1] as const]
        : [...shares].map(([body, part]) => [body, part / total(shares)] as const);
    const f = (kk: number) => cellFetchKm(d, kk);
    const fetchKm =
      (1 - fy) * ((1 - fx) * f(k) + fx * f(k + 1)) + fy * ((1 - fx) * f(k + g.cols) + fx * f(k + g.cols + 1));
    let islands = 0;
    for (const [body, share] of waters) if (ISLAND_STATION_WATERS.has(body)) islands += share;
    const gain = 1 + (fetchGain(fetchKm) - 1) * (1 - islands);
    return { weight, waters, offLand: offLandAt(d, lat, lon), fetchKm, fetchGain: gain };
  }
  return undefined;
}

const total = (shares: Map<WaterBody, number>): number => [...shares.values()].reduce((a, b) => a + b, 0);

/** How much of a place's wind and air is the open sea's (0 to 1). */
export const openSeaWeight = (lat: number, lon: number): number => openSeaPlace(lat, lon)?.weight ?? 0;

/** The sea's water temperature under a place at an hour, °C: its bodies' climatologies joined by their shares. */
export function seaWaterC(place: SeaPlace, epochHour: number): number {
  if (place.waters.length === 1) return waterTempC(place.waters[0]![0], epochHour);
  let c = 0;
  for (const [body, share] of place.waters) c += share * waterTempC(body, epochHour);
  return c;
}

/** The factor on the model's wind over the open sea at a place, with the air at `airC`, at an hour: the farther offshore, the more. */
export const overSeaWindFactor = (place: SeaPlace, airC: number, epochHour: number): number =>
  overWaterWindFactor(place.weight, airC, seaWaterC(place, epochHour), place.fetchGain);

/** The air over the open sea at a place, from the model's air `airC`, at an hour. */
export const overSeaAirC = (place: SeaPlace, airC: number, epochHour: number): number =>
  overWaterAirC(place.weight, airC, seaWaterC(place, epochHour));

/**
 * The gust's excess over the mean wind at sea, as a share of the land's. The model's gust factor is a land
 * station's (~1.4 on average with its convective and storm terms), and over the open sea it made the
 * marine products' "frequent gusts" (marine-wind.ts) a land's: at Sand Key in August sustained winds of
 * 20 kt came in 0.4% of hours and the frequent gusts reached it in 5%, an advisory in a tenth of the Keys'
 * August cycles. Over open water the turbulence is a smooth surface's: the WMO's guidelines for converting
 * between wind averaging periods (Harper, Kepert and Ginger 2010, WMO/TD-1555, table 1.1) give a 3-second
 * gust over a 10-minute mean of 1.23 "at sea" against 1.52 "off land", an excess 0.23 / 0.52 ≈ 0.45 of the
 * land's. By the open-sea share, so the shore keeps its own.
 */
export const SEA_GUST_EXCESS = 0.45;

/** The share of the land's gust excess a place over the open sea keeps. */
export const seaGustExcess = (place: SeaPlace): number => 1 - place.weight * (1 - SEA_GUST_EXCESS);

/**
 * A place's distance offshore, km (issue 38: the open water's night storms, convective-climate.ts's
 * waterNightShare): over a sea's mask, its {@link SeaPlace.fetchKm} (`sea`, openSeaPlace's answer for the place,
 * at most 120 km), whose land knows Canada's shore off New England and the Keys' narrowest keys; elsewhere on every
 * coast, its distance from the nearest US shore (coast-distance.ts's, from the catalogue's county and coastal
 * marine zone outlines, at most 120 km).
 */
export function seaOffshoreKm(lat: number, lon: number, sea: SeaPlace | undefined): number {
  return sea ? sea.fetchKm : coastDistanceKm(lat, lon);
}
