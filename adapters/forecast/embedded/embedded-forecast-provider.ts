import type { ForecastProvider } from '../../../application/forecast/ports.ts';
import { alertResources } from './alert-resources.ts';
import type { EmbeddedDeps } from './embedded-deps.ts';
import { gridResources } from './grid-resources.ts';
import { iconResources } from './icon-svg.ts';
import { officeResources } from './office-resources.ts';
import { stationResources } from './station-resources.ts';
import { zoneResources } from './zone-resources.ts';

/**
 * FORECAST_PROVIDER=embedded: api.weather.gov's documents computed offline from real geography and the
 * deterministic weather model. Each part answers one family of routes.
 */
export function createEmbeddedForecastProvider(deps: EmbeddedDeps): ForecastProvider {
  return {
    ...gridResources(deps),
    ...stationResources(deps),
    ...officeResources(deps),
    ...alertResources(deps),
    ...zoneResources(deps),
    ...iconResources(),
  };
}
