import type { ForecastProvider } from '../../../application/forecast/ports.ts';
import { alertResources } from './alerts/alert-resources.ts';
import { aviationResources } from './aviation/aviation-resources.ts';
import type { EmbeddedDeps } from './embedded-deps.ts';
import { gridResources } from './grid/grid-resources.ts';
import { iconResources } from './reference/icon-png.ts';
import { observationHistory } from './stations/observation-history.ts';
import { officeAlerts } from './offices/office-alerts.ts';
import { officeConfigResources } from './offices/office-config.ts';
import { officeHeadlineResources } from './offices/office-headlines.ts';
import { productResources } from './offices/product-resources.ts';
import { officeResources } from './offices/office-resources.ts';
import { composeFamilies } from './router.ts';
import { radarResources } from './radar/radar-resources.ts';
import { referenceResources } from './reference/reference-resources.ts';
import { satelliteResources } from './reference/satellite-thumbnail.ts';
import { stationResources } from './stations/station-resources.ts';
import { tafResources } from './aviation/taf-resources.ts';
import { zoneForecastResources, zoneForecastText } from './zones/zone-forecasts.ts';
import { zoneResources } from './zones/zone-resources.ts';

/**
 * FORECAST_PROVIDER=embedded: api.weather.gov's documents computed offline from real geography and the
 * deterministic weather model. Each part answers one family of routes; the parts that describe the same
 * weather share their sources (alerts feed headlines and products, gridpoint forecasts feed zone
 * forecasts and the ZFP), so every document agrees with the others. A route a family serves by path
 * by rule (its `routes`, see router.ts) is answered through the port's `document` and `asset`.
 */
export function createEmbeddedForecastProvider(deps: EmbeddedDeps): ForecastProvider {
  const grid = gridResources(deps);
  // The family's typed answers stay its own (the tests ask them); the provider serves its routes.
  const { activeAlerts, prepare, routes } = alertResources(deps);
  const zoneText = zoneForecastText(deps, grid);
  const ofOffice = officeAlerts(deps.catalogue, activeAlerts);
  const provider: ForecastProvider = composeFamilies([
    grid,
    stationResources(deps),
    observationHistory(deps),
    tafResources(deps),
    officeResources(deps),
    officeConfigResources(deps),
    officeHeadlineResources(deps, ofOffice),
    productResources(deps, ofOffice, zoneText),
    { prepare, routes },
    zoneResources(deps),
    zoneForecastResources(zoneText, deps.catalogue),
    aviationResources(deps),
    radarResources(deps),
    referenceResources(),
    satelliteResources(deps),
    iconResources(),
  ]);
  // Every document is worked out from the request and deps alone, whose clock and scenario are the controls'.
  return { ...provider, followsControls: true };
}
