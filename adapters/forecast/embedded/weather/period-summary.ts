import type { PrecipType, WeatherSample } from './model.ts';
import { displaySpeed, displayTemperature, type UnitSystem } from './units.ts';

/** Aggregates a 12-hour period's hourly samples into what its forecast text needs. */

export type PrecipTiming = { readonly kind: 'after' | 'before'; readonly hourIndex: number } | null;

export interface PeriodSummary {
  readonly isDaytime: boolean;
  /** High of a day period or low of a night period, in display units: the max/min of the hourly forecast's temperatures. */
  readonly temperature: number;
  /** Highest hourly chance, rounded to 10% as in NWS period forecasts. */
  readonly popPct: number;
  readonly precipTypes: ReadonlySet<PrecipType>;
  readonly meanSkyPct: number;
  /** Mean sky over the hours without precipitation, for "Mostly Sunny then ..." phrasing. */
  readonly drySkyPct: number;
  /** Sustained wind range, display units, rounded to 5. */
  readonly windLow: number;
  readonly windHigh: number;
  readonly gust: number;
  readonly windDirectionDeg: number;
  /** When precipitation is confined to the start or end of the period. */
  readonly timing: PrecipTiming;
  readonly rainMm: number;
  readonly snowCm: number;
}

/** Hours at or above this chance count as "wet" for types and timing; 15 is what rounds to a 20% period chance. */
const WET_POP = 15;

function roundTo5(x: number): number {
  return Math.round(x / 5) * 5;
}

/** Precipitation limited to a tail (after) or head (before) of the period; scattered hours get no timing. */
function timingOf(wet: readonly boolean[]): PrecipTiming {
  const first = wet.indexOf(true);
  const last = wet.lastIndexOf(true);
  if (first < 0) return null;
  for (let i = first; i <= last; i++) if (!wet[i]) return null;
  if (first >= 2 && last === wet.length - 1) return { kind: 'after', hourIndex: first };
  if (first === 0 && last <= wet.length - 3) return { kind: 'before', hourIndex: last + 1 };
  return null;
}

export function summarizePeriod(
  samples: readonly WeatherSample[],
  isDaytime: boolean,
  units: UnitSystem,
): PeriodSummary {
  const temps = samples.map((s) => displayTemperature(s.temperatureC, units));
  const speeds = samples.map((s) => displaySpeed(s.windSpeedKmh, units));
  const maxPop = Math.max(...samples.map((s) => s.precipProbabilityPct));
  const wet = samples.map((s) => s.precipProbabilityPct >= WET_POP && s.precipType !== null);

  const precipTypes = new Set<PrecipType>();
  let rainMm = 0;
  let snowCm = 0;
  let u = 0;
  let v = 0;
  let drySky = 0;
  let dryCount = 0;
  samples.forEach((s, i) => {
    if (wet[i] && s.precipType) precipTypes.add(s.precipType);
    // Ten-to-one snow ratio: 1 mm of water makes about 1 cm of snow.
    if (s.precipType === 'snow' || s.precipType === 'sleet') snowCm += s.qpfMm;
    else if (s.precipType) rainMm += s.qpfMm;
    const rad = (s.windDirectionDeg * Math.PI) / 180;
    u += s.windSpeedKmh * Math.sin(rad);
    v += s.windSpeedKmh * Math.cos(rad);
    if (!wet[i]) {
      drySky += s.skyCoverPct;
      dryCount++;
    }
  });
  const meanSkyPct = samples.reduce((a, s) => a + s.skyCoverPct, 0) / samples.length;

  return {
    isDaytime,
    temperature: isDaytime ? Math.max(...temps) : Math.min(...temps),
    popPct: Math.round(maxPop / 10) * 10,
    precipTypes,
    meanSkyPct,
    drySkyPct: dryCount > 0 ? drySky / dryCount : meanSkyPct,
    windLow: roundTo5(Math.min(...speeds)),
    windHigh: roundTo5(Math.max(...speeds)),
    gust: roundTo5(Math.max(...samples.map((s) => displaySpeed(s.windGustKmh, units)))),
    windDirectionDeg: ((Math.atan2(u, v) * 180) / Math.PI + 360) % 360,
    timing: timingOf(wet),
    rainMm,
    snowCm,
  };
}
