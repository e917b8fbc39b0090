import type { AlertEvent } from './alert-events.ts';
import { coldestMonthMeanC, springness, type Climate, type PlaceClimate } from './climate.ts';
import { synopticGustKmh, type Place, type WeatherSample } from './model.ts';
import { iceAccumulationMm, snowfallMm } from './derived-layers.ts';
import { heatIndexC, windChillC } from './physics.ts';
import { cToF, compassPoint, compassWords, kmhToMph } from './units.ts';

/**
 * Which weather earns which NWS hazard product. Thresholds follow common NWS
 * criteria (regionalised crudely by latitude where offices differ most).
 */

export type HazardFamily = 'heat' | 'wind' | 'freeze' | 'winter' | 'cold' | 'flood' | 'fog' | 'marine' | 'spray';

export interface HazardRule {
  readonly event: AlertEvent;
  readonly family: HazardFamily;
  /** VTEC phenomenon and significance, e.g. HT and Y. */
  readonly phenomenon: string;
  readonly significance: 'W' | 'Y' | 'A';
  /** AWIPS product category: NPW (non-precipitation), WSW (winter), FFA (flood watch), MWW (marine). */
  readonly product: 'NPW' | 'WSW' | 'FFA' | 'MWW';
  readonly severity: 'Extreme' | 'Severe' | 'Moderate' | 'Minor';
  readonly sameCode: string;
  /** Hours in hazard needed for a product. */
  readonly minHours: number;
  /** Hazard hours separated by at most this many hours belong to one event. */
  readonly mergeGapHours: number;
  /** Does this hour meet the hazard? */
  hourly(s: WeatherSample, ctx: HazardContext): boolean;
  /**
   * Whole-event criterion (e.g. the snow of the heaviest 12 hours), checked on a place's hours after merging
   * them, with the context of the first: when a zone's window qualifies, and again for every issuance over
   * the hours from the event's first onset to the issuance's end (alerts.ts), so each zone of each alert
   * meets it in its own weather.
   */
  qualifies?(samples: readonly WeatherSample[], ctx: HazardContext): boolean;
  /**
   * The "* WHAT..." sentence: the worst single place's values. Each entry of `places` is one covered place's
   * weather over the alert's valid time, so amounts are that place's own totals (never a sum over zones),
   * and agree with its gridpoint's quantitativePrecipitation and snowfallAmount over the same hours.
   */
  what(places: readonly (readonly WeatherSample[])[]): string;
  readonly impacts: string;
  readonly instruction: string;
  /** The CAP response when the product is in effect; Execute unless said (marine products: Avoid). */
  readonly response?: 'Avoid';
  /**
   * How far ahead of its onset (hours) a cycle lists the product; alerts.ts's default unless said (36 h, a
   * watch the whole horizon). The marine products keep the NWS's own (marine-lead-times.ts).
   */
  readonly leadHours?: number;
  /** The watch a cycle lists instead where the event begins beyond {@link leadHours} (a Gale Watch, GL.A). */
  readonly watch?: HazardRule;
}

/**
 * How long a Marine Weather Message product runs (NWSI 10-315: the Small Craft Advisory, the Gale, Storm and
 * Hurricane Force Wind Warnings, the Freezing Spray Advisory and the Heavy Freezing Spray Warning): from the
 * start of its event to its end (10-315's "marine weather event", with a beginning and an ending time), not
 * one product per spell of hours that meet its criteria. The model's hourly wind and air cross a threshold
 * many times in one blow or one cold outbreak (its noise, and the day's cycle: spray comes with the night's
 * cold), which gave short spells, each listed up to 36 h ahead (freezing spray 10th/50th/90th percentile
 * 3/9/16 h; Lake Ontario's Jan-Feb spray advisories listed at 84/74% of cycles while in effect 16/11%). So,
 * one plain rule for every MWW product:
 * - **lulls are bridged**: of up to 12 h for the wind products, the interval between
 *   the offices' routine marine updates (and the model's issuance cycles, alerts.ts): a lull over before the
 *   next routine update is carried through (CON/EXT, one event number), not cancelled and issued again; for
 *   freezing spray a day (24 h), as spray follows the day's temperature: it comes with the night's cold and
 *   eases in the afternoon, and the day between two nights of spray is one cold outbreak, which the offices
 *   cover with one advisory "until Thursday evening" (Lake Ontario's hourly spray runs in Jan-Feb were 7 h
 *   long at the median, with the lulls between them spread from 1 h to days: 40% under a day). Every issuance
 *   still holds an hour at criteria at each zone it names: an issuance runs to its event's end or 48 h past
 *   its cycle, longer than any lull inside it (the test alerts-justified checks each one);
 * - **three hours at criteria at least**: NWSI 10-303 counts gusts as "frequent" when they last two hours or
 *   more, so a spell of an hour or two earns no product.
 */
export const MWW_EVENT = { minHours: 3, mergeGapHours: 12 } as const;
/** {@link MWW_EVENT} for freezing spray, whose lull is a day. */
export const SPRAY_EVENT = { minHours: 3, mergeGapHours: 24 } as const;

export interface HazardContext {
  readonly place: Place;
  readonly hour: number;
  /** The place's normal weather for the hour's season. */
  readonly climate: Climate;
  /** The place's climate through the year (its normals' cycle). */
  readonly placeClimate: PlaceClimate;
}

function heatIndex(s: WeatherSample): number {
  return heatIndexC(s.temperatureC, s.relativeHumidity);
}

interface Thresholds {
  readonly advisory: number;
  readonly warning: number;
}

// The rules ask for thresholds at every hour of every zone (the alert cycle: 3,933 × 96), so each set is made
// once rather than per call.
const HEAT_NORTH: Thresholds = { advisory: 37.8, warning: 40.6 };
const HEAT_SOUTH: Thresholds = { advisory: 40.6, warning: 43.3 };
const COLD_SOUTH: Thresholds = { advisory: -15, warning: -23 };
const COLD_MIDDLE: Thresholds = { advisory: -23, warning: -29 };
const COLD_NORTH: Thresholds = { advisory: -29, warning: -34 };

/** Northern offices warn at lower heat indices than southern ones, whose people are acclimatised. */
function heatThresholds(lat: number): Thresholds {
  return lat >= 40 ? HEAT_NORTH : HEAT_SOUTH;
}

function windChillOrTemp(s: WeatherSample): number {
  return windChillC(s.temperatureC, s.windSpeedKmh) ?? s.temperatureC;
}

function coldThresholds(lat: number): Thresholds {
  if (lat < 37) return COLD_SOUTH;
  if (lat < 42) return COLD_MIDDLE;
  return COLD_NORTH;
}

/**
 * The NWS frost/freeze program runs only in the growing season: it starts in spring once tender plants are
 * out and ends in autumn after the first hard freeze (28 °F), after which no Frost Advisory or Freeze
 * Warning is issued however cold it gets (Southeast Alaska by late November, the northern plains by late
 * October). Where nothing stops growing (Florida, the Gulf coast, California's valleys) freeze products come
 * all winter. The climatological rule: in season while the place's normal daily mean for the date is at
 * least {@link GROWING_SEASON_MEAN_C} (45 °F, about the normal mean on the date of the first hard freeze in
 * the plains and the Midwest, and the thermal growing season's usual threshold plus a margin); and, outside
 * the East's rule ({@link EASTERN_SEASON_MEAN_C}), poleward of 45° (the northern plains, the Pacific Northwest,
 * Alaska and the Aleutians) only in the warm half of the year as well, roughly May to October, where the
 * maritime coasts stay above that mean into the dark of the year (Seattle's, Adak's), yet their offices run no
 * frost program in winter.
 */
export const GROWING_SEASON_MEAN_C = 7;
const NORTHERN_TIER_LAT = 45;

/**
 * East of the plains ({@link EASTERN_SEASON_WEST_LON}), to the Canadian border, the offices keep a shorter
 * season, by the calendar and the first hard freeze rather than by when it stops freezing: FFC
 * (Atlanta) until a hard freeze or Nov 20 and again from Mar 15 (UGA Extension climate blog, 2017-11 and
 * 2018-11; FFC statement 2022-10-20); BMX from Thanksgiving to Mar 15 (srh.noaa.gov/bmx/?n=winterstats2010;
 * Tuscaloosa News, 2011-11-10); LMK until the first widespread frost or Election Day (WAVE3,
 * 2018-10-19); PAH April to October (crh.noaa.gov PAH story 93814); OHX until the first hard freeze
 * (nashvillesevereweather.com, 2022-10-17); GYX until the first freeze or two weeks after its median date
 * (weather.gov/gyx/ExperimentalFrostFreeze). A normal daily mean of 10 °C (50 °F) falls near those dates
 * north of the Southeast (Paducah's late October and early April, Louisville's early November).
 */
export const EASTERN_SEASON_MEAN_C = 10;
const EASTERN_SEASON_WEST_LON = -92;
/**
 * West of {@link EASTERN_SEASON_WEST_LON} the East's thresholds blend into the West's
 * ({@link GROWING_SEASON_MEAN_C}) over this many degrees of longitude: a line where the threshold stepped by
 * 3-4.75 °C put towns a quarter of a degree apart 50 days apart in days out of the program (63 against 113
 * from September to June at Little Rock's latitude). The offices there (LZK, SHV, SGF) sit across the line.
 */
const EASTERN_BLEND_DEG = 2;
/** The Atlantic coast's longitude and then some: the rule is for the contiguous states, not the islands. */
const EASTERN_SEASON_EAST_LON = -60;
const EASTERN_SEASON_SOUTH_LAT = 24;
/**
 * North past the Canadian border (49° N in Minnesota east of 94° W, 47.5° in Maine): the East's rule is the
 * offices' own up there too (GYX's first freeze or two weeks after its median date covers the north woods of New
 * Hampshire and Maine). Ending it at the northern tier's 45° put the longer season of that tier's rule north of
 * the shorter East's: northern Michigan, Wisconsin and New England had their programs run 15-24 days longer
 * than the towns just south.
 */
const EASTERN_SEASON_NORTH_LAT = 50;

/**
 * The Southeast's program runs by the direction of the season, as its offices set it. In autumn it ends after
 * the first widespread freeze, or on a set date near the median first freeze: FFC's Nov 20, "the
 * climatological median date for a freeze" (UGA Extension, 2018-11); BMX's Thanksgiving, when Birmingham has
 * had its freeze in 90% of years (srh.noaa.gov/bmx/?n=winterstats2010); MHX "after a widespread killing
 * frost" (weather.gov/mhx/FrostFreezeHazard); CHS's coast with its first widespread freeze at the turn of the
 * year (Island Packet, "Freeze spells the end of area's growing season"). In spring it starts again on the
 * median date of the last freeze, "regardless of the actual start of the growing season that year" (MSU
 * Extension garden tips, msucares.com, 2009-11-23): FFC and BMX on Mar 15, CHS on Mar 1 on the coast and Mar
 * 15 inland (WCSC), ILM in early March (WBTW, 2020-03-06), north Florida "mid to late March" (News4JAX,
 * 2021-02-02), central Mississippi's last freeze about Mar 15 (breezynews.com), Mobile's Feb 26 (FOX10,
 * 2022-03-07). Spring's last freeze comes at a warmer normal mean than autumn's first, so one threshold both
 * ways ended the program late and started it early (by 10 °C both ways out of season Atlanta Nov 29 to Feb
 * 27, Birmingham Dec 3 to Feb 23, Jackson Dec 12 to Feb 9). South of {@link SOUTHEAST_LAT} the mean must stay
 * at {@link SOUTHEAST_AUTUMN_MEAN_C} while the normals cool and reach {@link SOUTHEAST_SPRING_MEAN_C} while they
 * warm, blending into the 10 °C of the north over two degrees of latitude: out of season Atlanta Nov 24 to
 * Mar 11, Birmingham Nov 26 to Mar 7, Jackson Dec 4 to Feb 24, Charleston Dec 22 to Feb 17, Mobile Dec 21 to
 * Feb 12. Spring's 11.75 °C runs a few days ahead of the offices' dates (12 °C would start Atlanta on Mar 15),
 * as the model's March nights are milder than the stations': by 12.5 °C (Atlanta from Mar 18) Atlanta,
 * Birmingham and Nashville had no spring frost or freeze product in any of the model's springs of 2025-2028.
 *
 * Where the coldest month's normal mean stays at the autumn threshold or above, the autumn end never comes and
 * the program runs all winter (New Orleans, Baton Rouge, Jacksonville, the Florida peninsula), as LIX's
 * Freeze Warnings for New Orleans in January do (KLIX FZ.W 2026-01-28, 2004-01-27).
 */
export const SOUTHEAST_AUTUMN_MEAN_C = 11;
export const SOUTHEAST_SPRING_MEAN_C = 11.75;
const SOUTHEAST_LAT = 37;
const SOUTHEAST_BLEND_DEG = 2;

/** How far a place is into the East's rule: 0 west of its blend, 1 east of {@link EASTERN_SEASON_WEST_LON}. */
function easternShare(place: Place): number {
  const inside =
    place.lon < EASTERN_SEASON_EAST_LON && place.lat > EASTERN_SEASON_SOUTH_LAT && place.lat < EASTERN_SEASON_NORTH_LAT;
  if (!inside) return 0;
  return Math.min(1, Math.max(0, (place.lon - EASTERN_SEASON_WEST_LON + EASTERN_BLEND_DEG) / EASTERN_BLEND_DEG));
}

/** How far a place is into the Southeast, 0 north of its blend to 1 south of {@link SOUTHEAST_LAT}. */
function southeastShare(place: Place): number {
  return Math.min(1, Math.max(0, (SOUTHEAST_LAT + SOUTHEAST_BLEND_DEG - place.lat) / SOUTHEAST_BLEND_DEG));
}

/**
 * The East's program at an hour: by the season's direction, and all winter where autumn's end never comes;
 * `east` of the way in from the West's threshold (see {@link EASTERN_BLEND_DEG}).
 */
function easternSeason(ctx: HazardContext, east: number): boolean {
  const south = southeastShare(ctx.place);
  const toward = (eastC: number): number => GROWING_SEASON_MEAN_C + east * (eastC - GROWING_SEASON_MEAN_C);
  const autumnC = toward(EASTERN_SEASON_MEAN_C + south * (SOUTHEAST_AUTUMN_MEAN_C - EASTERN_SEASON_MEAN_C));
  const springC = toward(EASTERN_SEASON_MEAN_C + south * (SOUTHEAST_SPRING_MEAN_C - EASTERN_SEASON_MEAN_C));
  const pc = ctx.placeClimate;
  const needC = springness(pc, ctx.hour) > 0 ? springC : autumnC;
  return ctx.climate.meanTempC >= needC || coldestMonthMeanC(pc) >= autumnC;
}

export function growingSeason(ctx: HazardContext): boolean {
  const east = easternShare(ctx.place);
  if (east > 0) return easternSeason(ctx, east);
  const c = ctx.climate;
  return c.meanTempC >= GROWING_SEASON_MEAN_C && (Math.abs(ctx.place.lat) < NORTHERN_TIER_LAT || c.season > 0);
}

function isSnowy(s: WeatherSample): boolean {
  return (s.precipType === 'snow' || s.precipType === 'sleet') && s.precipProbabilityPct >= 60;
}

function isIcy(s: WeatherSample): boolean {
  return s.precipType === 'freezing rain' && s.precipProbabilityPct >= 50;
}

function isRainy(s: WeatherSample): boolean {
  return (s.precipType === 'rain' || s.precipType === 'thunderstorms') && s.precipProbabilityPct >= 50;
}

/** Snow on the ground from a place's hours, cm: the gridpoint's snowfallAmount summed (ten to one). */
export function snowCm(samples: readonly WeatherSample[]): number {
  return samples.reduce((a, s) => a + snowfallMm(s), 0) / 10;
}

/** All liquid-equivalent precipitation of a place's hours, mm: the gridpoint's quantitativePrecipitation summed. */
export function rainMm(samples: readonly WeatherSample[]): number {
  return samples.reduce((a, s) => a + s.qpfMm, 0);
}

/** The most of a per-hour amount over any `hours` consecutive hours of a place's series (all of them if fewer). */
export function mostIn(samples: readonly WeatherSample[], hours: number, amount: (s: WeatherSample) => number): number {
  let sum = 0;
  let most = 0;
  for (let i = 0; i < samples.length; i++) {
    sum += amount(samples[i]!);
    if (i >= hours) sum -= amount(samples[i - hours]!);
    most = Math.max(most, sum);
  }
  return most;
}

/** Snow amounts a Winter Storm Warning needs, cm: in the heaviest 12 hours, or in the heaviest 24. */
interface SnowCriterion {
  readonly in12HoursCm: number;
  readonly in24HoursCm: number;
}

const INCH_CM = 2.54;
const WARNING_SNOW_NORTH: SnowCriterion = { in12HoursCm: 6 * INCH_CM, in24HoursCm: 8 * INCH_CM };
const WARNING_SNOW_SOUTH: SnowCriterion = { in12HoursCm: 4 * INCH_CM, in24HoursCm: 6 * INCH_CM };
const WARNING_SNOW_GULF: SnowCriterion = { in12HoursCm: 2 * INCH_CM, in24HoursCm: 3 * INCH_CM };

/**
 * A Winter Storm Warning's snow, as NWS offices set it (NWSI 10-513 leaves the amounts to the regions): 6
 * inches in 12 hours or 8 in 24 over most of the country; where snow is rarer and an inch or two closes
 * roads, less: 4 in 12 hours or 6 in 24 south of 37° N (Oklahoma, Arkansas, Tennessee, the Carolinas),
 * 2 in 12 hours or 3 in 24 south of 33° N (the Gulf states). By latitude, as the cold products are.
 */
export function warningSnow(lat: number): SnowCriterion {
  if (lat < 33) return WARNING_SNOW_GULF;
  if (lat < 37) return WARNING_SNOW_SOUTH;
  return WARNING_SNOW_NORTH;
}

/**
 * Significant icing: a quarter inch of ice, the NWS's Ice Storm Warning amount. This model issues no Ice
 * Storm Warning, so the Winter Storm Warning carries it, as the NWS's does for heavy mixed precipitation.
 */
export const WARNING_ICE_MM = 6.35;

/** Heavy snow by the place's regional amounts, or significant ice, in a place's hours (gridpoint layers). */
export function meetsWinterStormWarning(samples: readonly WeatherSample[], lat: number): boolean {
  const snow = warningSnow(lat);
  return (
    mostIn(samples, 12, snowfallMm) / 10 >= snow.in12HoursCm ||
    mostIn(samples, 24, snowfallMm) / 10 >= snow.in24HoursCm ||
    iceMm(samples) >= WARNING_ICE_MM
  );
}

/** Ice accreted from a place's hours, mm: the gridpoint's iceAccumulation summed. */
export function iceMm(samples: readonly WeatherSample[]): number {
  return samples.reduce((a, s) => a + iceAccumulationMm(s), 0);
}

/** A Winter Weather Advisory's snow: 2 inches. */
const ADVISORY_SNOW_CM = 5.08;
/** The most an advisory's text quotes, inches: the usual warning amount (longer, lighter snows reach it). */
const ADVISORY_TEXT_LIMIT_IN = 6;

/** The hour's rain, mm: the amount of an hour whose weather is rain or thunderstorms. */
function rainfallMm(s: WeatherSample): number {
  return s.precipType === 'rain' || s.precipType === 'thunderstorms' ? s.qpfMm : 0;
}

/** A Flood Watch's 24-hour rain, mm: 2 inches anywhere. */
export const FLOOD_RAIN_24H_MM = 50.8;

/**
 * What six hours of rain a Flood Watch needs, mm: a stand-in for the River Forecast Centers' flash-flood
 * guidance, which is lowest where the ground sheds water (an inch over the desert's baked soils and slick
 * rock) and highest where it is used to soaking rain (three inches in the humid East). By the climate's
 * moisture, 0 for a desert to 1 for the Gulf coast.
 */
export function floodGuidance6hMm(moisture: number): number {
  return 25.4 * (1 + 2 * Math.max(0, Math.min(1, (moisture - 0.3) / 0.6)));
}

/** Heavy rain in a place's hours: 2 inches in a day, or six hours' rain past the place's flood guidance. */
export function meetsFloodWatch(samples: readonly WeatherSample[], climate: Climate): boolean {
  return (
    mostIn(samples, 24, rainfallMm) >= FLOOD_RAIN_24H_MM ||
    mostIn(samples, 6, rainfallMm) >= floodGuidance6hMm(climate.moisture)
  );
}

/** The worst place's value of a measure. */
function worst(places: readonly (readonly WeatherSample[])[], measure: (ss: readonly WeatherSample[]) => number) {
  return places.reduce((m, ss) => (ss.length ? Math.max(m, measure(ss)) : m), -Infinity);
}

/** The worst place by a measure, with its samples. */
function worstPlace(
  places: readonly (readonly WeatherSample[])[],
  measure: (ss: readonly WeatherSample[]) => number,
): readonly WeatherSample[] {
  let best: readonly WeatherSample[] = [];
  let value = -Infinity;
  for (const ss of places) {
    if (!ss.length) continue;
    const v = measure(ss);
    if (v > value) [best, value] = [ss, v];
  }
  return best;
}

function maxOf(samples: readonly WeatherSample[], f: (s: WeatherSample) => number): number {
  return samples.reduce((m, s) => Math.max(m, f(s)), -Infinity);
}

function minOf(samples: readonly WeatherSample[], f: (s: WeatherSample) => number): number {
  return samples.reduce((m, s) => Math.min(m, f(s)), Infinity);
}

/** The lowest value of a measure over every place and hour. */
function coldest(places: readonly (readonly WeatherSample[])[], f: (s: WeatherSample) => number): number {
  return -worst(places, (ss) => -minOf(ss, f));
}

function fahrenheitBelowZero(c: number): string {
  const f = Math.round(cToF(c));
  return f < 0 ? `${-f} below zero` : `${f}`;
}

/**
 * "3 to 5 inches": a range holding the amount, in whole inches, as NWS text gives it. `below` caps the top
 * under a warning's criterion (inches), so an advisory never quotes warning amounts.
 */
export function snowRange(cm: number, below = Infinity): string {
  const inches = cm / 2.54;
  if (inches < 1) return 'up to one inch';
  const lo = Math.floor(inches);
  const hi = Math.min(lo + 2, Math.ceil(below) - 1);
  return hi > lo ? `${lo} to ${hi} inches` : `around ${lo} inches`;
}

/** Ice as the NWS words it: a glaze, a quarter inch, half an inch. */
function iceRange(mm: number): string {
  if (mm < WARNING_ICE_MM) return 'a light glaze to around one tenth of an inch';
  if (mm < 2 * WARNING_ICE_MM) return 'one quarter to one half of an inch';
  return 'one half of an inch or more';
}

/** "2 to 3 inches" of rain, holding the amount. */
export function rainRange(mm: number): string {
  const inches = mm / 25.4;
  // A watch already in effect quotes what is still to come, which can be under an inch.
  if (inches < 1) return 'up to one inch';
  const lo = Math.floor(inches);
  return `${lo} to ${lo + 1} inches`;
}

const MPH = 1.609344;

interface WindCriterion {
  readonly sustainedKmh: number;
  readonly gustKmh: number;
}

/**
 * NWS wind criteria (NWSI 10-515): a Wind Advisory for sustained 31 mph for an hour or gusts of 46 mph, a
 * High Wind Warning for sustained 40 mph or gusts of 58 mph. Some offices set their own (higher in windy
 * places); one national set is used, so every alert meets the national criteria in its gridpoint.
 */
export const WIND_CRITERIA: { readonly advisory: WindCriterion; readonly warning: WindCriterion } = {
  advisory: { sustainedKmh: 31 * MPH, gustKmh: 46 * MPH },
  warning: { sustainedKmh: 40 * MPH, gustKmh: 58 * MPH },
};

/** A speed to the nearest 5 mph, as the NWS words wind: within 2.5 mph of the value. */
function mphTo5(kmh: number): number {
  return Math.round(kmhToMph(kmh) / 5) * 5;
}

/**
 * A wind product's "* WHAT..." sentence from the covered places' own hours: the range's top is the highest
 * sustained wind any covered place's grid holds over the valid time (its windSpeed, to the nearest 5 mph), the
 * gust the highest gust (without a thunderstorm's outflow, {@link synopticGustKmh}), the direction that of the
 * worst gust's hour. The top was the worst-gust place's peak rounded and then raised to its low end plus 5, so
 * a grid peaking at 29 mph read "30 to 35 mph" (issue 38 item 4); the low end now gives way to the top.
 */
function windWhat(places: readonly (readonly WeatherSample[])[]): string {
  const gusty = worstPlace(places, (ss) => maxOf(ss, synopticGustKmh));
  const worst = gusty.reduce((a, s) => (synopticGustKmh(s) > synopticGustKmh(a) ? s : a));
  const windy = worstPlace(places, (ss) => maxOf(ss, (s) => s.windSpeedKmh));
  const hi = mphTo5(maxOf(windy, (s) => s.windSpeedKmh));
  const lo = Math.min(mphTo5(minOf(windy, (s) => s.windSpeedKmh)), hi - 10);
  const speed = lo >= 5 ? `${lo} to ${hi}` : `up to ${hi}`;
  const gust = mphTo5(synopticGustKmh(worst));
  return `${compassWords(compassPoint(worst.windDirectionDeg))} winds ${speed} mph with gusts up to ${gust} mph expected.`;
}

const HEAT_IMPACTS = 'Hot temperatures and high humidity may cause heat illnesses.';
const HEAT_INSTRUCTION =
  'Drink plenty of fluids, stay in an air-conditioned room, stay out of the sun, and check up on relatives and neighbors. ' +
  'Young children and pets should never be left unattended in vehicles under any circumstances.';

export const HAZARD_RULES: readonly HazardRule[] = [
  {
    event: 'Extreme Heat Warning',
    family: 'heat',
    phenomenon: 'XH',
    significance: 'W',
    product: 'NPW',
    severity: 'Severe',
    sameCode: 'EHW',
    minHours: 2,
    mergeGapHours: 20,
    hourly: (s, c) => heatIndex(s) >= heatThresholds(c.place.lat).warning,
    what: (ps) =>
      `Dangerously hot conditions with heat index values up to ${Math.round(cToF(worst(ps, (ss) => maxOf(ss, heatIndex))))} expected.`,
    impacts:
      'Extreme heat will significantly increase the potential for heat related illnesses, particularly for those working or participating in outdoor activities.',
    instruction: HEAT_INSTRUCTION,
  },
  {
    event: 'Heat Advisory',
    family: 'heat',
    phenomenon: 'HT',
    significance: 'Y',
    product: 'NPW',
    severity: 'Moderate',
    sameCode: 'NWS',
    minHours: 2,
    mergeGapHours: 20,
    hourly: (s, c) => heatIndex(s) >= heatThresholds(c.place.lat).advisory,
    what: (ps) => `Heat index values up to ${Math.round(cToF(worst(ps, (ss) => maxOf(ss, heatIndex))))} expected.`,
    impacts: HEAT_IMPACTS,
    instruction: HEAT_INSTRUCTION,
  },
  {
    event: 'High Wind Warning',
    family: 'wind',
    phenomenon: 'HW',
    significance: 'W',
    product: 'NPW',
    severity: 'Severe',
    sameCode: 'HWW',
    minHours: 1,
    mergeGapHours: 4,
    hourly: (s) =>
      s.windSpeedKmh >= WIND_CRITERIA.warning.sustainedKmh || synopticGustKmh(s) >= WIND_CRITERIA.warning.gustKmh,
    what: windWhat,
    impacts:
      'Damaging winds will blow down trees and power lines. Widespread power outages are expected. Travel will be difficult, especially for high profile vehicles.',
    instruction:
      'People should avoid being outside in forested areas and around trees and branches. If possible, remain in the lower levels of your home during the windstorm, and avoid windows. Use caution if you must drive.',
  },
  {
    event: 'Wind Advisory',
    family: 'wind',
    phenomenon: 'WI',
    significance: 'Y',
    product: 'NPW',
    severity: 'Moderate',
    sameCode: 'NWS',
    minHours: 2,
    mergeGapHours: 4,
    hourly: (s) =>
      s.windSpeedKmh >= WIND_CRITERIA.advisory.sustainedKmh || synopticGustKmh(s) >= WIND_CRITERIA.advisory.gustKmh,
    what: windWhat,
    impacts:
      'Gusty winds will blow around unsecured objects. Tree limbs could be blown down and a few power outages may result.',
    instruction:
      'Winds this strong can make driving difficult, especially for high profile vehicles. Use extra caution.',
  },
  {
    event: 'Freeze Warning',
    family: 'freeze',
    phenomenon: 'FZ',
    significance: 'W',
    product: 'NPW',
    severity: 'Moderate',
    sameCode: 'FZW',
    minHours: 2,
    mergeGapHours: 3,
    hourly: (s, c) => s.temperatureC <= 0 && growingSeason(c),
    what: (ps) =>
      `Sub-freezing temperatures as low as ${Math.round(cToF(coldest(ps, (s) => s.temperatureC)))} expected.`,
    impacts:
      'Frost and freeze conditions will kill crops, other sensitive vegetation and possibly damage unprotected outdoor plumbing.',
    instruction:
      'Take steps now to protect tender plants from the cold. To prevent freezing and possible bursting of outdoor water pipes they should be wrapped, drained, or allowed to drip slowly.',
  },
  {
    event: 'Frost Advisory',
    family: 'freeze',
    phenomenon: 'FR',
    significance: 'Y',
    product: 'NPW',
    severity: 'Minor',
    sameCode: 'NWS',
    minHours: 2,
    mergeGapHours: 3,
    hourly: (s, c) =>
      s.temperatureC > 0 && s.temperatureC <= 2.5 && s.skyCoverPct <= 40 && s.windSpeedKmh <= 12 && growingSeason(c),
    what: (ps) =>
      `Temperatures as low as ${Math.round(cToF(coldest(ps, (s) => s.temperatureC)))} will result in frost formation.`,
    impacts: 'Frost could harm sensitive outdoor vegetation.',
    instruction: 'Take steps now to protect tender plants from the cold.',
  },
  {
    event: 'Winter Storm Warning',
    family: 'winter',
    phenomenon: 'WS',
    significance: 'W',
    product: 'WSW',
    severity: 'Severe',
    sameCode: 'WSW',
    minHours: 3,
    mergeGapHours: 3,
    hourly: (s) => isSnowy(s) || isIcy(s),
    qualifies: (ss, c) => meetsWinterStormWarning(ss, c.place.lat),
    what: (ps) =>
      worst(ps, snowCm) < ADVISORY_SNOW_CM
        ? `Significant icing expected. Total ice accumulations of ${iceRange(worst(ps, iceMm))}.`
        : worst(ps, iceMm) >= WARNING_ICE_MM
          ? `Heavy mixed precipitation expected. Total snow accumulations of ${snowRange(worst(ps, snowCm))} and ice accumulations of ${iceRange(worst(ps, iceMm))}.`
          : `Heavy snow expected. Total snow accumulations of ${snowRange(worst(ps, snowCm))}.`,
    impacts: 'Travel could be very difficult to impossible. The hazardous conditions could impact the commute.',
    instruction:
      'If you must travel, keep an extra flashlight, food, and water in your vehicle in case of an emergency. The latest road conditions can be obtained by calling 5 1 1.',
  },
  {
    event: 'Winter Weather Advisory',
    family: 'winter',
    phenomenon: 'WW',
    significance: 'Y',
    product: 'WSW',
    severity: 'Moderate',
    sameCode: 'NWS',
    minHours: 2,
    mergeGapHours: 3,
    hourly: (s) => isSnowy(s) || isIcy(s),
    // Where the same hours meet a warning's amounts the warning's window replaces this one (placeHazards).
    qualifies: (ss) => snowCm(ss) >= ADVISORY_SNOW_CM || ss.filter(isIcy).length >= 2,
    what: (ps) =>
      worst(ps, (ss) => ss.filter(isIcy).length) >= 2 && worst(ps, snowCm) < ADVISORY_SNOW_CM
        ? 'Freezing rain expected. Total ice accumulations of a light glaze to around one tenth of an inch.'
        : `Snow expected. Total snow accumulations of ${snowRange(worst(ps, snowCm), ADVISORY_TEXT_LIMIT_IN)}.`,
    impacts: 'Plan on slippery road conditions. The hazardous conditions could impact the commute.',
    instruction:
      'Slow down and use caution while traveling. The latest road conditions can be obtained by calling 5 1 1.',
  },
  {
    event: 'Extreme Cold Warning',
    family: 'cold',
    phenomenon: 'EC',
    significance: 'W',
    product: 'NPW',
    severity: 'Severe',
    sameCode: 'ECW',
    minHours: 2,
    mergeGapHours: 6,
    hourly: (s, c) => windChillOrTemp(s) <= coldThresholds(c.place.lat).warning,
    what: (ps) =>
      `Dangerously cold wind chills as low as ${fahrenheitBelowZero(coldest(ps, windChillOrTemp))} expected.`,
    impacts: 'The dangerously cold wind chills could cause frostbite on exposed skin in as little as 10 minutes.',
    instruction:
      'Avoid going outside during the coldest parts of the night. If you must go outside, dress in layers and cover exposed skin.',
  },
  {
    event: 'Cold Weather Advisory',
    family: 'cold',
    phenomenon: 'CW',
    significance: 'Y',
    product: 'NPW',
    severity: 'Moderate',
    sameCode: 'NWS',
    minHours: 2,
    mergeGapHours: 6,
    hourly: (s, c) => windChillOrTemp(s) <= coldThresholds(c.place.lat).advisory,
    what: (ps) => `Very cold wind chills as low as ${fahrenheitBelowZero(coldest(ps, windChillOrTemp))} expected.`,
    impacts: 'The cold wind chills could cause frostbite on exposed skin in as little as 30 minutes.',
    instruction: 'Use caution while traveling outside. Wear appropriate clothing, a hat, and gloves.',
  },
  {
    event: 'Flood Watch',
    family: 'flood',
    phenomenon: 'FA',
    significance: 'A',
    product: 'FFA',
    severity: 'Severe',
    sameCode: 'FFA',
    minHours: 6,
    mergeGapHours: 6,
    hourly: isRainy,
    qualifies: (ss, c) => meetsFloodWatch(ss, c.climate),
    what: (ps) =>
      `Flooding caused by excessive rainfall is possible. Rainfall totals of ${rainRange(worst(ps, rainMm))} are possible.`,
    impacts:
      'Excessive runoff may result in flooding of rivers, creeks, streams, and other low-lying and flood-prone locations.',
    instruction:
      'You should monitor later forecasts and be alert for possible Flood Warnings. Those living in areas prone to flooding should be prepared to take action should flooding develop.',
  },
  {
    event: 'Dense Fog Advisory',
    family: 'fog',
    phenomenon: 'FG',
    significance: 'Y',
    product: 'NPW',
    severity: 'Moderate',
    sameCode: 'NWS',
    minHours: 3,
    mergeGapHours: 2,
    hourly: (s) => s.visibilityM <= 400,
    what: () => 'Visibility one quarter mile or less in dense fog.',
    impacts: 'Low visibility could make driving conditions hazardous.',
    instruction: 'If driving, slow down, use your headlights, and leave plenty of distance ahead of you.',
  },
];
