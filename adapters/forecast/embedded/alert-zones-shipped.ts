import { alertZonesByOffice } from './alert-zone-source.ts';
import { buildCatalogue } from './catalogue/load-catalogue.ts';
import { readCountyZones, readForecastZones, readOffices } from './catalogue/decode-records.ts';
import { embeddedDataDir } from './data-dir.ts';
import { hasForecastGrid } from './grid-cell.ts';
import { readGridOffsets } from './load-embedded-deps.ts';
import type { AlertZone } from './weather/index.ts';

/**
 * The zones the embedded provider issues alerts for, read from the shipped data: what alert-resources.ts
 * derives from its own deps, for a worker that starts before the server has loaded them (the start-up
 * prefetch, alert-prefetch.ts). Only the offices, county and forecast zones and the grid offsets are read
 * (not the fire zones, stations, radars and places a whole catalogue holds), so the worker starts on the
 * weather sooner. The server compares digests before it uses the result; a test compares the zones.
 */
export function shippedAlertZones(): AlertZone[][] {
  const dir = embeddedDataDir();
  const catalogue = buildCatalogue({
    offices: readOffices(dir),
    countyZones: readCountyZones(dir),
    forecastZones: readForecastZones(dir),
    fireZones: [],
    stations: [],
    radars: [],
    places: [],
  });
  const offsets = readGridOffsets();
  return alertZonesByOffice(catalogue, (office) => hasForecastGrid({ catalogue, offsets, clock: { now: () => new Date() } }, office));
}
