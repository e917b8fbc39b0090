import { hourlySeries, type WeatherAdjust } from '../weather/index.ts';
import type { CellProfile } from './cell-profile.ts';
import { gridLayers, hourIso } from './grid-layers.ts';
import { gridpointContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';

/** Seven days of hourly layers from the issuance hour. */
export const GRID_HOURS = 168;

/**
 * A gridpoint Feature as gridpoint.json, plus the members the spec's Gridpoint table lists (timeZone,
 * relativeLocation and the forecast/station links). `elevation` is the estimate described in elevation.ts.
 */
export function gridpointBody(
  profile: CellProfile,
  issuedHour: number,
  base: string,
  adjust?: WeatherAdjust,
): Record<string, unknown> {
  const links = cachedLinks(base);
  // The grid's id (AER for most of Anchorage's area) names the gridpoint and its links; the office stays AFC.
  const { office, gridId, gridX: x, gridY: y } = profile.cell;
  const id = links.gridpoint(gridId, x, y);
  const updateTime = hourIso(issuedHour);
  const place = {
    lat: profile.centre.lat,
    lon: profile.centre.lon,
    elevationM: profile.elevationM,
    ...(profile.overWater ? { overWater: true } : {}),
  };
  return {
    '@context': gridpointContext(base),
    id,
    type: 'Feature',
    geometry: profile.geometry,
    properties: {
      '@id': id,
      '@type': 'wx:Gridpoint',
      updateTime,
      validTimes: `${updateTime}/P7D`,
      elevation: { unitCode: 'wmoUnit:m', value: profile.elevationM },
      forecastOffice: links.office(office.id),
      gridId,
      gridX: x,
      gridY: y,
      timeZone: profile.timeZone,
      relativeLocation: profile.relativeLocation,
      forecast: links.forecast(gridId, x, y),
      forecastHourly: links.forecastHourly(gridId, x, y),
      forecastGridData: id,
      observationStations: links.gridpointStations(gridId, x, y),
      ...gridLayers(hourlySeries(place, issuedHour, GRID_HOURS, adjust), {
        place,
        timeZone: profile.timeZone,
        startHour: issuedHour,
        ...(profile.sea ? { sea: profile.sea } : {}),
      }),
    },
  };
}
