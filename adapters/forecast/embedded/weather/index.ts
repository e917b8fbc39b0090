/**
 * Synthetic weather for the forecast service's offline provider.
 *
 * Everything here is a pure function of its inputs: the same place and hour always
 * give the same weather, forecasts, alerts and observations. Hours are UTC epoch
 * hours (`epochHourOf(Date.now())`); local times come from the IANA zone given.
 *
 * - `weatherAt(place, hour)` / `hourlySeries(place, startHour, count)`: the model.
 * - `hourlyForecast(request)`: 48 hourly periods from the issuance hour.
 * - `dailyForecast(request)`: 14 day/night periods, consistent with the hourly ones.
 * - `generateAlerts(request)`: active and recently expired alerts for a set of zones;
 *   `isAlertActive(alert, atMs)` tells them apart.
 * - `latestObservation(request)`: a station's latest observation.
 */

export { weatherAt, hourlySeries, synopticGustKmh } from './model.ts';
export { adoptPrecipMonths, measuredPrecipMonths } from './monthly-precip.ts';
export type { Place, PrecipType, WeatherAdjust, WeatherSample } from './model.ts';

export { hourlyForecast, HOURLY_PERIOD_COUNT } from './hourly-forecast.ts';
export { dailyForecast, DAILY_PERIOD_COUNT, temperatureWindow } from './daily-forecast.ts';
export type { Forecast, ForecastPeriod, ForecastRequest, QuantitativeValue } from './forecast-types.ts';
export type { UnitSystem } from './units.ts';

export { generateAlerts, isAlertActive, latestCycle, CYCLE_HOURS, HORIZON_HOURS, LOOKBACK_HOURS } from './alerts.ts';
export type { AlertFeature, AlertPolygon, AlertProperties, AlertReference, AlertRequest } from './alerts.ts';
export { stormPolygon } from './storm-warnings.ts';
export type { StormTrack } from './storm-warnings.ts';
export type { AlertZone } from './alert-zones.ts';
export { HAZARD_RULES } from './alert-rules.ts';
export type { AlertEvent } from './alert-events.ts';

export { latestObservation } from './observation.ts';
export type { ObservationProperties, ObservationRequest, PresentWeather, Station } from './observation.ts';

export { epochHourOf, epochHourToMs, isoWithOffset } from './time.ts';
