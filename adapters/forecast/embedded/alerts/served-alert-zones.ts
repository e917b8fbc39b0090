import type { AlertZone } from '../weather/index.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { cellOfPoint, hasForecastGrid } from '../grid/grid-cell.ts';
import { alertZonesByOffice } from './alert-zone-source.ts';
import { zoneWeatherPlace } from './alert-zone-place.ts';

// Apart from alert-zone-source.ts, which the scenario overlay imports: the grid and the zone places reach
// back to the embedded deps, and through them to that overlay (a cycle dependency-cruiser refuses).
/**
 * The zones the served API alerts for: those of offices with a forecast grid, each sampled at its weather
 * place (alert-zone-place.ts), a land zone only where a grid serves that place, so no alert names a land
 * zone whose points answer 404.
 */
export function servedAlertZones(deps: EmbeddedDeps): AlertZone[][] {
  return alertZonesByOffice(
    deps.catalogue,
    (office) => hasForecastGrid(deps, office),
    zoneWeatherPlace(deps),
    (lat, lon) => {
      try {
        cellOfPoint(deps, lat, lon);
        return true;
      } catch {
        return false;
      }
    },
  );
}
