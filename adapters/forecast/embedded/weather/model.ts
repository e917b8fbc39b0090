import { LOG_WIND, seasonalOf, type ClimateField } from './climate-field.ts';
import {
  climateScratch,
  diurnalCycle,
  diurnalShape,
  placeClimate,
  seasonalClimateInto,
  seasonDay,
  springness,
  type Climate,
  type DiurnalCycle,
  type Place,
  type PlaceClimate,
  isTropicalIsland,
} from './climate.ts';
import { heavyRainWeight, trainingFactor, trainingPop, trainingStrength, TRAINING_MIN_C } from './heavy-rain.ts';
import {
  convectiveLiftC,
  convectiveTiming,
  frontalForcing,
  lakeStableDay,
  waterNightShare,
  FRONT_LIFT_C,
  nocturnalStormWeight,
  severeSeasonLiftC,
  severeSeasonOf,
  severeSeasonShear,
  type SevereSeason,
  springStormWeight,
  stormOrganisation,
  stormShear,
  terrainLiftC,
  warmSectorDewpointC,
  warmSectorWeight,
} from './convective-climate.ts';
import { lakeStormSeason, overLakeAirC, overLakeWindFactor } from './great-lakes-wind.ts';
import { lakePlace, type LakePlace } from './great-lakes-water.ts';
import { waterStormCell, waterThunderCellMin } from './marine-convection.ts';
import { measureWholeMonth, PrecipFactor } from './monthly-precip.ts';
import {
  openSeaPlace,
  overSeaAirC,
  seaOffshoreKm,
  overSeaWindFactor,
  seaGustExcess,
  type SeaPlace,
} from './sea-water.ts';
import { NoiseField, NoiseSet, toNoisePoint, type NoiseScale } from './noise.ts';
import { relativeHumidity, saturationVaporPressure } from './physics.ts';
import { sunDay } from './sun.ts';
import { windTailKmh, windTailRegion, windTailSeason, TAIL_GUST } from './wind-tail.ts';

export type { Place } from './climate.ts';

export type PrecipType = 'rain' | 'snow' | 'sleet' | 'freezing rain' | 'thunderstorms';

/** The model's weather at one place and hour. Values are unrounded SI. */
export interface WeatherSample {
  readonly temperatureC: number;
  readonly dewpointC: number;
  /** 0-100, from temperature and dewpoint (Magnus). */
  readonly relativeHumidity: number;
  readonly windSpeedKmh: number;
  /** Direction the wind blows from, degrees clockwise from north. */
  readonly windDirectionDeg: number;
  /** Always ≥ windSpeedKmh. */
  readonly windGustKmh: number;
  /**
   * The gust without a thunderstorm's outflow (stormOutflowKmh), the mixed wind's, which the wind
   * products count ({@link synopticGustKmh}); windGustKmh where no outflow raised it. The model always gives it;
   * a sample built elsewhere may leave it out (then the gust is it).
   */
  readonly mixedGustKmh?: number;
  readonly skyCoverPct: number;
  /** Whole percent. */
  readonly precipProbabilityPct: number;
  /** What would fall; null when precipitation is unlikely (< 15%). */
  readonly precipType: PrecipType | null;
  /** Expected liquid-equivalent precipitation in the hour, mm (probability × intensity). */
  readonly qpfMm: number;
  readonly seaLevelPressureHpa: number;
  readonly visibilityM: number;
}

/**
 * A change to the model's weather (a test scenario's override): given a place, an hour and what the model
 * says, the weather to use instead. Passed in as data, so the model stays pure: the same place, hour and
 * adjustment always give the same weather, and every product built from the samples agrees.
 */
export type WeatherAdjust = (place: Place, epochHour: number, sample: WeatherSample) => WeatherSample;

// Each field gets its own seed so fields are independent where physics doesn't couple them.
const SYNOPTIC_PRESSURE: NoiseScale = { seed: 0x5ee1, lengthKm: 650, periodHours: 60, driftKmh: 30 };
const SYNOPTIC_TEMPERATURE: NoiseScale = { seed: 0x7e39, lengthKm: 700, periodHours: 48, driftKmh: 30 };
const SYNOPTIC_MOISTURE: NoiseScale = { seed: 0x3015, lengthKm: 600, periodHours: 36, driftKmh: 30 };
const WARM_NOSE: NoiseScale = { seed: 0x9a2b, lengthKm: 400, periodHours: 24, driftKmh: 30 };
const MESO_CLOUD: NoiseScale = { seed: 0xc10d, lengthKm: 60, periodHours: 6, driftKmh: 15 };
const MESO_TEMPERATURE: NoiseScale = { seed: 0x7e3b, lengthKm: 35, periodHours: 6 };
const MESO_WIND: NoiseScale = { seed: 0x3d17, lengthKm: 30, periodHours: 3 };

/** Finite-difference step for the pressure gradient, km. */
const GRADIENT_STEP_KM = 25;

/**
 * The fields every hour's temperature, moisture and precipitation need, evaluated together (see NoiseSet),
 * at these indices of its values; the wind's are a set of their own, which measuring a month's precipitation
 * (monthly-precip.ts) skips. Each field remembers its last lattice cell, so the three pressure samples (the
 * point, and the two gradient offsets) are separate fields rather than evicting each other's cell.
 */
const FIELDS = new NoiseSet([
  { scale: SYNOPTIC_PRESSURE },
  { scale: SYNOPTIC_TEMPERATURE },
  { scale: SYNOPTIC_MOISTURE },
  { scale: MESO_CLOUD },
  { scale: MESO_TEMPERATURE },
]);
const LOWNESS = 0;
const TEMPERATURE_ANOMALY = 1;
const MOISTURE_ANOMALY = 2;
const CLOUD_BANDS = 3;
const MESO_TEMPERATURE_FIELD = 4;
const WIND_FIELDS = new NoiseSet([
  { scale: SYNOPTIC_PRESSURE, offsetKm: { dxKm: GRADIENT_STEP_KM, dyKm: 0 } },
  { scale: SYNOPTIC_PRESSURE, offsetKm: { dxKm: 0, dyKm: GRADIENT_STEP_KM } },
  { scale: MESO_WIND },
]);
const LOWNESS_EAST = 0;
const LOWNESS_NORTH = 1;
const MESO_WIND_FIELD = 2;
/** Needed only near freezing, so sampled on its own, only there. */
const WARM_NOSE_FIELD = new NoiseField(WARM_NOSE);
/**
 * A thunderstorm's strength: cells a few tens of km across that grow and collapse within a couple of hours.
 * Needed only in convective hours, so sampled on its own, only there.
 */
const STORM_CELL_FIELD = new NoiseField({ seed: 0x5c11, lengthKm: 25, periodHours: 2, driftKmh: 30 });
/**
 * Training heavy-rain cells: storms that pass again and again over one place for hours (heavy-rain.ts). Slow
 * (12 h), drifting little; needed only in warm rain hours where the place and season favour them.
 */
const TRAINING_FIELD = new NoiseField({ seed: 0x7a1f, lengthKm: 60, periodHours: 12, driftKmh: 10 });

/** The hour's climate, refilled by every sample (sample() runs to the end before the next begins). */
const CLIMATE = climateScratch();

/** Sea-level pressure swing per unit of synoptic noise, hPa. */
const PRESSURE_SWING_HPA = 10;

function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Local mean solar hour: what the sun, not the time zone, says (less the equation of time). */
function meanSolarHour(epochHour: number, lon: number): number {
  return ((((epochHour % 24) + lon / 15) % 24) + 24) % 24;
}

/** The climate of a site's current day, for its diurnal cycle; one scratch, refilled as a site's day changes. */
const DAY_CLIMATE = climateScratch();

/**
 * What the model needs of a place that does not change from hour to hour, worked out once per place (a
 * series samples the same place many times): its climate, its position on the noise plane, and the
 * Coriolis and friction terms of its wind.
 */
interface Site {
  readonly pc: PlaceClimate;
  readonly xKm: number;
  readonly yKm: number;
  /** Geostrophic speed per unit of pressure gradient, signed by hemisphere. */
  readonly windGain: number;
  /** The friction turn toward low pressure (25°, mirrored in the south). */
  readonly turnCos: number;
  readonly turnSin: number;
  /** The place's typical synoptic wind, km/h (the median gradient wind, stronger toward the tropics). */
  readonly typicalWindKmh: number;
  /** How strongly the place's wind storms (wind-tail.ts), 0–1, before the season. */
  readonly tailRegion: number;
  /** How strong the place's thunderstorms can grow in its most unstable air, 0–1 (stormVigour). */
  readonly stormVigour: number;
  /** How much the place's thunderstorms keep the central Plains' night maximum, 0–1 (convective-climate.ts). */
  readonly nocturnalStorms: number;
  /**
   * Over water (Place.overWater), how much of its thunderstorm timing is the open water's early-morning maximum,
   * by its distance offshore (convective-climate.ts's waterNightShare); 0 over land.
   */
  readonly waterNight: number;
  /**
   * Over water (Place.overWater), the storm-cell value from which a convective hour thunders
   * (marine-convection.ts); −Infinity over land, where every one does.
   */
  readonly thunderCellMin: number;
  /** How much the place has the South's spring severe season, 0–1 (convective-climate.ts). */
  readonly springStorms: number;
  /** How much the place has the spring warm sector's Gulf air under a passing low, 0–1 (convective-climate.ts). */
  readonly warmSector: number;
  /** Over land, the place's severe season (convective-climate.ts's severeSeasonOf); none over water. */
  readonly severeSeason: SevereSeason | undefined;
  /** The factor that brings each month's precipitation to the normal (monthly-precip.ts). */
  readonly precipFactor: PrecipFactor;
  /** Over a Great Lake: the lake, and how much of the wind is the open lake's (great-lakes-water.ts). */
  readonly lake: LakePlace | undefined;
  /** Over the open sea off New England or Florida's Gulf coast: its share of the wind and air, its water (sea-water.ts). */
  readonly sea: SeaPlace | undefined;
  /**
   * Over the open sea, the twelve monthly logs of the factor that takes the land-fitted wind to the wind of the
   * normals stations that measured one (seaWindLogs); null elsewhere.
   */
  readonly seaWindLogs: Float64Array | null;
  /** The local solar day whose sun {@link cycle} and {@link equationOfTime} describe (NaN before the first). */
  day: number;
  cycle: DiurnalCycle | null;
  equationOfTime: number;
}

/**
 * The site's diurnal cycle for the local solar day containing `epochHour`, worked out once a day: a function
 * of the day alone (its sun at the place, its climatological dryness), so the same hour gets the same cycle
 * whichever hours were asked before it.
 */
function cycleOf(site: Site, epochHour: number): DiurnalCycle {
  const lon = site.pc.place.lon;
  const day = Math.floor((epochHour + lon / 15) / 24);
  if (day !== site.day || site.cycle === null) {
    const noonHour = day * 24 + 12 - lon / 15;
    const sun = sunDay(site.pc.place.lat, seasonDay(noonHour));
    const clim = seasonalClimateInto(site.pc, seasonDay(noonHour), DAY_CLIMATE);
    site.cycle = diurnalCycle(sun.dayLength, 1 - clim.moisture);
    site.equationOfTime = sun.equationOfTime;
    site.day = day;
  }
  return site.cycle;
}

/**
 * Over the open sea, the wind correction of the normals stations that measured wind (climate-field.ts's
 * measuredWindAt) less the one of all stations, which the land-fitted wind carries, by month: the over-water
 * terms (sea-water.ts) multiply a measured land wind, not the analytic wind a station that measured none keeps.
 * Apalachicola (29.73° N, 85.03° W), on Apalachee Bay, measured no wind in the normals, so its correction is 0
 * (×1) where Tallahassee's and Pensacola's are ×0.36 and ×0.55 in July, and over Tallahassee's waters the
 * land-fitted wind was the analytic one, nearly twice the stations' (issue 38: Small Craft Advisories in
 * effect on 9.5% of August's zone-cycles there, where real summer ones are rare outside tropical systems). Land
 * places keep the field of all stations: their normals fit, their frost and their wind products are as fitted.
 * Null where no station reaches, or none that measured wind.
 */
function seaWindLogs(pc: PlaceClimate): Float64Array | null {
  const all = pc.corrections;
  const measured = all?.field.measuredWindAt(pc.place.lat, pc.place.lon, pc.place.elevationM);
  if (!all || !measured) return null;
  return measured.map((v, m) => v - all.months[LOG_WIND * 12 + m]!);
}

function siteOf(place: Place, field?: ClimateField | null, climate?: PlaceClimate): Site {
  const at = toNoisePoint(place.lat, place.lon, 0);
  const north = place.lat >= 0 ? 1 : -1;
  // Coriolis weakens toward the tropics, strengthening the balanced wind; capped so it stays sane.
  const coriolisGain = Math.min(
    1.6,
    Math.sin(Math.PI / 4) / Math.max(Math.sin((Math.abs(place.lat) * Math.PI) / 180), 0.3),
  );
  const turn = (north * 25 * Math.PI) / 180;
  const pc = climate ?? placeClimate(place, field);
  const sea = openSeaPlace(place.lat, place.lon);
  return {
    pc,
    xKm: at.xKm,
    yKm: at.yKm,
    windGain: 4500 * coriolisGain * north,
    turnCos: Math.cos(turn),
    turnSin: Math.sin(turn),
    typicalWindKmh: 10 * coriolisGain,
    tailRegion: windTailRegion(place.lat, place.lon),
    stormVigour: stormVigour(place.lat, place.lon),
    nocturnalStorms: nocturnalStormWeight(place.lat, place.lon),
    waterNight: place.overWater ? waterNightShare(seaOffshoreKm(place.lat, place.lon, sea)) : 0,
    thunderCellMin: place.overWater ? waterThunderCellMin(place.lat, place.lon) : Number.NEGATIVE_INFINITY,
    springStorms: springStormWeight(place.lat, place.lon),
    warmSector: warmSectorWeight(place.lat, place.lon),
    severeSeason: place.overWater ? undefined : severeSeasonOf(place.lat, place.lon),
    precipFactor: new PrecipFactor(pc.corrections, place.lon, rawPrecipTotal),
    lake: lakePlace(place.lat, place.lon),
    sea,
    seaWindLogs: sea ? seaWindLogs(pc) : null,
    day: Number.NaN,
    cycle: null,
    equationOfTime: 0,
  };
}

/**
 * Near-surface wind from the synoptic pressure field: geostrophic direction (along
 * isobars, low pressure to the left in the north), turned ~25° toward low pressure
 * by friction. Speed is proportional to the gradient divided by the Coriolis
 * parameter, calibrated so a strong gradient gives ~35 km/h before mixing.
 */
function windFromPressure(
  site: Site,
  lowness: number,
  lownessEast: number,
  lownessNorth: number,
): { u: number; v: number } {
  // Pressure falls where lowness rises, so the gradient of pressure is −∇lowness.
  const gx = (lownessEast - lowness) / GRADIENT_STEP_KM;
  const gy = (lownessNorth - lowness) / GRADIENT_STEP_KM;
  const ug = site.windGain * gy;
  const vg = -site.windGain * gx;
  return {
    u: ug * site.turnCos - vg * site.turnSin,
    v: ug * site.turnSin + vg * site.turnCos,
  };
}

/**
 * The coolest air, °C, in which a convective hour thunders (else it showers): 14 until the fronts' storms, which
 * come in spring's and the cool season's air north of a warm front, lifted from above the cool ground (Atlanta's
 * 1.1-3.6 thunderstorm days a month December to March, NWS Peachtree City's climatology from the Local
 * Climatological Data, https://www.srh.noaa.gov/ffc/?n=svrclim1).
 */
const THUNDER_MIN_C = 10;

function precipTypeFor(tC: number, tdC: number, convective: boolean, warmNose: number): PrecipType {
  if (convective && tC >= THUNDER_MIN_C) return 'thunderstorms';
  if (tC > 2) return 'rain';
  if (tC > 0.5) return tdC < -1 ? 'snow' : 'rain';
  // A warm layer aloft melts snow that then refreezes: on contact (freezing rain) or in the air (sleet).
  if (tC > -6 && warmNose > 0.45) return tC > -2 ? 'freezing rain' : 'sleet';
  return 'snow';
}

/**
 * The synthetic weather at a place and UTC epoch hour. Pure and deterministic:
 * climatology (latitude, season, elevation, distance from the Pacific, diurnal
 * cycle) plus smooth synoptic (~1000 km, days) and mesoscale (~50 km, hours) noise.
 */
export function weatherAt(place: Place, epochHour: number, adjust?: WeatherAdjust): WeatherSample {
  const s = sample(siteOf(place), epochHour);
  return adjust ? adjust(place, epochHour, s) : s;
}

/**
 * The part of an hour's weather its precipitation needs (and the rest builds on), before the month's factor
 * on the amounts: written by {@link hourCore} into one object that every call refills.
 */
interface HourCore {
  /** The hour's climate: {@link CLIMATE}, refilled. */
  clim: Climate;
  lowness: number;
  mesoCloud: number;
  diurnal: number;
  cloudDamping: number;
  pop: number;
  sky: number;
  temperature: number;
  /** The day's mean air, before the hour's place in the day's cycle (the air arriving over open water). */
  dailyMean: number;
  dewpoint: number;
  convective: boolean;
  /** How unstable the air is for convection, 0–1 (the hour's dewpoint from 12 to 22 °C, more under the inflow). */
  instability: number;
  /** How strong the hour's storms can grow for its air, 0–1: its instability with a share of the terrain's lift. */
  buoyancy: number;
  /** Liquid-equivalent precipitation in the hour, mm, before the month's factor (monthly-precip.ts). */
  rawQpfMm: number;
  /** How sheared the hour's storms are, 0–1 (convective-climate.ts's stormShear): how strong they grow. */
  shear: number;
  /** Whether the hour is warm where training storms may come (heavy-rain.ts): its neighbours' amounts may be heavy. */
  training: boolean;
}

const CORE: HourCore = {
  clim: CLIMATE,
  lowness: Number.NaN,
  mesoCloud: Number.NaN,
  diurnal: Number.NaN,
  cloudDamping: Number.NaN,
  pop: Number.NaN,
  sky: Number.NaN,
  temperature: Number.NaN,
  dailyMean: Number.NaN,
  dewpoint: Number.NaN,
  convective: false,
  instability: 0,
  buoyancy: 0,
  shear: 0,
  rawQpfMm: Number.NaN,
  training: false,
};

function hourCore(site: Site, epochHour: number): HourCore {
  const pc = site.pc;
  const place = pc.place;
  const clim = seasonalClimateInto(pc, seasonDay(epochHour), CLIMATE);
  const cycle = cycleOf(site, epochHour);
  const solar = meanSolarHour(epochHour, place.lon) + site.equationOfTime;
  const absLat = Math.abs(place.lat);

  FIELDS.evaluate(site, epochHour);
  const noise = FIELDS.values;
  const lowness = noise[LOWNESS]!;
  const tempAnomaly = noise[TEMPERATURE_ANOMALY]!;
  const moistAnomaly = noise[MOISTURE_ANOMALY]!;
  const mesoCloud = noise[CLOUD_BANDS]!;
  const mesoTemp = noise[MESO_TEMPERATURE_FIELD]!;

  // Clouds and stratiform precipitation follow lows, moisture and mesoscale bands.
  const storminess =
    0.7 * lowness + 0.3 * mesoCloud + 0.6 * (clim.moisture - 0.55) + 0.2 * moistAnomaly + clim.stormOffset;
  const stratiformPop = 100 * clamp((storminess - 0.25) / 0.5, 0, 1) ** 1.3;

  // Day-to-day swings are larger poleward and in winter, smaller near the ocean.
  const swing = (2.5 + 5.5 * clamp((absLat - 25) / 22, 0, 1) * (1 - 0.4 * clim.season)) * (1 - 0.6 * clim.maritime);
  const dailyMean = clim.meanTempC + swing * tempAnomaly + 0.7 * mesoTemp;

  // Dewpoint is set by the day, not the hour, so humidity cycles inversely to temperature;
  // anchoring it below the night's low keeps clear nights from all turning to fog.
  const coldDrying = clamp((dailyMean + 10) / 30, 0.4, 1);
  const depression = (2 + 18 * (1 - clim.moisture)) * coldDrying * (1 - 0.3 * moistAnomaly) * (1 - 0.5 * clim.maritime);
  const anchor = dailyMean - 0.8 * clim.diurnalHalfRangeC;
  // The warm season's moist inflow east of the Rockies narrows the depression (climate.ts), its part of the
  // dewpoint not following a hot day's excess warmth; by day the sun mixes its moist layer with the drier air
  // above it, so it dips in the afternoon. The convection and the rain read this same dewpoint the hour reports.
  const diurnal = diurnalShape(cycle, solar);
  let dewpoint =
    clim.inflow > 0
      ? anchor -
        Math.max(0.5, depression * (1 - clim.inflow)) -
        HOT_DAY_DRYING * clim.inflow * Math.max(0, dailyMean - clim.meanTempC) -
        AFTERNOON_MIXING_C * clim.inflow * Math.max(0, diurnal)
      : anchor - Math.max(0.5, depression);
  // A spring low's warm sector draws the Gulf's air north east of the Rockies (convective-climate.ts).
  dewpoint += warmSectorDewpointC(site.warmSector, lowness, seasonDay(epochHour));

  // Warm-season convection needs low-level moisture and a mesoscale trigger; in the South's spring the lows' shear,
  // on the Plains' summer nights the low-level jet, under a passing low its fronts and over high terrain by day the
  // heated slopes make do with less (convective-climate.ts).
  const forcing = frontalForcing(lowness, place.lat, clim.season, clim.maritime);
  const terrainLift = terrainLiftC(place.elevationM, solar);
  const moistLift =
    dewpoint -
    CONVECTIVE_DEWPOINT_C -
    SHALLOW_INFLOW_C * clim.inflow +
    convectiveLiftC(site.springStorms, site.nocturnalStorms, seasonDay(epochHour), solar) +
    FRONT_LIFT_C * forcing;
  const seasonLift = site.severeSeason ? severeSeasonLiftC(site.severeSeason, seasonDay(epochHour), solar) : 0;
  const instability = clamp((moistLift + seasonLift + terrainLift) / INSTABILITY_SPAN_C, 0, 1);
  // The heated slopes set storms off but add little to their buoyancy (convective-climate.ts's terrainLiftC): the
  // storms' strength reads a share of their lift.
  const buoyancy = clamp((moistLift + seasonLift + TERRAIN_BUOYANCY * terrainLift) / INSTABILITY_SPAN_C, 0, 1);
  // Convection peaks a couple of hours after the temperature does, in the late afternoon; on the central Plains
  // also at night, over the open sea partly in the early morning, and under a low's fronts at any hour
  // (convective-climate.ts).
  // Over a Great Lake in the warm season, the cool lake's stable air holds the day's storms back, a low's too.
  const afternoon =
    convectiveTiming(solar, cycle.peak, site.nocturnalStorms, forcing, site.waterNight) *
    (place.overWater && site.lake ? lakeStableDay(site.lake.weight, clim.season, solar, cycle.peak) : 1);
  const convectivePop =
    80 * instability * afternoon * clamp(0.45 + 0.7 * mesoCloud + 0.3 * lowness + clim.stormOffset, 0, 1);

  let pop = clamp(Math.max(stratiformPop, convectivePop) + 0.25 * Math.min(stratiformPop, convectivePop), 0, 100);
  let sky = 100 * sigmoid(4 * (storminess - 0.05)) + 25 * instability * afternoon;
  if (pop >= 15) sky = Math.max(sky, 30 + 0.75 * pop);
  sky = clamp(sky, 0, 100);
  pop = Math.round(pop);

  const cloudDamping = 1 - 0.55 * (sky / 100);
  let temperature = dailyMean + clim.diurnalHalfRangeC * cloudDamping * diurnal;
  // Falling rain cools the air, most noticeably by day: more as the morning goes on, and the cooled air
  // lingers a few hours past sunset (easing off at sunset would warm evenings as the showers end).
  const sinceSunrise = (((solar - cycle.sunrise) % 24) + 24) % 24;
  const dayHours = cycle.sunset - cycle.sunrise;
  const sunWeight =
    sinceSunrise < dayHours
      ? 1 - Math.exp(-sinceSunrise / 2)
      : (1 - Math.exp(-dayHours / 2)) * Math.exp(-(sinceSunrise - dayHours) / 3);
  temperature -= 2.5 * (pop / 100) * (0.4 + 0.6 * sunWeight);

  // Precipitation moistens the air toward saturation; air can never be drier than saturated.
  dewpoint += (temperature - dewpoint) * 0.6 * (pop / 100);
  dewpoint = Math.min(dewpoint, temperature);

  // A low's rain in unstable air falls as showers and storms, not as the steady rain of its stable air: under its
  // forcing the convection need not outdo the stratiform rain's chance (at half forcing or more, not at all).
  const convective = convectivePop >= 15 && convectivePop >= 0.8 * stratiformPop * (1 - Math.min(1, 2 * forcing));
  // Intensity scales with how much water the air can hold; convection rains hardest.
  const moistureCapacity = saturationVaporPressure(dewpoint) / 20;
  let intensity =
    (0.8 + 6 * clamp(storminess - 0.3, 0, 1) + (convective ? 8 * instability : 0)) *
    moistureCapacity *
    clim.precipScale;
  // Where training storms favour the place and season, a few warm rain hours run heavy, most in the day's storm
  // hours, and likely wet: the hour's chance and sky rise with them, its air stays (heavy-rain.ts).
  let training = false;
  if (temperature >= TRAINING_MIN_C) {
    const weight = heavyRainWeight(place.lat, place.lon, seasonDay(epochHour));
    training = weight > 0.01;
    if (training && pop >= 15) {
      const cell = TRAINING_FIELD.at(site.xKm, site.yKm, epochHour);
      const factor = trainingFactor(weight, cell, temperature, trainingStrength(afternoon, place.lon));
      intensity *= factor;
      pop = trainingPop(pop, factor);
      sky = Math.max(sky, Math.min(100, 30 + 0.75 * pop));
    }
  }

  const core = CORE;
  core.lowness = lowness;
  core.mesoCloud = mesoCloud;
  core.diurnal = diurnal;
  core.cloudDamping = cloudDamping;
  core.pop = pop;
  core.sky = sky;
  core.temperature = temperature;
  core.dailyMean = dailyMean;
  core.dewpoint = dewpoint;
  core.convective = convective;
  core.instability = instability;
  core.buoyancy = buoyancy;
  core.shear = Math.max(
    stormShear(forcing, site.springStorms, seasonDay(epochHour), clim.season),
    site.severeSeason ? severeSeasonShear(site.severeSeason, seasonDay(epochHour), solar) : 0,
  );
  core.rawQpfMm = (pop / 100) * intensity;
  core.training = training;
  return core;
}

/**
 * How much of a hot day's excess warmth (over the day's normal mean) the inflow's part of the dewpoint does not
 * follow (1: none of it; the rest of the dewpoint follows it, as it does outside the inflow): summer's hottest
 * days east of the Rockies are often the ridge's, sunny and subsiding, their Gulf air no moister than a normal
 * day's, so their humidity falls as they warm. At 0 the South's zones (south of 34° N) had an Extreme Heat
 * Warning at 3.8% of their summer cycles (0.8% before the inflow); at 0.5, 2.4%, and a Heat Advisory at 6.6% (4.1%
 * before), the middle latitudes' 1.2% (none before): alerts-justified.test.ts's shares.
 */
const HOT_DAY_DRYING = 0.5;

/**
 * The share of the terrain's lift (convective-climate.ts's terrainLiftC) that counts toward the storms' strength
 * (hourCore's buoyancy): the heated slopes set storms off in dry air, high-based and of little buoyancy, whose
 * outflow is seldom severe. All of it gave the Southwest (AZ, NM, UT, NV, CO) ~2,150 severe thunderstorm warnings a
 * year, 12.6% of the CONUS's, where the SPC's 2008 severe wind reports put 1.7% there (storm-warning-report.ts's
 * table, `--every 3 --days 6`); at half, ~520 (2.6%), and the lift could give Denver its storms
 * (convective-climate.ts).
 */
const TERRAIN_BUOYANCY = 0.5;

/** The dewpoint, °C, from which the air starts to be unstable enough for a thunderstorm (hourCore). */
const CONVECTIVE_DEWPOINT_C = 12;

/** The dewpoint's rise over {@link CONVECTIVE_DEWPOINT_C}, °C, that makes the air most unstable (instability 1). */
const INSTABILITY_SPAN_C = 10;

/**
 * How much more dewpoint, °C per unit of inflow (climate.ts, up to 0.8), a thunderstorm needs where the warm
 * season's Gulf inflow brings it: the inflow's moisture is a shallow layer at the ground, and an updraft draws on
 * the lowest ~100 hPa mixed (the NWS's mixed-layer CAPE against the surface-based), drier than the surface's.
 * At 4 (3.2 °C at full inflow) the storms read the reported dewpoint and keep the counts near the NWS's:
 * without it, ~75,000 severe thunderstorm and ~8,900 tornado warnings a year; at 2.5 ~39,000 and ~3,500;
 * at 4 ~26,000 and ~1,900 (`scripts/storm-warning-report.ts --every 3 --days 6`). West of ~103° W, with no
 * inflow, the threshold is the 12 °C the model had.
 */
const SHALLOW_INFLOW_C = 4;

/**
 * How far the inflow's dewpoint dips at the warmest hour, °C per unit of inflow: the morning's moist layer mixed
 * into the drier air above it by the day's heating (the normals' July-August RH at noon CST, 18 UTC: Wichita 50
 * and 51 %, Oklahoma City 51 and 50 %, humidity-normals.ts; the model's Wichita has 51 % at that hour).
 */
const AFTERNOON_MIXING_C = 1;

/** Every normals station's factor on its precipitation for the month `index` (year × 12 + month). */
export const measureWholePrecipMonth = (index: number): Float64Array => measureWholeMonth(index, rawPrecipTotal);

/**
 * The model's own precipitation at a place, before any month's factor: summed over every `stride`-th hour
 * of [fromHour, toHour), times `stride`, but every hour where a sampled one may hold training storms
 * (what monthly-precip.ts measures a station's month by).
 */
function rawPrecipTotal(place: Place, field: ClimateField, fromHour: number, toHour: number, stride: number): number {
  const site = siteOf(place, field);
  let total = 0;
  for (let hour = fromHour; hour < toHour; hour += stride) {
    const core = hourCore(site, hour);
    const amount = core.rawQpfMm;
    if (!core.training) {
      total += amount * stride;
      continue;
    }
    // A few hours of training storms may bring much of the month's rain: every hour of them is measured, as
    // every second hour could miss one or count it twice.
    total += amount;
    for (let k = 1; k < stride && hour + k < toHour; k++) total += hourCore(site, hour + k).rawQpfMm;
  }
  return total;
}

function sample(site: Site, epochHour: number): WeatherSample {
  const pc = site.pc;
  const place = pc.place;
  const absLat = Math.abs(place.lat);
  const core = hourCore(site, epochHour);
  const clim = core.clim;
  const { lowness, mesoCloud, diurnal, cloudDamping, pop, sky, convective } = core;
  // Over a Great Lake or the open sea the air comes toward the water's temperature (great-lakes-wind.ts,
  // sea-water.ts); never below its dewpoint.
  const landAirC = core.temperature;
  const temperature = site.lake
    ? overLakeAirC(site.lake, landAirC, epochHour)
    : site.sea
      ? overSeaAirC(site.sea, landAirC, epochHour)
      : landAirC;
  const dewpoint = Math.min(core.dewpoint, temperature);
  const rh = relativeHumidity(temperature, dewpoint);

  WIND_FIELDS.evaluate(site, epochHour);
  const windNoise = WIND_FIELDS.values;
  const mesoWind = windNoise[MESO_WIND_FIELD]!;
  const wind = windFromPressure(site, lowness, windNoise[LOWNESS_EAST]!, windNoise[LOWNESS_NORTH]!);
  const westerlies = (place.lat < 0 ? -1 : 1) * 6 * clamp((absLat - 25) / 15, 0, 1);
  const u = wind.u + westerlies;
  const v = wind.v;
  // Daytime mixing brings faster air down; clear calm nights decouple the surface.
  const mixing = 1 + 0.25 * diurnal * cloudDamping;
  // The strongest gradients are stretched into storms, by region and season (wind-tail.ts, tuned to NWS rates).
  const synoptic = Math.hypot(u, v);
  // Over a Great Lake the storms keep the lakes' season, deepest in November (great-lakes-wind.ts).
  const tailSeason = windTailSeason(clim.season, springness(pc, epochHour));
  const tailWeight =
    site.tailRegion > 0
      ? site.tailRegion *
        (site.lake ? tailSeason + site.lake.weight * (lakeStormSeason(seasonDay(epochHour)) - tailSeason) : tailSeason)
      : 0;
  const storm = tailWeight > 0 ? windTailKmh(synoptic, site.typicalWindKmh, tailWeight) : 0;
  // The fitted factor brings the mean wind to the stations' averages (every normals station that measured it);
  // over a Great Lake or the open sea the open water's wind is stronger than the shore's (great-lakes-wind.ts).
  // Its stability is the arriving air's against the water: over a lake the land-fitted air of the day, before
  // the lake warms it and without the land's own day and night (great-lakes-wind.ts); over the open sea,
  // crossed for hundreds of kilometres, the marine air (sea-water.ts).
  const overWater = site.lake
    ? overLakeWindFactor(site.lake, core.dailyMean, epochHour)
    : site.sea
      ? overSeaWindFactor(site.sea, temperature, epochHour) * seaMeasuredWind(site, site.sea, epochHour)
      : 1;
  const speed = Math.max(
    0,
    (0.55 * clim.baseWindKmh + synoptic + storm) * mixing * (1 + 0.2 * mesoWind) * clim.windScale * overWater,
  );
  const direction = (((270 - (Math.atan2(v, u) * 180) / Math.PI + 20 * mesoWind) % 360) + 360) % 360;
  // The warm-nose field only matters near freezing, so it is only computed there.
  const warmNose = pop >= 15 && temperature <= 0.5 ? WARM_NOSE_FIELD.at(site.xKm, site.yKm, epochHour) : 0;
  // A storm cell's strength (−1 to 1), sampled only where convection may thunder. Over water only the vigorous
  // cells do: the rest of the convective hours are showers (marine-convection.ts).
  const cell = convective && pop >= 15 ? STORM_CELL_FIELD.at(site.xKm, site.yKm, epochHour) : 0;
  const thunder = convective && cell >= site.thunderCellMin;
  const precipType = pop >= 15 ? precipTypeFor(temperature, dewpoint, thunder, warmNose) : null;

  const gustFactor = 1.3 + TAIL_GUST * tailWeight + 0.2 * (mixing - 1) * 4 + (convective ? 0.35 * (pop / 100) : 0);
  const landGust = speed * gustFactor + (speed > 15 ? 4 : 0);
  // Over the open sea the gusts are the water's: a smooth surface's turbulence, its excess over the mean wind
  // ~0.45 of a land exposure's (sea-water.ts, SEA_GUST_EXCESS).
  const mixedGust = site.sea ? speed + (landGust - speed) * seaGustExcess(site.sea) : landGust;
  // A thunderstorm's gusts are its outflow's, whatever the mean wind (stormOutflowKmh): over land and, at the
  // same strength, over a Great Lake or the open sea, where a storm's downdraft spreads out as over land and
  // its gusts are the Special Marine Warning's (marine-storm-warnings.ts).
  const gust =
    precipType === 'thunderstorms'
      ? Math.max(
          mixedGust,
          stormOutflowKmh(
            Math.min(1, site.stormVigour * core.buoyancy * stormOrganisation(core.shear, place.overWater === true)),
            waterStormCell(cell, site.thunderCellMin),
          ),
        )
      : mixedGust;

  const fog = rh >= 97 && speed < 12 ? 1 - speed / 12 : 0;
  const precipVis = precipType === null ? 16_090 : precipType === 'snow' ? 12_000 - 100 * pop : 16_000 - 80 * pop;
  const visibilityM = Math.max(100, Math.min(16_090, precipVis * (1 - 0.97 * fog)));
  const seaLevelPressureHpa = 1013 - PRESSURE_SWING_HPA * lowness - 0.5 * mesoCloud;

  // Last, as it may measure a station's month (refilling CORE and the scratch climate): the month's factor.
  const rawQpfMm = core.rawQpfMm;
  const qpfMm = rawQpfMm > 0 ? rawQpfMm * site.precipFactor.at(epochHour) : rawQpfMm;

  return {
    temperatureC: temperature,
    dewpointC: dewpoint,
    relativeHumidity: rh,
    windSpeedKmh: speed,
    windDirectionDeg: direction,
    windGustKmh: Math.max(speed, gust),
    // In every sample (a spread of it only where the outflow raised the gust slowed every sample's building).
    mixedGustKmh: Math.max(speed, mixedGust),
    skyCoverPct: Math.round(sky),
    precipProbabilityPct: pop,
    precipType,
    qpfMm,
    seaLevelPressureHpa,
    visibilityM,
  };
}

/** A thunderstorm's weakest outflow gusts, and what the strongest cells in the most unstable air add, km/h. */
const OUTFLOW_BASE_KMH = 48;
const OUTFLOW_GAIN_KMH = 140;

/** The strongest a tropical island's thunderstorms grow, against the continent's (stormVigour). */
const TROPICAL_STORM_VIGOUR = 0.48;

/**
 * How strong a place's thunderstorms can grow, 0–1, beside its air's instability (the hour's dewpoint's,
 * hourCore):
 * 1 over the continent; {@link TROPICAL_STORM_VIGOUR} over the tropical islands (climate.ts), whose air is always
 * moist enough to count as most unstable but whose convection is the ocean's, with weak lapse rates and little
 * buoyancy aloft: "the marked difference in intensity of land and ocean convection, the most pronounced being
 * the higher frequency of intense convection and lightning over land" (Differences in size spectra of
 * electrified storms over land and ocean, TRMM precipitation features, Geophys. Res. Lett.;
 * https://discovery.researcher.life/article/differences-in-size-spectra-of-electrified-storms-over-land-and-ocean/248c1d21cabc34c3a682492a33af732f).
 * At 0.48 an island storm's outflow stays under the tornadic 76 mph (storm-warnings.ts) and reaches the severe
 * 58 mph only in its strongest cells.
 */
function stormVigour(lat: number, lon: number): number {
  return isTropicalIsland(lat, lon) ? TROPICAL_STORM_VIGOUR : 1;
}

/**
 * The gust of a thunderstorm's outflow at the gridpoint, km/h: the rain-cooled air spreading out from its
 * downdraft, "most thunderstorm outflow winds range from 30 to 50 mph, on occasion these winds can exceed 100
 * mph" (K-State Weather Data Library, "Thunderstorm winds", 2017-03-15,
 * http://climate.k-state.edu/news/stories/2017/03/ww_march_15/). From 30 mph (48 km/h) in a weak cell to 117
 * mph in the strongest cell in the most unstable air: `instability` 0–1 (times the storm's organisation,
 * convective-climate.ts's stormOrganisation, at most 1), `cell` the storm-cell noise (−1 to 1),
 * strength to the power 1.5 so that the strong cells are few. Over the CONUS land zones in 2026 the
 * thunderstorm hours' gusts come to 43/63/86 mph (median/90th/99th percentile), and one run of thunderstorm
 * hours in four to six reaches the severe 58 mph, 17,000 to 23,000 a year by the sample, near the NWS's severe
 * thunderstorm and tornado warnings (storm-warnings.ts; scripts/storm-hours-report.ts).
 */
function stormOutflowKmh(instability: number, cell: number): number {
  const strength = instability * clamp(0.5 + 0.5 * cell, 0, 1);
  return OUTFLOW_BASE_KMH + OUTFLOW_GAIN_KMH * strength ** 1.5;
}

/**
 * The factor over the open sea that takes the land-fitted wind to the measuring stations' (seaWindLogs), by the
 * open-sea share and by the ramp off the mask's land (sea-water.ts's offLand, 0 to 1 over the first 5 km). The
 * share alone steps from 0 to ~0.2 where a place's own cell turns from land to sea, and this factor with it
 * (south of Apalachicola in July, ×1 → ×0.9 within 0.001°); the ramp takes it in from ×1 at that edge, so
 * neighbouring places agree (issue 38 item 3). The over-water terms themselves still step there (×1.03–1.07).
 */
function seaMeasuredWind(site: Site, sea: SeaPlace, epochHour: number): number {
  const logs = site.seaWindLogs;
  return logs ? Math.exp(sea.weight * sea.offLand * seasonalOf(logs, 0, seasonDay(epochHour))) : 1;
}

/**
 * The gust the wind products count, km/h: the hour's gust without a thunderstorm's outflow (the mixed wind's,
 * `mixedGustKmh`, where the outflow raised it; else the gust itself: a sample built elsewhere may leave it out). The
 * NWS's wind products are "non-precipitation weather" (NPW) and its marine ones leave a thunderstorm's gusts to
 * the Special Marine Warning: a storm's winds are the storm-based warnings' (over land the Severe Thunderstorm
 * Warning, storm-warnings.ts; over water the Special Marine Warning, marine-storm-warnings.ts), whatever blows outside it, a windy day's gusts with
 * thunder embedded included, still counts.
 */
export function synopticGustKmh(s: WeatherSample): number {
  return s.mixedGustKmh ?? s.windGustKmh;
}

/**
 * One place's hours in any spans, one after another: what {@link hourlySeries} gives, without working out the
 * place's site again for each span (an alert zone's hours looked back a day at a time). `pc`: the place's
 * climate where the caller has worked it out already (placeClimate's, with the model's field).
 */
export function placeHours(place: Place, pc?: PlaceClimate): (startHour: number, count: number) => WeatherSample[] {
  const site = siteOf(place, undefined, pc);
  return (startHour, count) => {
    const out: WeatherSample[] = [];
    for (let i = 0; i < count; i++) out.push(sample(site, startHour + i));
    return out;
  };
}

/** The same place's weather for `count` consecutive hours starting at `startHour`. */
export function hourlySeries(place: Place, startHour: number, count: number, adjust?: WeatherAdjust): WeatherSample[] {
  const out: WeatherSample[] = [];
  const site = siteOf(place);
  for (let i = 0; i < count; i++) {
    const s = sample(site, startHour + i);
    out.push(adjust ? adjust(place, startHour + i, s) : s);
  }
  return out;
}
