import { dailyForecast, hourlyForecast, type WeatherAdjust } from '../weather/index.ts';
import type { ForecastOptions } from '../../../../application/forecast/ports.ts';
import type { CellProfile } from './cell-profile.ts';
import { forecastContext } from '../shared/json-ld.ts';

/**
 * A forecast Feature as forecast.json / forecast_hourly.json: the cell outline as geometry and the weather
 * model's 14 day/night or 48 hourly periods, sampled at the cell centre. Period times carry the office's
 * UTC offset (the contract's rule), while the gridpoint's `timeZone` is the cell's own zone.
 */
export function forecastBody(
  profile: CellProfile,
  options: ForecastOptions,
  issuedHour: number,
  base: string,
  adjust?: WeatherAdjust,
): Record<string, unknown> {
  const request = {
    place: { lat: profile.centre.lat, lon: profile.centre.lon, elevationM: profile.elevationM },
    issuedHour,
    timeZone: profile.cell.office.timeZone,
    units: options.units,
    iconBaseUrl: `${base}/icons`,
    adjust,
  };
  const f = options.hourly ? hourlyForecast(request) : dailyForecast(request);
  return {
    '@context': forecastContext(base),
    type: 'Feature',
    geometry: profile.geometry,
    properties: {
      units: f.units,
      forecastGenerator: f.forecastGenerator,
      generatedAt: f.generatedAt,
      updated: f.updated,
      updateTime: f.updateTime,
      validTimes: f.validTimes,
      elevation: f.elevation,
      periods: f.periods,
    },
  };
}
