import type { Forecast, ForecastPeriod, ForecastRequest } from './forecast-types.ts';
import { epochHourToMs, isoUtc } from './time.ts';

/** ISO 8601 duration in the NWS's style, e.g. P7DT12H. */
export function isoDuration(hours: number): string {
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `P${days > 0 ? `${days}D` : ''}${rest > 0 || days === 0 ? `T${rest}H` : ''}`;
}

/**
 * Forecast metadata. Timestamps are the issuance hour, not the wall clock, so the
 * same request always yields the same bytes (and a stable ETag upstream).
 */
export function forecastEnvelope(
  request: ForecastRequest,
  generator: string,
  endHour: number,
  periods: readonly ForecastPeriod[],
): Forecast {
  const issued = isoUtc(epochHourToMs(request.issuedHour));
  return {
    units: request.units ?? 'us',
    forecastGenerator: generator,
    generatedAt: issued,
    updated: issued,
    updateTime: issued,
    validTimes: `${issued}/${isoDuration(endHour - request.issuedHour)}`,
    elevation: { unitCode: 'wmoUnit:m', value: Math.round(request.place.elevationM * 100) / 100 },
    periods,
  };
}
