import { chamfer, decodeLakeMask, inMaskBox, maskCorners, offshoreShare, type MaskGrid } from './great-lakes-water.ts';
import { overWaterAirC, overWaterWindFactor } from './great-lakes-wind.ts';
import { NEW_ENGLAND_SEA_MASK_DATA } from './sea-mask-data.ts';
import { waterTempC } from './water-temperature.ts';

/**
 * The open sea off New England (issue 38: the marine boundary layer). The model's wind and air are fitted to
 * land stations, and over the sea they were the shore's: at NDBC buoy 44005 (Gulf of Maine) the model's
 * sustained wind averaged ~4 m/s against the buoy's ~8, and the air was a land station's (−6 °C in January,
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
 * whose centre is in a New England marine zone (an office's coastal zone or a national centre's offshore zone
 * whose centre is north of 41° N: Long Island Sound to the Canadian border, and south over Georges Bank to
 * ~39.9° N) against US land (a county) and neither (Canada, counted as land here, so the Bay of Fundy's shore
 * is a shore; and the waters the model knows no temperature of: the zones centred south of 41° N and
 * Canada's beyond the Hague Line). The open sea's share grows with the distance from land or those waters as
 * over the lakes (great-lakes-water.ts: 1 − 1/e within 5 km), so it fades to 0 over the same 5 km at the
 * sea's every edge. The grid holds all of New England's zones with a margin (no sea cell on its edge; beyond
 * it the share is 0), so no edge of the grid cuts the sea off in one step. The other coasts keep the shore's
 * wind and air: the model has no water temperature there yet.
 */

/** The mask's grid: south of Georges Bank to the Bay of Fundy, Long Island Sound to beyond the Hague Line. */
export const SEA_MASK_GRID: MaskGrid = { south: 39.75, west: -74.0, step: 0.025, rows: 218, cols: 324 };

/** The mask's cell classes: neither, New England's sea, US land. */
export const SEA = 1;
export const SEA_LAND = 2;

let classesOfCells: Uint8Array | undefined;
let weights: Float32Array | undefined;

const theClasses = (): Uint8Array => (classesOfCells ??= decodeLakeMask(NEW_ENGLAND_SEA_MASK_DATA, SEA_MASK_GRID));

/** Each cell's open-sea share: 0 off the sea, else by its distance from the nearest land or Canadian cell. */
function theWeights(): Float32Array {
  if (weights) return weights;
  const grid = SEA_MASK_GRID;
  const classes = theClasses();
  const fromLand = new Float32Array(classes.length).fill(Infinity);
  for (let k = 0; k < classes.length; k++) if (classes[k] !== SEA) fromLand[k] = 0;
  chamfer(fromLand, new Uint8Array(classes.length), classes, -1, grid);
  weights = new Float32Array(classes.length);
  for (let k = 0; k < classes.length; k++) if (classes[k] === SEA) weights[k] = offshoreShare(fromLand[k]!, grid);
  return weights;
}

/**
 * How much of a place's wind and air is the open sea's (0 to 1): the cells' shares joined bilinearly between
 * their centres; 0 outside the mask, and on land (a place whose own cell is a county's has the shore's air).
 */
export function openSeaWeight(lat: number, lon: number): number {
  const g = SEA_MASK_GRID;
  if (!inMaskBox(g, lat, lon)) return 0;
  const { r, c, fy, fx, own } = maskCorners(g, lat, lon);
  if (theClasses()[own] === SEA_LAND) return 0;
  const w = theWeights();
  const k = r * g.cols + c;
  return (1 - fy) * ((1 - fx) * w[k]! + fx * w[k + 1]!) + fy * ((1 - fx) * w[k + g.cols]! + fx * w[k + g.cols + 1]!);
}

/** The factor on the model's wind over the open sea, share `open`, air at `airC`, at an hour. */
export const overSeaWindFactor = (open: number, airC: number, epochHour: number): number =>
  overWaterWindFactor(open, airC, waterTempC('newEngland', epochHour));

/** The air over the open sea, share `open`, from the model's air `airC`, at an hour. */
export const overSeaAirC = (open: number, airC: number, epochHour: number): number =>
  overWaterAirC(open, airC, waterTempC('newEngland', epochHour));
