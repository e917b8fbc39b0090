import { iceCover } from './great-lakes-ice.ts';
import type { Lake, LakePlace } from './great-lakes-water.ts';
import { monthlyJoin, waterTempC, type WaterBody } from './water-temperature.ts';

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
 *
 * The air the stability term sees is the land-fitted air's **daily mean** (model.ts), not its hour. The land's
 * day and night (its afternoons heated by the ground, its nights cooled by it) are the land's surface, which
 * the air crossing the open lake leaves behind: over the water the air has almost no daily cycle, and the
 * water none. Taken at the land's hour, the stability followed the shore's afternoons, and they hurt the
 * autumn most, when the water is warmest against the air: Lake Michigan's October days reach 16-18 °C over
 * water at 13-14 °C, so every sunny October afternoon made the open lake stable, while November's afternoons
 * stay under the water's temperature. The lakes' gales came five times less often in October than in November
 * (gale-force hours at four mid-lake points over 20 years, Oct/Nov: Michigan 0.42/2.14%, Erie 0.30/1.37%,
 * Ontario 0.22/0.62%, Superior 0.12/0.54%); on the day's air 0.71/2.48, 0.53/1.65, 0.36/0.78, 0.26/0.69%,
 * October a third of November, as NWS Marquette describes the lakes' gale season: September to December,
 * most in the fall, "the unstable lake season" of warm water under the cooler air masses. (Tried and not kept:
 * taking the land-fitted wind factor's annual mean over open water, as if its monthly swing were all the
 * land's surface: it cut November-January's gales by half and left October's as they were.)
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
  return open <= 0 ? 1 : overWaterWindFactor(open, airC, waterTempC(waterOf(place.lake), epochHour));
}

/**
 * The factor on the model's wind where a share `open` (0 to 1) of it is the open water's, with the air at
 * `airC` over water at `waterC`: the lakes' and the open sea's (sea-water.ts) alike. `gain` multiplies the open
 * water's ratio: the open sea's growth with the distance offshore (sea-water.ts's fetchGain); 1 over the lakes.
 */
export const overWaterWindFactor = (open: number, airC: number, waterC: number, gain = 1): number =>
  1 + open * (NEUTRAL_RATIO * gain * stabilityTerm(airC - waterC) - 1);

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
  return overWaterAirC(open, airC, waterTempC(waterOf(place.lake), epochHour));
}

/** The air where a share `open` of it is the open water's, from the model's air `airC` and the water's `waterC`. */
export function overWaterAirC(open: number, airC: number, waterC: number): number {
  const shift = open * AIR_TOWARD_WATER * (waterC - airC);
  return airC + Math.max(-MOST_AIR_SHIFT_C, Math.min(MOST_AIR_SHIFT_C, shift));
}

/**
 * The season of the lakes' storms, the share of the wind's stretched tail (wind-tail.ts) over the open lake,
 * by month (mid-month, January to December). The land's tail, fitted to the NWS's land wind products, is most
 * in late winter and spring; over the lakes the storms are deepest in the autumn: of the cyclones crossing
 * the western Great Lakes from October to February (1955-1976, 469 of them), "November cyclones had the
 * lowest mean pressure and strongest pressure gradient of the 5 months examined, but cyclonic frequencies were
 * greatest in December and January" ("Winter Cyclones and Circulation Patterns on the Western Great Lakes",
 * its abstract as scilit.net gives it); and the "gales of November" of the lakes' shipping lore, when the cold
 * outbreaks first meet water still at its autumn warmth (NWS Cleveland's note in the Sandusky Register,
 * "Gales of November come often", 2016). The lakes deepen the storms that cross them only in their ice-free
 * unstable season, September to November: in the ice-cover season (January to March) passing cyclones
 * accelerated less and "rates of intensification ... did not change" over the lakes (Angel and Isard 1997,
 * Monthly Weather Review 125: 2228-2237, 583 cyclones of 1965-1990). The storm damage on the US shores
 * follows: reports "reach a maximum in November, decline during the winter months, and reach a secondary
 * maximum in April" (Angel 1995, Journal of Great Lakes Research 21: 287-293, 1959-1990); and NWS Duluth
 * counts "late October through December" its "primary favored season" for Gale Warnings, a third of them
 * issued around November (Boreal Community Media, 21 Nov 2024, from the office's counts since the mid-2000s).
 * So the tail here peaks in October-November, keeps most of it in December, falls to under a third from
 * January to March, when the lakes no longer feed the storms, with April's secondary rise, and the lakes' ice
 * takes more (overLakeWindFactor, and marine-alert-rules.ts keeps the wind products off iced waters). TUNED in
 * shape to those sources, not fitted: no monthly count of the lakes' gales was found to fit it to. (It had
 * January at 0.6 and December at 0.85: January's gale hours at four mid-lake points over 20 years were 1.13
 * of November's, December's 1.20; now 0.88 and 1.07. The rest of January's is the stability term's, above.)
 */
const LAKE_STORM_SEASON = [0.3, 0.28, 0.3, 0.4, 0.3, 0.25, 0.25, 0.3, 0.55, 1, 1, 0.7];

/** The lakes' storm season at a day of the year (climate.ts's seasonDay, 1 to ~366), joined mid-month to mid-month. */
export const lakeStormSeason = (dayOfYear: number): number => monthlyJoin(LAKE_STORM_SEASON, dayOfYear - 1);
