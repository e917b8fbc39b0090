import { forecastEnvelope } from './forecast-meta.ts';
import type { Forecast, ForecastPeriod, ForecastRequest } from './forecast-types.ts';
import { hourlySeries, type WeatherSample } from './model.ts';
import { isDaytimeHour } from './periods.ts';
import { epochHourToMs, isoWithOffset, localTime } from './time.ts';
import { compassPoint, displaySpeed, displayTemperature, kmhToMph, roundTo, speedUnitLabel, type UnitSystem } from './units.ts';
import { chanceLevel, iconSegment, iconUrl, precipNoun, shortPrecipPhrase, skyWords } from './wording.ts';

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

function hourlyPeriod(
  index: number,
  hour: number,
  s: WeatherSample,
  request: ForecastRequest,
  units: UnitSystem,
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
    name: '',
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
    detailedForecast: '',
  };
}

/** The 48-hour hourly forecast, starting with the hour containing the issuance time. */
export function hourlyForecast(request: ForecastRequest): Forecast {
  const units = request.units ?? 'us';
  const samples = hourlySeries(request.place, request.issuedHour, HOURLY_PERIOD_COUNT);
  const periods = samples.map((s, i) => hourlyPeriod(i, request.issuedHour + i, s, request, units));
  return forecastEnvelope(request, 'HourlyForecastGenerator', request.issuedHour + HOURLY_PERIOD_COUNT, periods);
}
