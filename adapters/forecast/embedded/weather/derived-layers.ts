import type { PrecipType, WeatherSample } from './model.ts';
import { heatIndexC, windChillC } from './physics.ts';
import { cToF, kmhToMph } from './units.ts';
import { chanceLevel } from './wording.ts';

/**
 * The gridpoint layers that NDFD derives from the basic fields: feels-like temperatures, precipitation
 * types and amounts, the boundary layer (ceiling, mixing height, transport wind, stability) and the fire
 * weather indices. Each is computed from one hour's WeatherSample with textbook rules of thumb, so every
 * layer agrees with the fields (and so with the forecast text) it comes from. Pure functions, SI units.
 */

const clamp = (x: number, lo: number, hi: number): number => Math.max(lo, Math.min(hi, x));

/** What people feel: the heat index from 80 °F up, the wind chill where it is defined, else the air temperature. */
export function apparentTemperatureC(s: WeatherSample): number {
  if (cToF(s.temperatureC) >= 80) return heatIndexC(s.temperatureC, s.relativeHumidity);
  return windChillC(s.temperatureC, s.windSpeedKmh) ?? s.temperatureC;
}

/** The heat index where it applies (80 °F and up); the air temperature below, as the NWS grids give it. */
export function heatIndexLayerC(s: WeatherSample): number {
  return cToF(s.temperatureC) >= 80 ? heatIndexC(s.temperatureC, s.relativeHumidity) : s.temperatureC;
}

/** Snow (and sleet, as the period text counts it) at ten to one: 1 mm of water is 10 mm of snow. */
export function snowfallMm(s: WeatherSample): number {
  return s.precipType === 'snow' || s.precipType === 'sleet' ? s.qpfMm * 10 : 0;
}

/** Freezing rain accretes as ice, millimetre for millimetre. */
export function iceAccumulationMm(s: WeatherSample): number {
  return s.precipType === 'freezing rain' ? s.qpfMm : 0;
}

/** Height of the freezing level above sea level at the standard lapse rate, less the usual 300 m of melting layer. */
export function snowLevelM(s: WeatherSample, elevationM: number): number {
  return Math.max(0, elevationM + (s.temperatureC / 6.5) * 1000 - 300);
}

/** Cloud base from the dewpoint depression (about 125 m per °C); a ceiling needs broken cloud (50% or more). */
export function ceilingM(s: WeatherSample): number | null {
  if (s.skyCoverPct < 50) return null;
  return Math.max(30, 125 * (s.temperatureC - s.dewpointC));
}

/**
 * Mixing height: shallow at night and under cloud, deep on sunny dry afternoons, where surface heating and
 * the dewpoint depression drive convection up.
 */
export function mixingHeightM(s: WeatherSample, sunUp: number): number {
  const heating = clamp(sunUp, 0, 1) * (1 - s.skyCoverPct / 150);
  const dryness = clamp(s.temperatureC - s.dewpointC, 0, 30);
  return Math.round(150 + heating * (600 + dryness * 80) + s.windSpeedKmh * 8);
}

/** Mean wind through the mixed layer: stronger than at the surface and veered by friction's absence. */
export function transportWind(s: WeatherSample, mixingM: number): { speedKmh: number; directionDeg: number } {
  return {
    speedKmh: s.windSpeedKmh * (1.3 + Math.min(mixingM, 3000) / 6000),
    directionDeg: (s.windDirectionDeg + 15) % 360,
  };
}

/** The wind at 20 ft (6.1 m), which fire weather uses: the 10 m wind scaled by the log profile over grass. */
export function twentyFootWindKmh(s: WeatherSample): number {
  return s.windSpeedKmh * 0.87;
}

/** Dispersion index as the NWS fire weather forecasts give it: mixing height (ft) × transport wind (kt) / 1000. */
export function dispersionIndex(mixingM: number, transportKmh: number): number {
  return Math.round((mixingM * 3.28084 * (transportKmh / 1.852)) / 1000);
}

/**
 * Pasquill-Gifford stability class as a number (1 = A, very unstable … 6 = F, stable), from the standard
 * table of surface wind and insolation by day, wind and cloud by night.
 */
export function stabilityClass(s: WeatherSample, sunUp: number): number {
  const wind = s.windSpeedKmh / 3.6;
  if (sunUp > 0) {
    const strong = sunUp > 0.6 && s.skyCoverPct < 50;
    const slight = sunUp < 0.3 || s.skyCoverPct > 80;
    if (wind < 2) return strong ? 1 : slight ? 2 : 1;
    if (wind < 3) return strong ? 1 : slight ? 3 : 2;
    if (wind < 5) return strong ? 2 : slight ? 3 : 2;
    if (wind < 6) return strong ? 3 : slight ? 4 : 3;
    return strong ? 3 : 4;
  }
  const cloudy = s.skyCoverPct >= 50;
  if (wind < 2) return 6;
  if (wind < 3) return cloudy ? 5 : 6;
  if (wind < 5) return cloudy ? 4 : 5;
  return 4;
}

/** Haines index (2 to 6): atmospheric dryness and instability that let a fire grow. */
export function hainesIndex(s: WeatherSample, sunUp: number): number {
  const moisture = s.temperatureC - s.dewpointC >= 15 ? 3 : s.temperatureC - s.dewpointC >= 8 ? 2 : 1;
  const instability = sunUp > 0.5 && s.skyCoverPct < 60 ? 3 : sunUp > 0 ? 2 : 1;
  return clamp(moisture + instability, 2, 6);
}

/** Lightning activity level (1 to 6): none without thunderstorms; with them, from their chance. */
export function lightningActivityLevel(s: WeatherSample): number {
  if (s.precipType !== 'thunderstorms') return 1;
  const p = s.precipProbabilityPct;
  return p >= 75 ? 5 : p >= 55 ? 4 : p >= 25 ? 3 : 2;
}

/** The chance of thunder: the chance of precipitation when what would fall is thunderstorms. */
export function probabilityOfThunderPct(s: WeatherSample): number {
  return s.precipType === 'thunderstorms' ? s.precipProbabilityPct : 0;
}

/** The chance that the sustained wind (or the gust) reaches `mph`, from the model's value and its spread. */
export function potentialOfPct(kmh: number, mph: number): number {
  const spreadMph = 4;
  return Math.round(100 / (1 + Math.exp(-(kmhToMph(kmh) - mph) / (spreadMph / 2))));
}

/** Grassland fire danger (1 low … 5 extreme): dry air and wind on cured grass; nothing burns while it rains. */
export function grasslandFireDangerIndex(s: WeatherSample): number {
  if (s.precipType !== null && s.precipProbabilityPct >= 50) return 1;
  const dry = clamp((60 - s.relativeHumidity) / 45, 0, 1);
  const windy = clamp(kmhToMph(s.windSpeedKmh) / 30, 0, 1);
  const warm = clamp((cToF(s.temperatureC) - 40) / 60, 0, 1);
  return 1 + Math.round(4 * dry * (0.5 + 0.5 * windy) * (0.4 + 0.6 * warm));
}

/** Red flag threat (0 to 10): the red flag criteria of low humidity together with strong wind. */
export function redFlagThreatIndex(s: WeatherSample): number {
  const humidity = clamp((35 - s.relativeHumidity) / 20, 0, 1);
  const wind = clamp((kmhToMph(Math.max(s.windSpeedKmh, s.windGustKmh * 0.7)) - 10) / 15, 0, 1);
  return Math.round(10 * humidity * wind);
}

/** Davis stability index (1 to 6), the fire weather reading of the Pasquill class: unstable air helps a fire. */
export function davisStabilityIndex(stability: number): number {
  return 7 - stability;
}

/** Atmospheric dispersion index (1 to 5): the dispersion index in the NWS's categories. */
export function atmosphericDispersionIndex(di: number): number {
  return di < 13 ? 1 : di < 30 ? 2 : di < 60 ? 3 : di < 100 ? 4 : 5;
}

/**
 * Low visibility occurrence risk index (1 to 10): smoke and fog trap near the ground on humid, calm, stable
 * nights; low visibility already forecast is the highest risk.
 */
export function lowVisibilityRisk(s: WeatherSample, stability: number): number {
  if (s.visibilityM < 1000) return 10;
  const humid = clamp((s.relativeHumidity - 50) / 50, 0, 1);
  const calm = clamp(1 - s.windSpeedKmh / 25, 0, 1);
  const stable = clamp((stability - 1) / 5, 0, 1);
  return 1 + Math.round(9 * humid * (0.3 + 0.7 * calm) * (0.4 + 0.6 * stable));
}

/** The NDFD weather string of an hour: what falls, how likely, how hard; fog when the air is thick; else nothing. */
export interface WeatherCondition {
  readonly coverage: string | null;
  readonly weather: string | null;
  readonly intensity: string | null;
  readonly visibility: { readonly unitCode: 'wmoUnit:km'; readonly value: number | null };
  readonly attributes: readonly string[];
}

const WEATHER_WORD: Readonly<Record<PrecipType, string>> = {
  rain: 'rain',
  snow: 'snow',
  sleet: 'sleet',
  'freezing rain': 'freezing_rain',
  thunderstorms: 'thunderstorms',
};

const COVERAGE: Readonly<Record<string, string>> = {
  slight: 'slight_chance',
  chance: 'chance',
  likely: 'likely',
  definite: 'definite',
};

/**
 * Uses the very chance levels the forecast text uses (`chanceLevel`), so where an hour's shortForecast
 * says "Chance Rain" its weather layer says coverage `chance`, weather `rain`.
 */
export function weatherCondition(s: WeatherSample): WeatherCondition[] {
  const level = chanceLevel(s.precipProbabilityPct);
  if (s.precipType && level) {
    const rate = s.precipProbabilityPct > 0 ? s.qpfMm / (s.precipProbabilityPct / 100) : 0;
    const intensity =
      s.precipType === 'thunderstorms' ? null : rate >= 7.6 ? 'heavy' : rate >= 2.5 ? 'moderate' : 'light';
    return [
      {
        coverage: COVERAGE[level] ?? null,
        weather: WEATHER_WORD[s.precipType],
        intensity,
        visibility: { unitCode: 'wmoUnit:km', value: null },
        attributes: [],
      },
    ];
  }
  if (s.visibilityM < 1000) {
    return [
      {
        coverage: s.visibilityM < 400 ? 'areas' : 'patchy',
        weather: 'fog',
        intensity: null,
        visibility: { unitCode: 'wmoUnit:km', value: Math.round(s.visibilityM / 100) / 10 },
        attributes: [],
      },
    ];
  }
  return [
    {
      coverage: null,
      weather: null,
      intensity: null,
      visibility: { unitCode: 'wmoUnit:km', value: null },
      attributes: [],
    },
  ];
}
