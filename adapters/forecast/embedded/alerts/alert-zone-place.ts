import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gridToLatLon } from '../geo/ndfd-grid.ts';
import { cellOfPoint } from '../grid/grid-cell.ts';
import { embeddedDataDir } from '../data-dir.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { estimateElevation } from '../shared/elevation.ts';
import type { Place } from '../weather/index.ts';

/**
 * Where the alert model samples a zone's weather: the gridpoint of the zone's centroid (the centre of its
 * cell, at that cell's elevation), exactly where /gridpoints and the forecasts for that point sample it. So an
 * alert's amounts and criteria are the ones a client reads in the gridpoint and forecast of the place the
 * alert covers (issue 35 item 13), and a plateau's heat or cold is judged at the plateau's height rather
 * than at sea level (issue 38 item 4: a Heat Advisory on the Grand Canyon plateau). A centroid on no served
 * cell (open water) keeps its own position, still at its estimated elevation.
 */
export function zoneGridPlace(deps: EmbeddedDeps, lat: number, lon: number): Place {
  let at = { lat, lon };
  try {
    const cell = cellOfPoint(deps, lat, lon);
    at = gridToLatLon(cell.i, cell.j, cell.grid);
  } catch {
    // No cell serves the centroid: sample the centroid itself.
  }
  return { lat: at.lat, lon: at.lon, elevationM: estimateElevation(deps.catalogue, at.lat, at.lon) };
}

export const ZONE_PLACES_FILE = 'zone-places.json';

/** zone-places.json: every forecast zone's {@link zoneGridPlace}, as [id, lat, lon, elevationM] rows. */
export interface ZonePlacesFile {
  readonly format: 1;
  readonly fields: readonly string[];
  readonly rows: readonly (readonly [string, number, number, number])[];
}

/**
 * Each zone's weather place. Working them out costs ~0.1 ms a zone (the county lookup behind cellOfPoint,
 * the nearest stations behind the elevation), half a second for the country on the main thread, so they are
 * read from zone-places.json (scripts/forecast-data/build-zone-places.ts writes it from the same function);
 * a zone the file lacks is worked out.
 */
export function zoneWeatherPlace(
  deps: EmbeddedDeps,
  file: string = join(embeddedDataDir(), ZONE_PLACES_FILE),
): (zoneId: string, lat: number, lon: number) => Place {
  let known: Map<string, Place>;
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as ZonePlacesFile;
    known = new Map(data.rows.map(([id, lat, lon, elevationM]) => [id, { lat, lon, elevationM }]));
  } catch {
    known = new Map();
  }
  return (zoneId, lat, lon) => known.get(zoneId) ?? zoneGridPlace(deps, lat, lon);
}
