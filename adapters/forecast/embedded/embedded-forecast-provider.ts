import type { ForecastProvider } from '../../../application/forecast/ports.ts';
import { alertResources } from './alert-resources.ts';
import { aviationResources } from './aviation-resources.ts';
import type { EmbeddedDeps } from './embedded-deps.ts';
import { gridResources } from './grid-resources.ts';
import { iconResources } from './icon-png.ts';
import { observationHistory } from './observation-history.ts';
import { officeProductResources } from './office-products.ts';
import { officeResources } from './office-resources.ts';
import { radarResources } from './radar-resources.ts';
import { referenceResources } from './reference-resources.ts';
import { satelliteResources } from './satellite-thumbnail.ts';
import { stationResources } from './station-resources.ts';
import { tafResources } from './taf-resources.ts';
import { zoneForecastResources, zoneForecastText } from './zone-forecasts.ts';
import { zoneResources } from './zone-resources.ts';

/**
 * FORECAST_PROVIDER=embedded: api.weather.gov's documents computed offline from real geography and the
 * deterministic weather model. Each part answers one family of routes; the parts that describe the same
 * weather share their sources (alerts feed headlines and products, gridpoint forecasts feed zone
 * forecasts and the ZFP), so every document agrees with the others.
 */
export function createEmbeddedForecastProvider(deps: EmbeddedDeps): ForecastProvider {
  const grid = gridResources(deps);
  const { activeAlerts, ...alerts } = alertResources(deps);
  const zoneText = zoneForecastText(deps, grid);
  return {
    ...grid,
    ...stationResources(deps),
    ...observationHistory(deps),
    ...tafResources(deps),
    ...officeResources(deps),
    ...officeProductResources(deps, activeAlerts, zoneText),
    ...alerts,
    ...zoneResources(deps),
    ...zoneForecastResources(zoneText),
    ...aviationResources(deps),
    ...radarResources(deps),
    ...referenceResources(),
    ...satelliteResources(deps),
    ...iconResources(),
  };
}
