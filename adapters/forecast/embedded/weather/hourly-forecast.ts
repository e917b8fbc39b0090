import { forecastEnvelope } from './forecast-meta.ts';
import type { Forecast, ForecastPeriod, ForecastRequest } from './forecast-types.ts';
import { hourlySeries, type WeatherSample } from './model.ts';
import { forecastPeriods, isDaytimeHour } from './periods.ts';
import { epochHourToMs, isoWithOffset, localTime } from './time.ts';
import {
  compassPoint,
  compassWords,
  displaySpeed,
  displayTemperature,
  kmhToMph,
  roundTo,
  speedUnitLabel,
  type UnitSystem,
} from './units.ts';
import {
  chanceLevel,
  detailedPrecipPhrase,
  iconSegment,
  iconUrl,
  precipNoun,
  sentenceCase,
  shortPrecipPhrase,
  skyWords,
} from './wording.ts';

export const HOURLY_PERIOD_COUNT = 48;

/** Fog words for low visibility; clear air returns null. */
export function fogWords(visibilityM: number): string | null {
  if (visibilityM < 400) return 'Fog';
  if (visibilityM < 1000) return 'Patchy Fog';
  return null;
}

/** Brief phrase for one hour: precipitation if it's at least a slight chance, else fog, else sky. */
export function hourlyShortForecast(s: WeatherSample, isDaytime: boolean): string {
  const noun = s.precipType ? precipNoun(new Set([s.precipType])) : null;
  const level = chanceLevel(s.precipProbabilityPct);
  if (noun && level) return shortPrecipPhrase(noun, level);
  return fogWords(s.visibilityM) ?? skyWords(s.skyCoverPct, isDaytime);
}

/**
 * The hour's full text, one short paragraph as in the 7-day periods: "Mostly clear, with a temperature
 * around 64. South wind around 10 mph." and, when rain or snow is mentioned, its chance. api.weather.gov
 * leaves it empty on hourly periods; the spec's period table asks for "Full text".
 */
export function hourlyDetailedForecast(s: WeatherSample, isDaytime: boolean, units: UnitSystem): string {
  const temperature = displayTemperature(s.temperatureC, units);
  const speed = displaySpeed(s.windSpeedKmh, units);
  const wind =
    speed === 0
      ? 'Calm wind.'
      : `${compassWords(compassPoint(s.windDirectionDeg))} wind around ${speed} ${speedUnitLabel(units)}.`;
  const noun = s.precipType ? precipNoun(new Set([s.precipType])) : null;
  const level = chanceLevel(s.precipProbabilityPct);
  if (noun && level) {
    return `${detailedPrecipPhrase(noun, level)}. Temperature around ${temperature}. ${wind} Chance of precipitation is ${s.precipProbabilityPct}%.`;
  }
  const sky = fogWords(s.visibilityM) ?? skyWords(s.skyCoverPct, isDaytime);
  return `${sentenceCase(sky)}, with a temperature around ${temperature}. ${wind}`;
}

function hourlyPeriod(
  index: number,
  hour: number,
  s: WeatherSample,
  request: ForecastRequest,
  units: UnitSystem,
  name: string,
): ForecastPeriod {
  const startMs = epochHourToMs(hour);
  const isDaytime = isDaytimeHour(localTime(startMs, request.timeZone));
  const noun = s.precipType ? precipNoun(new Set([s.precipType])) : null;
  const icon = iconSegment({
    skyCoverPct: s.skyCoverPct,
    popPct: s.precipProbabilityPct,
    precipNoun: noun,
    windMph: kmhToMph(s.windSpeedKmh),
    visibilityM: s.visibilityM,
  });
  return {
    number: index + 1,
    name,
    startTime: isoWithOffset(startMs, request.timeZone),
    endTime: isoWithOffset(epochHourToMs(hour + 1), request.timeZone),
    isDaytime,
    temperature: displayTemperature(s.temperatureC, units),
    temperatureUnit: units === 'us' ? 'F' : 'C',
    temperatureTrend: null,
    probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: s.precipProbabilityPct },
    // The NWS reports dewpoint in °C whatever the unit system.
    dewpoint: { unitCode: 'wmoUnit:degC', value: roundTo(s.dewpointC, 2) },
    relativeHumidity: { unitCode: 'wmoUnit:percent', value: Math.round(s.relativeHumidity) },
    windSpeed: `${displaySpeed(s.windSpeedKmh, units)} ${speedUnitLabel(units)}`,
    windDirection: compassPoint(s.windDirectionDeg),
    icon: iconUrl(request.iconBaseUrl, isDaytime, [icon], 'small'),
    shortForecast: hourlyShortForecast(s, isDaytime),
    detailedForecast: hourlyDetailedForecast(s, isDaytime, units),
  };
}

/**
 * Each hour's `name`: the label of the 7-day period it falls in ("This Afternoon", "Tonight", "Thursday",
 * "Thursday Night"), the spec's "Label such as a day name or Tonight", so the hourly and 7-day forecasts
 * name the same hours alike. api.weather.gov leaves it empty.
 */
function hourNames(request: ForecastRequest): string[] {
  const names: string[] = [];
  // 48 hours span at most 5 day/night periods; 6 leaves room for short DST periods.
  for (const span of forecastPeriods(request.issuedHour, request.timeZone, 6)) {
    for (let h = span.startHour; h < span.endHour && names.length < HOURLY_PERIOD_COUNT; h++) names.push(span.name);
  }
  return names;
}

/** The 48-hour hourly forecast, starting with the hour containing the issuance time. */
export function hourlyForecast(request: ForecastRequest): Forecast {
  const units = request.units ?? 'us';
  const samples = hourlySeries(request.place, request.issuedHour, HOURLY_PERIOD_COUNT, request.adjust);
  const names = hourNames(request);
  const periods = samples.map((s, i) => hourlyPeriod(i, request.issuedHour + i, s, request, units, names[i] ?? ''));
  return forecastEnvelope(request, 'HourlyForecastGenerator', request.issuedHour + HOURLY_PERIOD_COUNT, periods);
}
