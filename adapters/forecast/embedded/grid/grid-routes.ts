import { gridRefOf } from '../../../../application/forecast/parsed-texts.ts';
import type { GridRef } from '../../../../application/forecast/ports.ts';
import type { RouteInput } from '../../../../application/forecast/resource-route.ts';
import { parsePage, type Page } from '../../../../domain/forecast/queries.ts';
import { documentRule, param, seg, withQuery } from '../shared/rules.ts';

// The grid family's plain reads: a gridpoint's layers and its nearest stations. (A point, the grid cell
// it falls in and the forecasts stay typed methods of the port: the forecast of a point is found through
// its cell, and /points/{p}/stations is a redirect.)

/** The cell the path names, the same object for the same texts (parsed-texts.ts), which the family keys by. */
const gridOf = (input: RouteInput): GridRef => gridRefOf(param(input, 'office'), param(input, 'xy'));
const gridPath = (g: GridRef): string => `/gridpoints/${seg(g.office)}/${g.x},${g.y}`;

export const GRIDPOINT = documentRule('/gridpoints/:office/:xy', 'geojson', gridOf, gridPath);

export interface GridStationsPage {
  readonly grid: GridRef;
  readonly page: Page;
}

/** The observation stations nearest the cell, nearest first. */
export const GRIDPOINT_STATIONS = documentRule(
  '/gridpoints/:office/:xy/stations',
  'geojson',
  (input): GridStationsPage => ({ grid: gridOf(input), page: parsePage(input.query, 25) }),
  ({ grid, page }) =>
    withQuery(
      `${gridPath(grid)}/stations`,
      [
        ['limit', page.limit],
        ['cursor', page.cursor],
      ],
      'encoded',
    ),
);

export const GRID_ROUTES = [GRIDPOINT, GRIDPOINT_STATIONS];
