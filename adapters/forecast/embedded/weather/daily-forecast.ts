import { forecastEnvelope } from './forecast-meta.ts';
import type { Forecast, ForecastPeriod, ForecastRequest } from './forecast-types.ts';
import { hourlySeries } from './model.ts';
import { summarizePeriod } from './period-summary.ts';
import { periodText } from './period-text.ts';
import { forecastPeriods, type PeriodSpan } from './periods.ts';
import { epochHourToMs, isoWithOffset, localTime } from './time.ts';
import { compassPoint, speedUnitLabel } from './units.ts';
import { iconUrl } from './wording.ts';

export const DAILY_PERIOD_COUNT = 14;

/**
 * The hours whose temperatures make a period's high or low, as api.weather.gov's maxTemperature and
 * minTemperature grids have them (recorded: `12Z/PT13H` and `00Z/PT14H` in Eastern Standard Time): 7 AM to
 * 8 PM for a day, 7 PM to 9 AM for a night, each starting an hour into its 6-to-6 period and reaching past
 * it, so a winter night's low is the dawn's, after 6 AM. A first period that starts at the issuance hour
 * starts there.
 */
export function temperatureWindow(span: PeriodSpan, issuedHour: number): { start: number; end: number } {
  const start = span.startHour === issuedHour ? span.startHour : span.startHour + 1;
  return { start, end: span.endHour + (span.isDaytime ? 2 : 3) };
}

/**
 * The seven-day forecast: 14 day/night periods from the current one, each summarising
 * the very hours the hourly forecast shows, so the two always agree.
 */
export function dailyForecast(request: ForecastRequest): Forecast {
  const units = request.units ?? 'us';
  const spans = forecastPeriods(request.issuedHour, request.timeZone, DAILY_PERIOD_COUNT);
  const endHour = spans[spans.length - 1]?.endHour ?? request.issuedHour;
  // Three hours past the last period: a night's temperature window runs to 9 AM (see temperatureWindow).
  const samples = hourlySeries(request.place, request.issuedHour, endHour + 3 - request.issuedHour, request.adjust);
  const unit = speedUnitLabel(units);

  let previous: number | null = null;
  const periods = spans.map((span, i): ForecastPeriod => {
    const hours = samples.slice(span.startHour - request.issuedHour, span.endHour - request.issuedHour);
    const window = temperatureWindow(span, request.issuedHour);
    const windowHours = samples.slice(window.start - request.issuedHour, window.end - request.issuedHour);
    const summary = summarizePeriod(hours, span.isDaytime, units, previous, windowHours);
    previous = summary.temperature;
    const text = periodText(summary, units, (k) => localTime(epochHourToMs(span.startHour + k), request.timeZone).hour);
    return {
      number: i + 1,
      name: span.name,
      startTime: isoWithOffset(epochHourToMs(span.startHour), request.timeZone),
      endTime: isoWithOffset(epochHourToMs(span.endHour), request.timeZone),
      isDaytime: span.isDaytime,
      temperature: summary.temperature,
      temperatureUnit: units === 'us' ? 'F' : 'C',
      temperatureTrend: summary.trend?.kind ?? null,
      probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: summary.popPct },
      windSpeed:
        summary.windLow === summary.windHigh
          ? `${summary.windHigh} ${unit}`
          : `${summary.windLow} to ${summary.windHigh} ${unit}`,
      windDirection: compassPoint(summary.windDirectionDeg),
      icon: iconUrl(request.iconBaseUrl, span.isDaytime, text.iconSegments, 'medium'),
      shortForecast: text.shortForecast,
      detailedForecast: text.detailedForecast,
    };
  });
  return forecastEnvelope(request, 'BaselineForecastGenerator', endHour, periods);
}
