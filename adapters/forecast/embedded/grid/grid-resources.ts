import type { ForecastDocument, ForecastProvider, GridRef } from '../../../../application/forecast/ports.ts';
import { cellProfiles } from './cell-profile.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { forecastBody } from './forecast-document.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { cellKey, cellOfGrid, isMarineOnly, type Cell } from './grid-cell.ts';
import { gridpointBody } from './gridpoint-document.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS, issuance } from '../shared/document-times.ts';
import { cachedLinks } from '../shared/links.ts';
import { Lru } from '../shared/lru.ts';
import { PerObject } from '../../../shared/per-object.ts';
import { pointDocuments } from './point-document.ts';
import { stationPage } from '../stations/station-page.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { GRIDPOINT, GRIDPOINT_STATIONS } from './grid-routes.ts';

/**
 * A grid cell as the routes know it, per address object: the cell, its key, whether it lies over water, and
 * its last forecast answer per variant (daily or hourly × us or si units).
 */
interface KnownCell {
  readonly cell: Cell;
  readonly key: string;
  marineOnly?: boolean;
  readonly forecasts: (
    { readonly hour: number; readonly revision: number; readonly base: string; answer: ForecastDocument } | undefined
  )[];
}

/** How many stations a gridpoint lists, nearest first: about a 150 km radius in the CONUS network. */
export const GRIDPOINT_STATION_COUNT = 50;

/**
 * /points, /gridpoints/{office}/{x},{y} and its forecasts and stations. Every built document is kept in a
 * bounded LRU keyed by everything it depends on (cell, options, issuance hour, base URL), and the same body
 * object is returned on a hit, which also lets the HTTP layer reuse its serialisation: a warm forecast is a
 * Map lookup. maxAgeSeconds runs to the next hour, when the issuance hour and so the key change.
 */
export function gridResources(
  deps: EmbeddedDeps,
): Pick<ForecastProvider, 'point' | 'gridOf' | 'forecast'> & FamilyRoutes {
  const profileOf = cellProfiles(deps);
  const points = pointDocuments(deps);
  const forecasts = new Lru<string, ForecastDocument>(2048);
  const gridpoints = new Lru<string, ForecastDocument>(256);
  const stationPages = new Lru<string, ForecastDocument>(1024);
  const marineOnly = new Lru<string, boolean>(4096);
  // A grid address's cell and its key, per address object: the use cases hand over the same object for the
  // same path text (application/forecast/parsed-texts.ts), so a warm gridpoint route builds no string to find
  // its cell. The catalogue does not change, so neither does the cell; a new object just works it out again.
  const cells = new PerObject<GridRef, KnownCell>((grid) => {
    const cell = cellOfGrid(deps, grid);
    return { cell, key: cellKey(cell), forecasts: [] };
  });
  const gridRefs = new PerObject<Cell, GridRef>((cell) =>
    Object.freeze({ office: cell.gridId, x: cell.gridX, y: cell.gridY }),
  );
  const cellOf = (grid: GridRef): KnownCell => cells.of(grid);

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
      // The same address object for the same cell, so the forecast of a point finds its grid cell as a
      // gridpoint path does (cellOf), without a new WeakMap entry per request.
      return gridRefs.of(points.cell(point));
    },

    async forecast(grid, options, ctx) {
      const known = cellOf(grid);
      const { cell, key: cellId } = known;
      if ((known.marineOnly ??= marineOnly.getOrSet(cellId, () => isMarineOnly(deps, cell)))) {
        throw new ForecastNotFound(
          `No forecast for ${grid.office}/${grid.x},${grid.y}: the cell lies over water, and marine forecasts are not supported.`,
          'Marine Forecast Not Supported',
        );
      }
      const { hour, maxAgeSeconds } = issuance(deps.clock);
      const revision = deps.overlay?.revision() ?? 0;
      // The cell's last answer of these options, when its hour, scenario revision and base are still the
      // request's: the document the LRU below would give, without building its key (six parts) to look it up.
      const variant = (options.hourly ? 1 : 0) + (options.units === 'si' ? 2 : 0);
      const last = known.forecasts[variant];
      if (last && last.hour === hour && last.revision === revision && last.base === ctx.baseUrl) {
        // The same answer object while its max-age holds, so the HTTP layer finds its headers' texts at once.
        if (last.answer.maxAgeSeconds !== maxAgeSeconds) last.answer = { ...last.answer, maxAgeSeconds };
        return last.answer;
      }
      const key = `${ctx.baseUrl}|${cellId}|${options.hourly ? 'h' : 'd'}|${options.units}|${hour}|${revision}`;
      const doc = forecasts.getOrSet(key, () =>
        ofHour(forecastBody(profileOf(cell), options, hour, ctx.baseUrl, deps.overlay?.adjust()), hour),
      );
      const answer = { ...doc, maxAgeSeconds };
      known.forecasts[variant] = { hour, revision, base: ctx.baseUrl, answer };
      return answer;
    },

    routes: [
      serve(GRIDPOINT, async (grid, ctx) => {
        const { cell, key: cellId } = cellOf(grid);
        const { hour, maxAgeSeconds } = issuance(deps.clock);
        const key = `${ctx.baseUrl}|${cellId}|${hour}|${deps.overlay?.revision() ?? 0}`;
        const doc = gridpoints.getOrSet(key, () =>
          ofHour(gridpointBody(profileOf(cell), hour, ctx.baseUrl, deps.overlay?.adjust()), hour),
        );
        return { ...doc, maxAgeSeconds };
      }),

      serve(GRIDPOINT_STATIONS, async ({ grid, page }, ctx) => {
        const { cell, key: cellId } = cellOf(grid);
        const key = `${ctx.baseUrl}|${cellId}|${page.limit}|${page.cursor ?? ''}`;
        return stationPages.getOrSet(key, () => {
          const { centre } = profileOf(cell);
          const nearest = deps.catalogue
            .nearestStations(centre.lat, centre.lon, GRIDPOINT_STATION_COUNT)
            .map((n) => n.item);
          const links = cachedLinks(ctx.baseUrl);
          const url = links.gridpointStations(cell.gridId, cell.gridX, cell.gridY);
          const body = stationPage(
            nearest,
            page,
            deps.catalogue,
            links,
            ctx.baseUrl,
            (cursor) => `${url}?limit=${page.limit}&cursor=${cursor}`,
          );
          return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
        });
      }),
    ],
  };
}
