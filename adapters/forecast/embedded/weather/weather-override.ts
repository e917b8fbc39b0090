import type { Place, PrecipType, WeatherAdjust, WeatherSample } from './model.ts';
import { relativeHumidity } from './physics.ts';
import { fToC } from './units.ts';

/** What an override sets, in the units of the default (us) forecast. Unset quantities keep the model's. */
export interface WeatherSettings {
  readonly precipitation?: PrecipType | 'none';
  /** Percent. */
  readonly probabilityOfPrecipitation?: number;
  /** °F. */
  readonly temperature?: number;
  /** °F. */
  readonly dewpoint?: number;
  /** mph. */
  readonly windSpeed?: number;
  /** mph. */
  readonly windGust?: number;
  /** Degrees, where the wind comes from. */
  readonly windDirection?: number;
  /** Percent. */
  readonly skyCover?: number;
  /** Statute miles. */
  readonly visibility?: number;
}

/**
 * What an override window sets: a scenario's settings, or an injected storm warning's weather
 * (injected-alerts.ts), which may set its hour's rain as well: what a Flash Flood Warning quotes.
 */
export interface OverrideSettings extends WeatherSettings {
  /** mm in the hour, where it precipitates (else the kind's usual amount at its chance). */
  readonly qpfMm?: number;
}

/** One override: where (a test on the place), when (epoch hours, end excluded) and what. */
export interface OverrideWindow {
  readonly contains: (place: Place) => boolean;
  readonly fromHour: number;
  readonly toHour: number;
  readonly set: OverrideSettings;
}

const MPH_TO_KMH = 1.609344;
const MILE_M = 1609.344;

/** Liquid-equivalent mm in an hour of each kind of precipitation when it is certain. */
const INTENSITY_MM: Readonly<Record<PrecipType, number>> = {
  thunderstorms: 10,
  rain: 3,
  snow: 1.5,
  sleet: 1,
  'freezing rain': 1,
};

/**
 * The model's sample with the settings applied, keeping its invariants: gust ≥ speed, dewpoint ≤
 * temperature, humidity from the two, a precipitation kind only at 15% or more (the model's rule), an
 * amount that matches kind and chance (or the one set, where it precipitates), and the overcast sky that comes with likely precipitation. Every
 * product reads these samples, so the forecasts, layers and observations agree with each other.
 */
export function applyWeatherSettings(s: WeatherSample, set: OverrideSettings): WeatherSample {
  const temperatureC = set.temperature === undefined ? s.temperatureC : fToC(set.temperature);
  const dewpointC = Math.min(temperatureC, set.dewpoint === undefined ? s.dewpointC : fToC(set.dewpoint));
  const windSpeedKmh = set.windSpeed === undefined ? s.windSpeedKmh : set.windSpeed * MPH_TO_KMH;
  const windGustKmh = Math.max(windSpeedKmh, set.windGust === undefined ? s.windGustKmh : set.windGust * MPH_TO_KMH);

  let pop = s.precipProbabilityPct;
  let kind = s.precipType;
  let qpfMm = s.qpfMm;
  if (set.precipitation === 'none') {
    pop = Math.round(set.probabilityOfPrecipitation ?? 0);
    kind = null;
    qpfMm = 0;
  } else if (set.precipitation !== undefined || set.probabilityOfPrecipitation !== undefined) {
    const wanted = set.precipitation ?? s.precipType ?? 'rain';
    pop = Math.round(set.probabilityOfPrecipitation ?? Math.max(s.precipProbabilityPct, 80));
    kind = pop >= 15 ? wanted : null;
    qpfMm = kind ? Math.round((pop / 100) * INTENSITY_MM[wanted] * 100) / 100 : 0;
  }
  if (set.qpfMm !== undefined && kind) qpfMm = set.qpfMm;
  const skyCoverPct = Math.round(set.skyCover ?? (kind && pop >= 50 ? Math.max(s.skyCoverPct, 90) : s.skyCoverPct));
  const visibilityM =
    set.visibility === undefined
      ? kind === 'thunderstorms' || kind === 'snow'
        ? Math.min(s.visibilityM, 4000)
        : s.visibilityM
      : set.visibility * MILE_M;

  // A wind set by the scenario is its own: the model's gust without the storm (mixedGustKmh) no longer applies.
  const { mixedGustKmh, ...modelled } = s;
  const windSet = set.windSpeed !== undefined || set.windGust !== undefined;
  return {
    ...modelled,
    ...(mixedGustKmh !== undefined && !windSet ? { mixedGustKmh } : {}),
    temperatureC,
    dewpointC,
    relativeHumidity: relativeHumidity(temperatureC, dewpointC),
    windSpeedKmh,
    windGustKmh,
    windDirectionDeg: set.windDirection ?? s.windDirectionDeg,
    skyCoverPct,
    precipProbabilityPct: pop,
    precipType: kind,
    qpfMm,
    visibilityM,
  };
}

/** The overrides as one WeatherAdjust: each window that covers the place and hour applies, in order. */
export function overrideAdjust(windows: readonly OverrideWindow[]): WeatherAdjust | undefined {
  if (windows.length === 0) return undefined;
  return (place, hour, sample) => {
    let out = sample;
    for (const w of windows) {
      if (hour >= w.fromHour && hour < w.toHour && w.contains(place)) out = applyWeatherSettings(out, w.set);
    }
    return out;
  };
}
