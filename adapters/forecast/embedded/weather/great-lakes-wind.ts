import { iceCover } from './great-lakes-ice.ts';
import type { Lake, LakePlace } from './great-lakes-water.ts';
import { waterTempC, type WaterBody } from './water-temperature.ts';

/**
 * The wind over the Great Lakes (issue 38 item 4: the "gales of November"). The model's wind is fitted to land
 * stations (climate-fit-data.ts), and over a lake it was the shore's: a Gale Warning came on 0.0-0.3% of the
 * lakes' zone-cycles from October to December. Over the open lake the wind is stronger, for two reasons the
 * US Army Corps of Engineers' Coastal Engineering Manual (EM 1110-2-1100, Part II, ch. 2, "Estimating marine
 * and coastal winds"; after Resio and Vincent 1977, "Estimation of winds over the Great Lakes") applies in
 * turn to a land station's wind: the smoother surface (its ratio of over-water to over-land wind, above 1 for
 * all but the strongest winds) and the air's stability over the water (its air-minus-water temperature term:
 * stronger in the unstable air of a cold air mass over warmer water, weaker under the stable marine inversion
 * of warm air over a cold lake, which "acts like a lid which prevents stronger winds aloft from mixing down to
 * the lake", NWS Buffalo's newsletter, "Forecasting Wind and Waves on the Great Lakes").
 *
 * The factor on the model's wind over open water: {@link NEUTRAL_RATIO} in neutral air, times a stability term
 * linear in the air-minus-water temperature (the model's air, water-temperature.ts's water), bounded: TUNED,
 * within the Manual's range, not fitted, as no table of the buoys' monthly winds was found to fit it to. What
 * anchors it: the mid-lake buoys' (NDBC 45002, 45007, 45003, 45008) long-term mean wind at its summer minimum,
 * about 8 kt in June and July (lakeeriewx.com's climatologies of the Mackinac races, 2014), where the model's
 * land wind over those lakes averages 5.6-7 kt; and the NWS's practice, gales on the lakes most autumns'
 * weeks. Near the shore the factor fades to 1 (great-lakes-water.ts), and over the ice (great-lakes-ice.ts),
 * where the air meets a surface like land's.
 */

/** Over-water to over-land wind in neutral air (air and water at one temperature). */
export const NEUTRAL_RATIO = 1.25;
/** The stability term's change per °C of air above the water, and its bounds. */
const STABILITY_PER_C = 0.025;
const STABILITY_MIN = 0.82;
const STABILITY_MAX = 1.35;

/** The water body whose temperature a lake's air sees: its own, Lake St. Clair Erie's and the St. Lawrence Ontario's, as their zones'. */
const waterOf = (lake: Lake): WaterBody => (lake === 'stClair' ? 'erie' : lake === 'stLawrence' ? 'ontario' : lake);

/** The stability term at an air-minus-water difference, °C. */
export const stabilityTerm = (airMinusWaterC: number): number =>
  Math.min(STABILITY_MAX, Math.max(STABILITY_MIN, 1 - STABILITY_PER_C * airMinusWaterC));

/** The factor on the model's wind at a place over a lake, at an hour, with the air at `airC`. */
export function overLakeWindFactor(place: LakePlace, airC: number, epochHour: number): number {
  const open = place.weight * (1 - iceCover(place.lake, epochHour, place.weight));
  if (open <= 0) return 1;
  const ratio = NEUTRAL_RATIO * stabilityTerm(airC - waterTempC(waterOf(place.lake), epochHour));
  return 1 + open * (ratio - 1);
}

/**
 * How far the air over the open lake comes toward the water's temperature. Air crossing a lake takes heat
 * from it in the cold season (the source of lake-effect snow) and gives heat to it in the warm season (the
 * marine layer over a cold lake, which keeps the shore cool), so over the open water the air is warmer in
 * winter and cooler in spring and summer than the model's land-fitted air at the same place. ESTIMATED: a
 * third of the difference over the open lake, less near the shore and over the ice, and at most
 * {@link MOST_AIR_SHIFT_C} either way, so that a mid-lake point and the shore 20 km away differ by what the
 * water explains in most weather without the model's own small-scale weather doubling it (the plausibility
 * suite's neighbours); the stations the model is fitted to are all on land, where it changes nothing.
 */
const AIR_TOWARD_WATER = 0.35;
const MOST_AIR_SHIFT_C = 1.5;

/** The air temperature at a place over a lake, °C, from the model's air there (`airC`) at an hour. */
export function overLakeAirC(place: LakePlace, airC: number, epochHour: number): number {
  const open = place.weight * (1 - iceCover(place.lake, epochHour, place.weight));
  const shift = open * AIR_TOWARD_WATER * (waterTempC(waterOf(place.lake), epochHour) - airC);
  return airC + Math.max(-MOST_AIR_SHIFT_C, Math.min(MOST_AIR_SHIFT_C, shift));
}
