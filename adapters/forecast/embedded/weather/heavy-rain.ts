/**
 * Where and when the model's warm rain comes as flash-flooding downpours: training or slow-moving storms that
 * bring several hours of heavy rain to one place, rather than the same month's rain spread over many light hours.
 *
 * Flash floods come from slow-moving storms and storms that pass again and again over the same area, and are
 * most common in the Southwest's monsoon (July-September: Arizona, New Mexico, southern Utah, where baked soils,
 * slick rock and burn scars shed an inch of rain), the Texas Hill Country, the Ozarks, the Appalachians and the
 * Gulf coast's tropical moisture (Ashley & Ashley 2008, "Flood fatalities in the United States", J. Appl. Meteor.
 * Climatol. 47, 805-818, https://doi.org/10.1175/2007JAMC1611.1). The NWS issues some 4,000 Flash Flood
 * Warnings a year: about 13% of ~30,000 storm-based warnings a year 2012-2021 (WNCN, "Who issues warnings and
 * where are they issued the most?", 2022-03-24, cbs17.com), and 3,160 from 1 January to 16 July 2025, the most
 * for that part of a year since 1986 (Iowa Environmental Mesonet's VTEC counts,
 * https://mesonet.agron.iastate.edu/vtec/, as reported by Axios in July 2025).
 *
 * The model's hourly amounts were spread thin (its thunderstorm runs brought 1.6/5.6/12.4 mm, median/90th/99th
 * percentile, and ~40-90 flash flood warnings a year); here a warm rain hour's intensity is multiplied where a
 * slow (12-hour, 60 km, drifting 10 km/h) noise of training cells peaks, by up to 1 + {@link TRAINING_GAIN} ×
 * the place's and season's weight (1 in the favoured regions, 2.5 in the monsoon, whose dry air otherwise rains
 * lightly). The air's temperature stays the model's, and the month's factor (monthly-precip.ts) takes the month
 * back to its normal, so the rest of its rain hours get lighter: fewer, heavier events, the same total. The
 * factor measures every hour where training may come (model.ts, rawPrecipTotal), as every second hour can miss a
 * run or count it twice.
 *
 * Training storms rain where they are: an hour they rain in several times over is a likely wet one, so its chance
 * of rain rises with the factor ({@link trainingPop}, 90% from ×13). Left at the hour's own chance (the
 * monsoon's dry air gives 20-40%), a downpour hour was rarely the likely rain (50% or more) a Flash Flood Warning
 * needs (storm-warnings.ts), and Arizona had ~65 warnings a year where its offices (Phoenix, Tucson, Flagstaff)
 * send a few hundred (Iowa Environmental Mesonet's VTEC counts by office and year,
 * https://mesonet.agron.iastate.edu/vtec/).
 *
 * And in the West they are the day's storms: the monsoon's cells grow from the afternoon's convection, so their
 * strength follows the place's thunderstorm timing (convective-climate.ts's convectiveTiming), down to
 * {@link TRAINING_FLOOR} of it outside ({@link trainingStrength}). Flash floods over the western United States come "in the mid-afternoon to early evening with a peak
 * [...] at approximately 1530 LST" (NCDC Storm Data 1981-2010, "Diurnal and seasonal variations in flash floods
 * across the western United States", https://discovery.researcher.life/article/diurnal-and-seasonal-variations-in-flash-floods-across-the-western-united-states/fc434d638b153075b5b28591772b1927);
 * untimed, Arizona's came at any hour (45% from 18 to 04 UTC, 11 to 21 MST).
 */

import { season } from './convective-climate.ts';

/** How much more the heaviest training cell rains than the hour otherwise would, less one. */
export const TRAINING_GAIN = 35;
/** The share of the West's training cells' strength outside the day's storm hours ({@link trainingStrength}). */
export const TRAINING_FLOOR = 0.15;
/** The training factor from which a training hour's chance of rain is {@link TRAINING_POP} ({@link trainingPop}). */
const TRAINING_POP_FACTOR = 13;
/** A training hour's chance of rain where its cells are strong, %. */
const TRAINING_POP = 90;
/** The cells' noise (about ±1) from where training begins to where it is full. */
const TRAINING_FROM = 0.35;
const TRAINING_FULL = 0.8;
/** Warm rain only: below this the hour's precipitation may be snow, whose amounts the winter products quote. */
export const TRAINING_MIN_C = 12;

/** A region of heavy rain: its centre, its extent (degrees, to 1/e), its season's peak day and width (days), weight. */
const REGIONS: readonly (readonly [
  lat: number,
  lon: number,
  dLat: number,
  dLon: number,
  day: number,
  width: number,
  w: number,
])[] = [
  // The Southwest's monsoon: Arizona, New Mexico, southern Utah and Colorado, July to mid-September.
  [34, -110, 4, 6, 218, 32, 2.5],
  // The Texas Hill Country, late spring and early autumn (Gulf moisture, stalled fronts, tropical remnants).
  [30.5, -98.5, 2.5, 3, 150, 30, 1],
  [30.5, -98.5, 2.5, 3, 270, 30, 0.8],
  // The Ozarks, spring into summer.
  [36.8, -92.5, 2.5, 3.5, 160, 55, 0.9],
  // The Appalachians, summer.
  [37.8, -81, 3, 3.5, 195, 45, 0.8],
  // The Gulf coast and the Southeast's tropical moisture, June to October.
  [31, -88, 3, 9, 220, 55, 0.8],
];
/** Elsewhere east of the Rockies, the summer's heavy-rain storms: a background share. */
const BACKGROUND = 0.6;

/** How much a place on a day of the year (1–366) favours training heavy-rain storms, 0–2.5 (REGIONS' weights). */
export function heavyRainWeight(lat: number, lon: number, seasonDay: number): number {
  let w = 0;
  for (const [la, lo, dLa, dLo, day, width, weight] of REGIONS) {
    const near = Math.exp(-(((lat - la) / dLa) ** 2) - ((lon - lo) / dLo) ** 2);
    if (near > 0.01) w = Math.max(w, weight * near * season(seasonDay, day, width));
  }
  // East of the Rockies (from 104° W, whole by 101° W) and south of 47° N (whole by 44° N), the summer's background.
  const east = Math.min(1, Math.max(0, (lon + 104) / 3)) * Math.min(1, Math.max(0, (47 - lat) / 3));
  return Math.max(w, BACKGROUND * east * season(seasonDay, 200, 55));
}

/**
 * How strong the training cells are at an hour of the day at longitude `lon`, 0–1: in the West (to 104° W, then
 * less to 101° W, as {@link heavyRainWeight}'s background comes in), {@link TRAINING_FLOOR} and the rest by
 * `timing`, how favoured the hour is for the place's thunderstorms (convective-climate.ts's convectiveTiming,
 * 0–1); east of the Rockies 1 at every hour, its training being the night's storm systems as much as the
 * afternoon's and the Gulf's tropical rain (timed there as in the West, 85% of the East's warnings came from 12
 * to 18 local, against 30% untimed).
 */
export function trainingStrength(timing: number, lon: number): number {
  const west = Math.min(1, Math.max(0, (-101 - lon) / 3));
  return 1 - west * (1 - TRAINING_FLOOR) * (1 - Math.min(1, Math.max(0, timing)));
}

/**
 * The factor on a rain hour's intensity: 1, or up to 1 + {@link TRAINING_GAIN} where the training cells' noise
 * `cell` peaks, by the place's and season's `weight` ({@link heavyRainWeight}) and the hour's `strength`
 * ({@link trainingStrength}; 1 by default), in air of `temperatureC`.
 */
export function trainingFactor(weight: number, cell: number, temperatureC: number, strength = 1): number {
  if (weight <= 0 || temperatureC < TRAINING_MIN_C) return 1;
  const t = Math.min(1, Math.max(0, (cell - TRAINING_FROM) / (TRAINING_FULL - TRAINING_FROM)));
  return 1 + TRAINING_GAIN * weight * t * strength;
}

/**
 * A training hour's chance of rain (whole percent), from the hour's own `pop` and its training `factor`
 * ({@link trainingFactor}): raised toward {@link TRAINING_POP} as the factor grows, there from
 * ×{@link TRAINING_POP_FACTOR}; never lowered.
 */
export function trainingPop(pop: number, factor: number): number {
  if (pop >= TRAINING_POP || factor <= 1) return pop;
  const t = Math.min(1, (factor - 1) / (TRAINING_POP_FACTOR - 1));
  return Math.round(pop + (TRAINING_POP - pop) * t);
}

/**
 * The flash flood guidance of a place for three hours of rain, mm: what the River Forecast Centers' guidance
 * is lowest where the ground sheds water (an inch over the desert's baked soils, slick rock and burn scars, west
 * of ~104° W) and higher where it soaks rain in (two inches in the humid East). A Flash Flood Warning wants
 * that much in the three hours to the one it is sent in (storm-warnings.ts).
 */
export function flashFloodGuidance3hMm(lon: number): number {
  return 25.4 * (1 + Math.min(1, Math.max(0, (lon + 106) / 6)));
}
