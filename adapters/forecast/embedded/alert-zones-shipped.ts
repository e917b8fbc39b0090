import { alertZonesByOffice } from './alert-zone-source.ts';
import { hasForecastGrid } from './grid-cell.ts';
import { loadEmbeddedDeps } from './load-embedded-deps.ts';
import type { AlertZone } from './weather/index.ts';

/**
 * The zones the embedded provider issues alerts for, read from the shipped catalogue and grid offsets: what
 * alert-resources.ts derives from its own deps, for a worker that starts before the server has loaded
 * them (the start-up prefetch, alert-prefetch.ts). The server compares digests before using the result.
 */
export function shippedAlertZones(): AlertZone[][] {
  const deps = loadEmbeddedDeps({ now: () => new Date() });
  return alertZonesByOffice(deps.catalogue, (office) => hasForecastGrid(deps, office));
}
