/**
 * Which of a convective hour's showers over water are thunderstorms (model.ts, sample). The model's convection is
 * fitted over land (the dewpoint's instability, the afternoon's timing: hourCore), and a marine zone's gridpoint
 * took the land's storms whole: the waters off San Juan had 1,100-1,300 thunderstorm hours a year, the Florida
 * Keys' hundreds in the dry season. Open water has far fewer: "lightning occurs mainly over land areas, with an
 * average land/ocean ratio of ~10:1" (Christian et al. 2003, "Global frequency and distribution of lightning as
 * observed from space by the Optical Transient Detector", J. Geophys. Res. 108(D1), 4005,
 * https://doi.org/10.1029/2002JD002347), the ocean's convection raining from weak updrafts that seldom electrify
 * (Zipser 1994's and the TRMM features' land-ocean contrast, model.ts stormVigour). So over water a convective
 * hour is a thunderstorm only in its vigorous cells, the storm-cell field's upper part ({@link waterThunderCellMin}),
 * and a shower otherwise (its rain, chance and sky as they were: only its thunder and outflow go).
 *
 * The exception is the warm coastal waters of the Gulf of Mexico, Florida and the Gulf Stream, whose cloud-to-ground
 * lightning is the country's densest ("the highest flash densities ... in the United States along the Gulf of Mexico
 * coast and Florida (exceeding 9 flashes km−2)", Orville et al. 2002, "The North American Lightning Detection Network
 * (NALDN) — first results: 1998-2000", Mon. Wea. Rev. 130, 2098-2109; "the Gulf Stream is outlined by higher flash
 * densities off the East Coast", Orville & Huffines, AMS Annual Meeting 2015,
 * https://ams.confex.com/ams/95Annual/webprogram/Paper256264.html; Florida's nocturnal lightning "mostly offshore,
 * related to the Gulf Stream, coastline orientations, the prevailing flow, and land breezes", Lericos et al. 2002,
 * Wea. Forecasting 17, 83-98, https://doi.org/10.1175/1520-0434(2002)017<0083:WSLDOT>2.0.CO;2): their storms keep
 * about half the land's. Least of all Hawaii's, the state with the least lightning (Vaisala's NLDN, 2022: 27,235
 * events, against Texas's 27.7 million; Hana, its "lightning capital", 10 a km² against Florida's 474,
 * https://wgntv.com/tom-skilling-2/a-fascinating-look-at-lightning-discharges-over-illinois-in-2022/,
 * https://newsisnow.com/these-us-cities-are-lightning-capitals-report-says/).
 *
 * Those that thunder keep the land's spread of outflow gusts ({@link waterStormCell}). Measured by
 * `npx tsx scripts/storm-hours-report.ts --marine` (the thunderstorm hours a year of one zone, by office): San
 * Juan's waters ~18 (1,116 with the land's storms), Honolulu's ~1 (338), Miami's Atlantic waters ~180 (346), Key
 * West's ~190 (427), Mobile's ~110 (215), figures in docs/forecast-service.md ("Special Marine Warning").
 *
 * Only where the place says it is over water (Place.overWater: a marine zone's gridpoint): the land's places, the
 * normals stations among them, keep their storms.
 */

import { isTropicalIsland } from './climate.ts';

/** The storm-cell value (−1 to 1) a convective hour over the open water needs to thunder. */
const OPEN_WATER_CELL_MIN = 0.45;
/** The same over the warm coastal waters (Gulf, Florida, Gulf Stream), at the full weight of {@link warmWaterWeight}. */
const WARM_WATER_CELL_MIN = 0;
/** The same around the tropical islands, in the trade winds' maritime air. */
const TROPICAL_WATER_CELL_MIN = 0.9;
/** The same around Hawaii, whose lightning is the country's least: the field's top, where it is clamped at 1 (~2%). */
const HAWAII_WATER_CELL_MIN = 1;

/**
 * Among the tropical islands (isTropicalIsland: west of 140° W), Hawaii's waters are those north of the equator:
 * its whole grid (NCEP grid 196, 18.07-23.09° N, 161.5-153.9° W, ndfd-grid.ts), edges and all, and not American
 * Samoa's, at 14° S, 170° W.
 */
const isHawaii = (lat: number, lon: number): boolean => lat > 0 && lon < -140;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * How much of the warm coastal waters' lightning a place over water has, 0-1: the Gulf of Mexico's coasts from Texas
 * to Florida and the Keys, and the Atlantic's along the Gulf Stream to Cape Hatteras, east to ~75° W.
 */
export function warmWaterWeight(lat: number, lon: number): number {
  return (
    sigmoid((lat - 24) / 0.3) * sigmoid((35.5 - lat) / 0.4) * sigmoid((lon + 98) / 0.5) * sigmoid((-75 - lon) / 0.5)
  );
}

/**
 * The storm-cell value (model.ts's STORM_CELL_FIELD, −1 to 1) from which a convective hour over water at the place
 * is a thunderstorm: {@link OPEN_WATER_CELL_MIN} over open water, down to {@link WARM_WATER_CELL_MIN} over the warm
 * coastal waters.
 */
export function waterThunderCellMin(lat: number, lon: number): number {
  if (isTropicalIsland(lat, lon)) return isHawaii(lat, lon) ? HAWAII_WATER_CELL_MIN : TROPICAL_WATER_CELL_MIN;
  return OPEN_WATER_CELL_MIN + (WARM_WATER_CELL_MIN - OPEN_WATER_CELL_MIN) * warmWaterWeight(lat, lon);
}

/**
 * The storm-cell value of a thunderstorm over water for its outflow (model.ts, stormOutflowKmh): its place among the
 * cells that thunder there (from `cellMin` to 1) taken back to the field's whole range (−1 to 1), so the water's
 * thunderstorms have the land's spread of outflow gusts, weak cells and strong, not only the strongest (over land,
 * `cellMin` −Infinity, the cell itself).
 */
export function waterStormCell(cell: number, cellMin: number): number {
  return cellMin === Number.NEGATIVE_INFINITY ? cell : -1 + (2 * (cell - cellMin)) / Math.max(1e-9, 1 - cellMin);
}
