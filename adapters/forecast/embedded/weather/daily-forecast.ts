import { forecastEnvelope } from './forecast-meta.ts';
import type { Forecast, ForecastPeriod, ForecastRequest } from './forecast-types.ts';
import { hourlySeries } from './model.ts';
import { summarizePeriod } from './period-summary.ts';
import { periodText } from './period-text.ts';
import { forecastPeriods } from './periods.ts';
import { epochHourToMs, isoWithOffset, localTime } from './time.ts';
import { compassPoint, speedUnitLabel } from './units.ts';
import { iconUrl } from './wording.ts';

export const DAILY_PERIOD_COUNT = 14;

/**
 * The seven-day forecast: 14 day/night periods from the current one, each summarising
 * the very hours the hourly forecast shows, so the two always agree.
 */
export function dailyForecast(request: ForecastRequest): Forecast {
  const units = request.units ?? 'us';
  const spans = forecastPeriods(request.issuedHour, request.timeZone, DAILY_PERIOD_COUNT);
  const endHour = spans[spans.length - 1]?.endHour ?? request.issuedHour;
  const samples = hourlySeries(request.place, request.issuedHour, endHour - request.issuedHour, request.adjust);
  const unit = speedUnitLabel(units);

  const periods = spans.map((span, i): ForecastPeriod => {
    const hours = samples.slice(span.startHour - request.issuedHour, span.endHour - request.issuedHour);
    const summary = summarizePeriod(hours, span.isDaytime, units);
    const text = periodText(summary, units, (k) => localTime(epochHourToMs(span.startHour + k), request.timeZone).hour);
    return {
      number: i + 1,
      name: span.name,
      startTime: isoWithOffset(epochHourToMs(span.startHour), request.timeZone),
      endTime: isoWithOffset(epochHourToMs(span.endHour), request.timeZone),
      isDaytime: span.isDaytime,
      temperature: summary.temperature,
      temperatureUnit: units === 'us' ? 'F' : 'C',
      temperatureTrend: null,
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
