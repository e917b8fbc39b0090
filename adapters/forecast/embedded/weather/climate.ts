/**
 * Climatology: the slowly varying "normal" weather of a place and day of year that
 * the model perturbs. Coefficients are fitted by eye to US station normals
 * (Miami, Phoenix, Denver, Minneapolis, Seattle, San Francisco, Boston...), so the
 * synthetic weather is plausible anywhere in CONUS without shipping any data; Alaska
 * (Utqiagvik, Fairbanks, Anchorage, Juneau) and the tropical islands (Honolulu,
 * San Juan, Guam) have their own terms, checked against their normals in the tests.
 */

import {
  activeClimateField,
  type ClimateField,
  HALF_RANGE,
  LOG_INTENSITY,
  LOG_WIND,
  MEAN,
  seasonalValue,
  STORM,
  type PlaceCorrections,
} from './climate-field.ts';

export interface Place {
  readonly lat: number;
  readonly lon: number;
  readonly elevationM: number;
  /** Set for a place over water (a marine zone's gridpoint): its convection thunders less (marine-convection.ts). */
  readonly overWater?: boolean;
}

export interface Climate {
  /** Normal daily mean temperature for the day, °C. */
  readonly meanTempC: number;
  /** Half the normal clear-sky day-night range, °C. */
  readonly diurnalHalfRangeC: number;
  /** 0 = desert, 1 = very humid. */
  readonly moisture: number;
  /**
   * How much of the dewpoint's depression below the day's air the warm season's moist inflow takes away, 0 to
   * {@link INFLOW_DEPTH}: the Gulf's and the Atlantic's air east of the Rockies in summer (see there).
   */
  readonly inflow: number;
  /** 0 = continental, 1 = on the Pacific coast. */
  readonly maritime: number;
  /** Typical sustained wind, km/h. */
  readonly baseWindKmh: number;
  /** Annual cycle position: 1 at the warmest time of year, -1 at the coldest. */
  readonly season: number;
  /** Added to the model's storminess, which sets the chance of precipitation (fitted to the normals). */
  readonly stormOffset: number;
  /** Factor on precipitation intensity (fitted to the normals). */
  readonly precipScale: number;
  /** Factor on the model's sustained wind and gusts (fitted to the normals' average wind speed). */
  readonly windScale: number;
}

// Pacific coastline as (lat, lon) knots; the only coast that shapes climate across
// the West, because the prevailing flow is onshore there and offshore elsewhere.
const PACIFIC_COAST: readonly (readonly [number, number])[] = [
  [22, -110],
  [32.5, -117.1],
  [34.0, -118.5],
  [34.5, -120.6],
  [36.5, -121.9],
  [38.0, -123.0],
  [40.4, -124.4],
  [43.0, -124.4],
  [46.0, -124.0],
  [48.4, -124.7],
  [55, -132],
  [60, -146],
];

function pacificCoastLon(lat: number): number {
  const first = PACIFIC_COAST[0]!;
  if (lat <= first[0]) return first[1];
  for (let i = 1; i < PACIFIC_COAST.length; i++) {
    const [lat1, lon1] = PACIFIC_COAST[i]!;
    const [lat0, lon0] = PACIFIC_COAST[i - 1]!;
    if (lat <= lat1) return lon0 + ((lon1 - lon0) * (lat - lat0)) / (lat1 - lat0);
  }
  return PACIFIC_COAST[PACIFIC_COAST.length - 1]![1];
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}

/** Moves `from` toward `to` by `weight` (0..1). */
function mix(from: number, to: number, weight: number): number {
  return from + (to - from) * weight;
}

/**
 * Alaska, by its own coarse regions: the Panhandle is mild and wet, the Interior as continental as anywhere.
 * The regions blend over a few tens of kilometres (a hard line put Wasilla in the Interior and Anchorage,
 * 40 km away, on the coast: 22 °F apart on the same morning); later regions in the list win where they meet.
 */
function alaskaMaritime(lat: number, lon: number): number {
  let m = 0.15; // the Interior (Fairbanks)
  m = mix(m, 0.3, sigmoid((lat - 69) / 0.5)); // the Arctic coast: an ocean frozen most of the year
  m = mix(m, 0.6, sigmoid((61.5 - lat) / 0.5)); // the Gulf of Alaska coast, Cook Inlet (Anchorage)
  m = mix(m, 0.45, sigmoid((-158 - lon) / 0.7)); // the Bering Sea coast (Nome, Bethel): ice in winter
  const peninsula = Math.max(sigmoid((56.5 - lat) / 0.5), sigmoid((58.5 - lat) / 0.5) * sigmoid((-153 - lon) / 0.5));
  m = mix(m, 0.8, peninsula); // the Aleutians, the Alaska Peninsula, Kodiak
  return mix(m, 0.85, sigmoid((lon + 141) / 0.5)); // the Panhandle (Juneau, Sitka, Ketchikan)
}

/** The tropical islands: Hawaii, Puerto Rico and the Virgin Islands, Guam and the Marianas, Samoa. */
export function isTropicalIsland(lat: number, lon: number): boolean {
  const absLat = Math.abs(lat);
  if (absLat >= 24) return false;
  return lon < -140 || lon > 120 || (lon > -68.5 && lon < -64);
}

/** 0..1, decaying over ~350 km inland from the Pacific; Hawaii and other open-ocean points count as maritime. */
export function maritimeFactor(lat: number, lon: number): number {
  if (lat > 51 && (lon < -129.5 || lon > 170)) return alaskaMaritime(lat, lon);
  if (isTropicalIsland(lat, lon) || lon < -140 || lon > -50 || lat < 15) return 1;
  const inlandKm = (lon - pacificCoastLon(lat)) * 111 * Math.cos((lat * Math.PI) / 180);
  return Math.exp(-Math.max(0, inlandKm) / 350);
}

/**
 * Surface temperatures on high plateaus fall much more slowly with height than the
 * free atmosphere (Denver is only ~4°C colder than its latitude suggests), so the
 * climatological lapse rate is 3 K/km up to 1600 m and steepens above.
 */
function elevationCooling(elevationM: number): number {
  const z = Math.max(0, elevationM);
  return z <= 1600 ? z * 0.003 : 4.8 + (z - 1600) * 0.006;
}

/** The parts of a place's climate that don't change with the season; costly, so computed once per place. */
export interface PlaceClimate {
  readonly place: Place;
  readonly annualMeanC: number;
  readonly amplitudeC: number;
  readonly peakDay: number;
  readonly maritime: number;
  readonly east: number;
  readonly gulf: number;
  /** How much of the Southwest's summer monsoon reaches the place, 0 to 1 (blended at the region's edges). */
  readonly monsoon: number;
  /** How much of the warm season's moist southerly inflow reaches the place, 0 to 1 ({@link moistInflowReach}). */
  readonly inflowReach: number;
  readonly baseWindKmh: number;
  /**
   * Extra moisture at the height of the wet season, whose peak is `wetPeak` (1 = with the warmest time of
   * year, -1 = with the coldest): Guam's typhoon season (July to November), the Caribbean hurricane season,
   * Hawaii's winter storms. 0 elsewhere.
   */
  readonly wetSeason: number;
  readonly wetPeak: 1 | -1;
  /** A tropical island: moist all year, its wet season its own rather than the Pacific coast's winter. */
  readonly island: boolean;
  /** The normals fit's corrections here (climate-field.ts), or null where no normals station reaches. */
  readonly corrections: PlaceCorrections | null;
}

/**
 * How much colder than 25° N the latitude alone makes a place. 0.85 °C a degree fits CONUS; north of 50° the
 * gradient weakens (Anchorage, Fairbanks), then steepens again over the Arctic's long night.
 */
function latitudeCooling(absLat: number): number {
  const poleward = Math.max(0, absLat - 25);
  return 0.85 * Math.min(poleward, 25) + 0.55 * clamp(absLat - 50, 0, 15) + 1.2 * Math.max(0, absLat - 65);
}

/** `field`: the normals fit to correct by (the one the model uses unless told). */
export function placeClimate(place: Place, field: ClimateField | null = activeClimateField()): PlaceClimate {
  const absLat = Math.abs(place.lat);
  const mW = maritimeFactor(place.lat, place.lon);
  const poleward = Math.max(0, absLat - 25);
  const island = isTropicalIsland(place.lat, place.lon);

  // The low deserts of the Southwest run ~6°C warmer than latitude and elevation imply, most of all in summer.
  const dLat = place.lat - 33.8;
  const dLon = place.lon + 114.5;
  const lowDesert =
    9 * Math.exp(-(dLat * dLat + dLon * dLon) / (2 * 3 * 3)) * clamp((1400 - place.elevationM) / 800, 0, 1);
  // The North Pacific keeps the Northwest coast mild; California's upwelling coast gets no such bonus.
  const mildCoast = 6 * mW * clamp((absLat - 38) / 8, 0, 1);

  const plains = Math.exp(-((place.lon + 99) ** 2) / (2 * 4 * 4)) * clamp((absLat - 28) / 6, 0, 1);
  const east = sigmoid((place.lon + 100) / 2.5);
  // Sea-surface temperatures set the islands' climate: 27-28 °C near 15°, a little cooler by 21° (Honolulu),
  // with an annual swing of 1 to 2.5 °C that grows with latitude.
  const islandMeanC = 27.5 - 0.2 * Math.max(0, absLat - 15);
  return {
    place,
    annualMeanC:
      (island ? islandMeanC : 26.5 - latitudeCooling(absLat) + lowDesert + mildCoast) -
      elevationCooling(place.elevationM),
    amplitudeC: island
      ? 0.5 + 0.1 * absLat
      : Math.min(20, (absLat < 25 ? 1 + (3.5 * absLat) / 25 : 4.5 + 0.65 * poleward) * (1 - 0.9 * mW)) +
        0.4 * lowDesert,
    peakDay: 200 + 30 * mW + (place.lat < 0 ? 182.6 : 0),
    maritime: mW,
    // Gulf and Atlantic moisture reaches everything east of the 100th meridian (the islands have their own).
    east: island ? 0 : east,
    gulf: island ? 0 : east * sigmoid((36 - place.lat) / 3),
    inflowReach: island ? 0 : moistInflowReach(place.lat, place.lon),
    monsoon:
      sigmoid((place.lon + 115) / 0.7) *
      sigmoid((-103 - place.lon) / 0.7) *
      sigmoid((place.lat - 20) / 0.7) *
      sigmoid((38 - place.lat) / 0.7),
    // The trade winds blow steadily over the tropical islands.
    baseWindKmh: 9 + 8 * plains + 4 * mW + (island ? 10 : 0) + clamp(place.elevationM - 1500, 0, 2500) * 0.003,
    wetSeason: island ? (place.lon > 120 ? 0.25 : 0.2) : 0,
    // Guam and the Caribbean are wettest late in the warm season; Hawaii in winter.
    wetPeak: island && place.lon < -140 ? -1 : 1,
    island,
    corrections: field?.at(place.lat, place.lon, place.elevationM) ?? null,
  };
}

/**
 * The warm season's moist inflow. From spring to autumn the low-level southerly flow carries the Gulf of
 * Mexico's and the western Atlantic's air north over the whole country east of the Rockies, and the crops add
 * their own water to it: July mornings (12 UTC) are 80-85% humid at Omaha, Wichita, Minneapolis and Detroit,
 * their dewpoint 15-18 °C at the normals' lows, against 52-54% and 6-13 °C at Reno and Tucson (NOAA's relative
 * humidity normals: scripts/forecast-data/humidity-normals.ts). The analytic moisture, one value for the year,
 * gave the central US the dry West's summer depression: Omaha's July mornings 58% humid, its dewpoint ~11 °C.
 * The inflow takes away up to {@link INFLOW_DEPTH} of the depression at the height of summer, a third of that at
 * the equinoxes and none from mid-autumn to mid-spring, east of ~103° W, fading over the High Plains to none
 * west of the Rockies' front (model.ts: the air the hours report carries it; their convection does not yet).
 */
const INFLOW_DEPTH = 0.8;

/**
 * How much of the warm season's inflow reaches a place, 0 to 1: half at 103° W (Bismarck's 0.7), and half as
 * much near the Gulf coast and in Florida, whose air the analytic moisture already makes the Gulf's (its `gulf`
 * term): there the whole inflow made Miami's and Dallas's summer mornings 2-3 °C too moist.
 */
function moistInflowReach(lat: number, lon: number): number {
  return sigmoid((lon + 103) / 1.5) * (1 - 0.5 * sigmoid((34 - lat) / 2));
}

/** A {@link Climate} that {@link seasonalClimateInto} may fill in again and again. */
export type ClimateScratch = { -readonly [K in keyof Climate]: Climate[K] };

/** An empty scratch climate; its fields start as doubles, the representation they keep. */
export function climateScratch(): ClimateScratch {
  return {
    meanTempC: Number.NaN,
    diurnalHalfRangeC: Number.NaN,
    moisture: Number.NaN,
    inflow: Number.NaN,
    maritime: Number.NaN,
    baseWindKmh: Number.NaN,
    season: Number.NaN,
    stormOffset: Number.NaN,
    precipScale: Number.NaN,
    windScale: Number.NaN,
  };
}

/** A place's climate on a (fractional) day of the year. */
export function seasonalClimate(pc: PlaceClimate, dayOfYear: number): Climate {
  return seasonalClimateInto(pc, dayOfYear, climateScratch());
}

/**
 * {@link seasonalClimate}, written into `out` and returned: the model needs one for every hour it samples, and
 * refilling one object allocates nothing (a new one each hour was a sixth of the alert cycle's allocation).
 */
export function seasonalClimateInto(pc: PlaceClimate, dayOfYear: number, out: ClimateScratch): Climate {
  const season = Math.cos((2 * Math.PI * (dayOfYear - pc.peakDay)) / 365.25);
  // The summer monsoon brings a little moisture to the Southwest; the Pacific coast is wet in winter, dry in summer.
  const monsoon = 0.06 * pc.monsoon * Math.max(0, season);
  const pacific = pc.island ? 0.45 : pc.maritime * (0.5 - 0.15 * season);
  const wet = pc.wetSeason * Math.max(0, pc.wetPeak * season);
  const moisture = clamp(0.2 + 0.5 * pc.east + 0.2 * pc.gulf + pacific + monsoon + wet, 0.1, 0.95);
  out.meanTempC = pc.annualMeanC + pc.amplitudeC * season;
  out.diurnalHalfRangeC = (3 + 4.5 * (1 - moisture)) * (1 - 0.35 * pc.maritime);
  out.stormOffset = 0;
  out.precipScale = 1;
  out.windScale = 1;
  const c = pc.corrections;
  if (c) {
    out.meanTempC += seasonalValue(c, MEAN, dayOfYear);
    // A day's range never closes entirely: 0.5 °C is the calmest, cloudiest sea-level climate's.
    out.diurnalHalfRangeC = Math.max(0.5, out.diurnalHalfRangeC + seasonalValue(c, HALF_RANGE, dayOfYear));
    out.stormOffset = seasonalValue(c, STORM, dayOfYear);
    out.precipScale = Math.exp(seasonalValue(c, LOG_INTENSITY, dayOfYear));
    out.windScale = Math.exp(seasonalValue(c, LOG_WIND, dayOfYear));
  }
  out.moisture = moisture;
  out.inflow = INFLOW_DEPTH * pc.inflowReach * clamp((season + 0.5) / 1.5, 0, 1);
  out.maritime = pc.maritime;
  // Typhoons and tropical storms make the wet season windier too.
  out.baseWindKmh = pc.baseWindKmh * (1 + 1.5 * wet);
  out.season = season;
  return out;
}

/**
 * 1 at the spring equinox of the place's temperature cycle, −1 at the autumn one (peakDay is the warmest day):
 * positive while the normals warm, from the coldest day to the warmest, negative while they cool.
 */
export function springness(pc: PlaceClimate, epochHour: number): number {
  return -Math.sin((2 * Math.PI * (seasonDay(epochHour) - pc.peakDay)) / 365.25);
}

/** Each place's coldest month's normal mean, worked out once ({@link coldestMonthMeanC}). */
const coldestMonthMeans = new WeakMap<PlaceClimate, number>();
/** Mid-month days of the year: where the normals fit's monthly corrections are the months' own values. */
const MID_MONTH_DAYS = Array.from({ length: 12 }, (_, m) => 1 + ((m + 0.5) * 365.2425) / 12);

/**
 * The normal daily mean of the place's coldest month, °C: the lowest of its twelve mid-month values, as
 * NOAA's monthly normals give a January mean.
 */
export function coldestMonthMeanC(pc: PlaceClimate): number {
  let coldest = coldestMonthMeans.get(pc);
  if (coldest === undefined) {
    const scratch = climateScratch();
    coldest = Math.min(...MID_MONTH_DAYS.map((day) => seasonalClimateInto(pc, day, scratch).meanTempC));
    coldestMonthMeans.set(pc, coldest);
  }
  return coldest;
}

/**
 * Position in the year, 1 to ~366, straight from the epoch hour. It follows the
 * tropical year rather than the calendar, so it has no jump at New Year or leap days.
 */
export function seasonDay(epochHour: number): number {
  const year = 365.2425;
  return ((((epochHour / 24) % year) + year) % year) + 1;
}

/**
 * The shape of one day's temperature cycle, tied to the sun: coldest at sunrise, warming on a half sine to a
 * peak two to four hours after solar noon, easing down to sunset, then cooling fast and ever more slowly
 * through the night (the Parton-Logan model of daily temperature). Hours are local apparent solar time.
 */
export interface DiurnalCycle {
  readonly sunrise: number;
  readonly sunset: number;
  /** Solar hour of the day's warmest moment. */
  readonly peak: number;
  /** The shape's value at sunset, chosen so the afternoon and the night meet without a kink. */
  readonly atSunset: number;
  /** Night cooling rate, per hour. */
  readonly cooling: number;
  /** Hours from sunset to sunrise. */
  readonly night: number;
  /** 1 − e^(−cooling × night): the night curve's normaliser. */
  readonly nightSpan: number;
  /** The night curve's slope at sunset, per hour of the full fall from sunset to sunrise. */
  readonly nightSlope: number;
  /** 0 in the polar night (no sun, no cycle) rising to 1 once the day is four hours long. */
  readonly strength: number;
}

/**
 * Night cooling: a fast fall after sunset that slows by this rate, per hour, blended with a steady fall
 * (its share {@link STEADY_COOLING}) that keeps the ground losing heat until sunrise, so the coldest hour is
 * the dawn's, not the middle of the night's.
 */
const NIGHT_COOLING = 0.18;
const STEADY_COOLING = 0.4;
/** Below this day length the shape keeps this length and fades instead (the polar night has no cycle). */
const SHORTEST_DAY = 4;
/** Above this the night keeps this length (the midnight sun still dips a little around solar midnight). */
const LONGEST_DAY = 20;

/**
 * The day's cycle from its sunrise and sunset (solar hours) and how dry the air is (0 humid … 1 desert):
 * the peak lags solar noon by about a fifth of the day length, at most three hours (2 PM in a short winter
 * day, 3 PM in summer), and up to an hour more in dry air, which heats deeper before the ground loses more than it gets.
 */
export function diurnalCycle(dayLength: number, dryness: number): DiurnalCycle {
  const length = clamp(dayLength, SHORTEST_DAY, LONGEST_DAY);
  const sunrise = 12 - length / 2;
  const sunset = 12 + length / 2;
  const peak = Math.min(sunset - 1, 12 + Math.min(0.22 * length, 3) + 0.9 * clamp(dryness, 0, 1));
  const night = 24 - length;
  const nightSpan = 1 - Math.exp(-NIGHT_COOLING * night);
  const nightSlope = ((1 - STEADY_COOLING) * NIGHT_COOLING) / nightSpan + STEADY_COOLING / night;
  // Slopes meet at sunset: the afternoon's −2(1 − s)/(sunset − peak) equals the night's −(1 + s) × nightSlope.
  const a = sunset - peak;
  const atSunset = (2 - nightSlope * a) / (2 + nightSlope * a);
  return {
    sunrise,
    sunset,
    peak,
    atSunset,
    cooling: NIGHT_COOLING,
    night,
    nightSpan,
    nightSlope,
    strength: clamp(dayLength / SHORTEST_DAY, 0, 1),
  };
}

/** The cycle's value in [-1, 1] at a local apparent solar hour: −1 at sunrise, 1 at the peak. */
export function diurnalShape(cycle: DiurnalCycle, solarHour: number): number {
  const t = ((solarHour % 24) + 24) % 24;
  let shape: number;
  if (t >= cycle.sunrise && t < cycle.peak) {
    shape = -Math.cos((Math.PI * (t - cycle.sunrise)) / (cycle.peak - cycle.sunrise));
  } else if (t >= cycle.peak && t < cycle.sunset) {
    const f = (t - cycle.peak) / (cycle.sunset - cycle.peak);
    shape = 1 - (1 - cycle.atSunset) * f * f;
  } else {
    const sinceSunset = (t - cycle.sunset + 24) % 24;
    const tail = Math.exp(-cycle.cooling * cycle.night);
    const fast = (Math.exp(-cycle.cooling * sinceSunset) - tail) / cycle.nightSpan;
    const steady = 1 - sinceSunset / cycle.night;
    shape = -1 + (cycle.atSunset + 1) * ((1 - STEADY_COOLING) * fast + STEADY_COOLING * steady);
  }
  return cycle.strength * shape;
}
