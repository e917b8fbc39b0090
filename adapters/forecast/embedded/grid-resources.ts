import type { ForecastDocument, ForecastProvider } from '../../../application/forecast/ports.ts';
import { cellProfiles } from './cell-profile.ts';
import type { EmbeddedDeps } from './embedded-deps.ts';
import { forecastBody } from './forecast-document.ts';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';
import { cellKey, cellOfGrid, isMarineOnly } from './grid-cell.ts';
import { gridpointBody } from './gridpoint-document.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS, issuance } from './document-times.ts';
import { cachedLinks } from './links.ts';
import { Lru } from './lru.ts';
import { pointDocuments } from './point-document.ts';
import { stationCollection } from './station-collection.ts';

/** How many stations a gridpoint lists, nearest first: about a 150 km radius in the CONUS network. */
export const GRIDPOINT_STATION_COUNT = 50;

/**
 * /points, /gridpoints/{office}/{x},{y} and its forecasts and stations. Every built document is kept in a
 * bounded LRU keyed by everything it depends on (cell, options, issuance hour, base URL), and the same body
 * object is returned on a hit, which also lets the HTTP layer reuse its serialisation: a warm forecast is a
 * Map lookup. maxAgeSeconds runs to the next hour, when the issuance hour and so the key change.
 */
export function gridResources(deps: EmbeddedDeps): Pick<ForecastProvider, 'point' | 'gridOf' | 'gridpoint' | 'forecast' | 'gridpointStations'> {
  const profileOf = cellProfiles(deps);
  const points = pointDocuments(deps);
  const forecasts = new Lru<string, ForecastDocument>(2048);
  const gridpoints = new Lru<string, ForecastDocument>(256);
  const stationPages = new Lru<string, ForecastDocument>(1024);
  const marineOnly = new Lru<string, boolean>(4096);

  // A document of one issuance hour; each request sets its own maxAgeSeconds.
  const ofHour = (body: Record<string, unknown>, hour: number): ForecastDocument => ({
    body,
    lastModified: new Date(hour * 3_600_000),
    maxAgeSeconds: 0,
  });

  return {
    async point(point, ctx) {
      return points.document(point, ctx.baseUrl);
    },

    async gridOf(point) {
      const cell = points.cell(point);
      return { office: cell.gridId, x: cell.gridX, y: cell.gridY };
    },

    async gridpoint(grid, ctx) {
      const cell = cellOfGrid(deps, grid);
      const { hour, maxAgeSeconds } = issuance(deps.clock);
      const key = `${ctx.baseUrl}|${cellKey(cell)}|${hour}|${deps.overlay?.revision() ?? 0}`;
      const doc = gridpoints.getOrSet(key, () => ofHour(gridpointBody(profileOf(cell), hour, ctx.baseUrl, deps.overlay?.adjust()), hour));
      return { ...doc, maxAgeSeconds };
    },

    async forecast(grid, options, ctx) {
      const cell = cellOfGrid(deps, grid);
      if (marineOnly.getOrSet(cellKey(cell), () => isMarineOnly(deps, cell))) {
        throw new ForecastNotFound(
          `No forecast for ${grid.office}/${grid.x},${grid.y}: the cell lies over water, and marine forecasts are not supported.`,
          'Marine Forecast Not Supported',
        );
      }
      const { hour, maxAgeSeconds } = issuance(deps.clock);
      const key = `${ctx.baseUrl}|${cellKey(cell)}|${options.hourly ? 'h' : 'd'}|${options.units}|${hour}|${deps.overlay?.revision() ?? 0}`;
      const doc = forecasts.getOrSet(key, () => ofHour(forecastBody(profileOf(cell), options, hour, ctx.baseUrl, deps.overlay?.adjust()), hour));
      return { ...doc, maxAgeSeconds };
    },

    async gridpointStations(grid, page, ctx) {
      const cell = cellOfGrid(deps, grid);
      const key = `${ctx.baseUrl}|${cellKey(cell)}|${page.limit}|${page.cursor ?? ''}`;
      return stationPages.getOrSet(key, () => {
        const { centre } = profileOf(cell);
        const nearest = deps.catalogue.nearestStations(centre.lat, centre.lon, GRIDPOINT_STATION_COUNT).map((n) => n.item);
        const links = cachedLinks(ctx.baseUrl);
        const url = links.gridpointStations(cell.gridId, cell.gridX, cell.gridY);
        const body = stationCollection(nearest, page, deps.catalogue, links, ctx.baseUrl, (cursor) => `${url}?limit=${page.limit}&cursor=${cursor}`);
        return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      });
    },
  };
}

