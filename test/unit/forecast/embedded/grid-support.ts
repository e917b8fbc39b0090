import type { EmbeddedDeps } from '../../../../adapters/forecast/embedded/embedded-deps.ts';
import { gridResources } from '../../../../adapters/forecast/embedded/grid/grid-resources.ts';
import { GRIDPOINT, GRIDPOINT_STATIONS } from '../../../../adapters/forecast/embedded/grid/grid-routes.ts';
import { routeByPath } from '../../../../adapters/forecast/embedded/router.ts';
import type { ForecastContext, GridRef } from '../../../../application/forecast/ports.ts';
import type { Page } from '../../../../domain/forecast/queries.ts';

/**
 * The grid family: its typed methods (point, gridOf, forecast), and its declared routes asked by path as
 * the provider's `document` verb asks them, each path spelt by its route.
 */
export function gridFamily(deps: EmbeddedDeps) {
  const family = gridResources(deps);
  const served = routeByPath(family.routes ?? []);
  return {
    ...family,
    gridpoint: (grid: GridRef, ctx: ForecastContext) => served.document({ path: GRIDPOINT.path(grid) }, ctx),
    gridpointStations: (grid: GridRef, page: Page, ctx: ForecastContext) =>
      served.document({ path: GRIDPOINT_STATIONS.path({ grid, page }) }, ctx),
  };
}
