import type { EmbeddedDeps } from '../../../../adapters/forecast/embedded/embedded-deps.ts';
import { gridResources } from '../../../../adapters/forecast/embedded/grid/grid-resources.ts';
import { GRIDPOINT, GRIDPOINT_STATIONS } from '../../../../adapters/forecast/embedded/grid/grid-routes.ts';
import { askByPath } from './support.ts';
import type { ForecastContext, GridRef } from '../../../../application/forecast/ports.ts';
import type { Page } from '../../../../domain/forecast/queries.ts';

/**
 * The grid family: its typed methods (point, gridOf, forecast), and its declared routes asked by path as
 * the provider's `document` verb asks them, each path spelt by its route.
 */
export function gridFamily(deps: EmbeddedDeps) {
  const family = gridResources(deps);
  const ask = askByPath(family);
  return {
    ...family,
    gridpoint: (grid: GridRef, ctx: ForecastContext) => ask(GRIDPOINT.path(grid), ctx),
    gridpointStations: (grid: GridRef, page: Page, ctx: ForecastContext) =>
      ask(GRIDPOINT_STATIONS.path({ grid, page }), ctx),
  };
}
