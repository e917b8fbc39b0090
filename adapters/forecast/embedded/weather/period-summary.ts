import { synopticGustKmh, type PrecipType, type WeatherSample } from './model.ts';
import { isSevereStormHour, isWetHour } from './storm-warnings.ts';
import { displaySpeed, displayTemperature, type UnitSystem } from './units.ts';

/** Aggregates a 12-hour period's hourly samples into what its forecast text needs. */

export type PrecipTiming = { readonly kind: 'after' | 'before'; readonly hourIndex: number } | null;

/**
 * A temperature that goes against the day's cycle, as the NWS flags it in `temperatureTrend`: a night that
 * warms after an early low (a warm front), a day that cools after an early high (a cold front). `to` is
 * where it ends up, in display units.
 */
export type TemperatureTrend = { readonly kind: 'rising' | 'falling'; readonly to: number } | null;

export interface PeriodSummary {
  readonly isDaytime: boolean;
  /**
   * High of a day period or low of a night period, in display units: the max/min of the hourly forecast's
   * temperatures over the NDFD's MaxT and MinT windows (7 AM to 7 PM, 7 PM to 8 AM), which catch the dawn's
   * low that comes after 6 AM in winter.
   */
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
  /**
   * The period's strongest gust of the environment's wind (synopticGustKmh), display units, rounded to 5: the NWS
   * words a period's gusts from it and leaves a thunderstorm's outflow to the storm phrase (`severeStorms`).
   */
  readonly gust: number;
  /** Whether a wet thunderstorm hour of the period carries a severe outflow gust (isSevereStormHour, 58 mph): its types then hold thunderstorms. */
  readonly severeStorms: boolean;
  readonly windDirectionDeg: number;
  /** When precipitation is confined to the start or end of the period. */
  readonly timing: PrecipTiming;
  readonly rainMm: number;
  readonly snowCm: number;
  readonly trend: TemperatureTrend;
}

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

/** How far a night must warm after its low, or a day cool after its high, to be called a trend. */
function trendMargin(units: UnitSystem, againstNeighbour: boolean): number {
  // Against the period before it (a night's low above the day's high, a day's high below the night's low)
  // any turn is a trend: a forecast must not show the two without saying how one became the other.
  if (againstNeighbour) return 1;
  return units === 'us' ? 3 : 2;
}

/**
 * The period's trend: a night whose low comes in its first half and that then warms by the margin, a day
 * whose high comes in its first half and that then cools by it. `previous` is the period before's
 * temperature (the day's high before a night, the night's low before a day), when there is one.
 */
export function temperatureTrend(
  temps: readonly number[],
  isDaytime: boolean,
  units: UnitSystem,
  previous: number | null = null,
): TemperatureTrend {
  if (temps.length < 3) return null;
  const extreme = isDaytime ? Math.max(...temps) : Math.min(...temps);
  const at = temps.indexOf(extreme);
  if (at >= temps.length / 2) return null;
  const after = temps.slice(at + 1);
  const against = previous !== null && (isDaytime ? extreme < previous : extreme > previous);
  const margin = trendMargin(units, against);
  if (isDaytime) {
    const to = Math.min(...after);
    return extreme - to >= margin ? { kind: 'falling', to } : null;
  }
  const to = Math.max(...after);
  return to - extreme >= margin ? { kind: 'rising', to } : null;
}

export function summarizePeriod(
  samples: readonly WeatherSample[],
  isDaytime: boolean,
  units: UnitSystem,
  previousTemperature: number | null = null,
  temperatureSamples: readonly WeatherSample[] = samples,
): PeriodSummary {
  const temps = temperatureSamples.map((s) => displayTemperature(s.temperatureC, units));
  const speeds = samples.map((s) => displaySpeed(s.windSpeedKmh, units));
  const maxPop = Math.max(...samples.map((s) => s.precipProbabilityPct));
  const wet = samples.map(isWetHour);

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
    gust: roundTo5(Math.max(...samples.map((s) => displaySpeed(synopticGustKmh(s), units)))),
    severeStorms: samples.some(isSevereStormHour),
    windDirectionDeg: ((Math.atan2(u, v) * 180) / Math.PI + 360) % 360,
    timing: timingOf(wet),
    rainMm,
    snowCm,
    trend: temperatureTrend(temps, isDaytime, units, previousTemperature),
  };
}
