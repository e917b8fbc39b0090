import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bboxContains, multiPolygonContains } from '../catalogue/geometry.ts';
import type { Catalogue, ForecastZoneRecord, LatLon, MarineZoneRecord } from '../catalogue/types.ts';
import { gridToLatLon } from '../geo/ndfd-grid.ts';
import { cellOfPoint, isMarineOnly, type Cell } from '../grid/grid-cell.ts';
import { embeddedDataDir } from '../data-dir.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { estimateElevation } from '../shared/elevation.ts';
import { lakePlace, onLakeMaskLand } from '../weather/great-lakes-water.ts';
import type { Place } from '../weather/index.ts';
import { onSeaMaskLand, openSeaWeight } from '../weather/sea-water.ts';

/**
 * Where the alert model samples a zone's weather: the gridpoint of the zone's centroid (the centre of its
 * cell, at that cell's elevation), exactly where /gridpoints and the forecasts for that point sample it. So an
 * alert's amounts and criteria are the ones a client reads in the gridpoint and forecast of the place the
 * alert covers (issue 35 item 13), and a plateau's heat or cold is judged at the plateau's height rather
 * than at sea level (issue 38 item 4: a Heat Advisory on the Grand Canyon plateau). A centroid on no served
 * cell (open water) keeps its own position, still at its estimated elevation.
 *
 * `overWater` is the cell's own, as its gridpoint decides it (cell-profile.ts: a cell with no land,
 * isMarineOnly), so a marine zone's Special Marine Warning is judged on the weather its /gridpoints serves
 * ({@link marineZonePlace} looks first for an all-water cell; the 4 zones with none, Valdez Narrows' PKZ721 and
 * the St. Clair River's LCZ422 among them, get the land's weather there and in their alerts alike). A
 * centroid on no served cell is open water: over water.
 */
export function zoneGridPlace(deps: EmbeddedDeps, lat: number, lon: number): Place {
  let at = { lat, lon };
  let overWater = true;
  try {
    const cell = cellOfPoint(deps, lat, lon);
    at = gridToLatLon(cell.i, cell.j, cell.grid);
    overWater = isMarineOnly(deps, cell);
  } catch {
    // No cell serves the centroid: sample the centroid itself.
  }
  const place = { lat: at.lat, lon: at.lon, elevationM: estimateElevation(deps.catalogue, at.lat, at.lon) };
  return overWater ? { ...place, overWater } : place;
}

/**
 * How far from its centroid's cell a land zone's weather place is looked for, in cells (50 km on the CONUS
 * grid, 60 on Alaska's): beyond it a zone keeps its centroid's cell. The farthest move nationwide is 30.6 km,
 * the Pribilof Islands' (AKZ195) onto St. Paul Island; the CONUS's 23 km, Keweenaw's (MIZ001) off Lake Superior.
 */
export const LAND_SEARCH_CELLS = 20;

/** The cell offsets within {@link LAND_SEARCH_CELLS}, nearest first, ties by row then column: one order everywhere. */
const SEARCH_OFFSETS: readonly (readonly [number, number])[] = (() => {
  const r = LAND_SEARCH_CELLS;
  const out: [number, number][] = [];
  for (let dj = -r; dj <= r; dj++) for (let di = -r; di <= r; di++) if (di * di + dj * dj <= r * r) out.push([di, dj]);
  return out.sort((a, b) => a[0] ** 2 + a[1] ** 2 - (b[0] ** 2 + b[1] ** 2) || a[1] - b[1] || a[0] - b[0]);
})();

/** Squared distance between two points, km², flat at the first one's latitude (only compared, over tens of km). */
const km2 = (a: LatLon, b: LatLon): number =>
  ((a.lat - b.lat) * 111.2) ** 2 + ((a.lon - b.lon) * 111.2 * Math.cos((a.lat * Math.PI) / 180)) ** 2;

/** Every forecast zone, per catalogue, to find the zones whose centroid is nearer a point than a zone's own. */
const zoneLists = new WeakMap<Catalogue, readonly ForecastZoneRecord[]>();
function nearerCentroid(catalogue: Catalogue, zone: ForecastZoneRecord, p: LatLon): boolean {
  let zones = zoneLists.get(catalogue);
  if (!zones) zoneLists.set(catalogue, (zones = [...catalogue.forecastZones.values()]));
  const own = km2(p, zone.centroid);
  const dLat = Math.sqrt(own) / 111.2;
  return zones.some((z) => z !== zone && Math.abs(z.centroid.lat - p.lat) <= dLat && km2(p, z.centroid) < own);
}

const holds = (zone: ForecastZoneRecord, p: LatLon): boolean =>
  zone.shape !== null &&
  bboxContains(zone.shape.bbox, p.lon, p.lat) &&
  multiPolygonContains(zone.shape.polygons, p.lon, p.lat);

/**
 * Whether a point is a land zone's own land: no open sea or lake to the model (sea-water.ts, great-lakes-water.ts
 * shares 0), and the zone's: inside its outline where the outline is the zone's alone (`exact`); else (a zone
 * sharing its counties, whose outline is theirs whole, or a point no zone's outline holds but a water mask calls
 * land: an island the simplified outlines leave out, as the Middle Keys) inside its outline or no zone's, and
 * nearer its centroid than any other zone's.
 */
export function isZoneLand(catalogue: Catalogue, zone: ForecastZoneRecord, p: LatLon): boolean {
  if (openSeaWeight(p.lat, p.lon) > 0 || lakePlace(p.lat, p.lon) !== undefined) return false;
  const inside = holds(zone, p);
  if (inside && zone.exact) return true;
  if (
    !inside &&
    (catalogue.forecastZoneAt(p.lat, p.lon) || !(onSeaMaskLand(p.lat, p.lon) || onLakeMaskLand(p.lat, p.lon)))
  )
    return false;
  return !nearerCentroid(catalogue, zone, p);
}

/**
 * A land zone's weather place (issue 38 items 3 and 9): its centroid's gridpoint ({@link zoneGridPlace}) where that
 * cell's centre is the zone's land, else the centre of the nearest cell that is ({@link isZoneLand}, within
 * {@link LAND_SEARCH_CELLS}; nearest by grid distance, ties by row then column, so every machine picks the same).
 * The correlation file's centroid of a zone shaped like an arc falls off it: the Middle Keys' in Florida Bay
 * (open-sea share 0.25), so the land zone's alerts were judged on partly marine weather; its place is now the
 * next cell east, on the islands between Marathon and Duck Key (share 0). A zone with no such cell in reach (an
 * island the water masks count as water, as Beaver Island in Lake Michigan) keeps its centroid's cell.
 */
export function landZonePlace(deps: EmbeddedDeps, zone: ForecastZoneRecord): Place {
  let cell;
  try {
    cell = cellOfPoint(deps, zone.centroid.lat, zone.centroid.lon);
  } catch {
    return landOf(zoneGridPlace(deps, zone.centroid.lat, zone.centroid.lon));
  }
  const at = nearestServedCentre(deps, cell, (centre) => isZoneLand(deps.catalogue, zone, centre));
  if (at) return { lat: at.lat, lon: at.lon, elevationM: estimateElevation(deps.catalogue, at.lat, at.lon) };
  return landOf(zoneGridPlace(deps, zone.centroid.lat, zone.centroid.lon));
}

/**
 * The centre of the nearest cell around `cell` (within {@link LAND_SEARCH_CELLS}, in {@link SEARCH_OFFSETS}'
 * order, so every machine picks the same) that `accept`s it: the centre of the cell that serves each offset
 * (another office's grid, a little offset, may), where /points leads.
 */
function nearestServedCentre(
  deps: EmbeddedDeps,
  cell: Cell,
  accept: (centre: LatLon, served: Cell) => boolean,
): LatLon | undefined {
  for (const [di, dj] of SEARCH_OFFSETS) {
    const near = gridToLatLon(cell.i + di, cell.j + dj, cell.grid);
    let served: Cell;
    try {
      served = cellOfPoint(deps, near.lat, near.lon);
    } catch {
      continue;
    }
    const at = gridToLatLon(served.i, served.j, served.grid);
    if (accept(at, served)) return at;
  }
  return undefined;
}

/** A land zone's place without zoneGridPlace's `overWater`: its alerts stay the land's (alert-zone-source.ts). */
function landOf({ lat, lon, elevationM }: Place): Place {
  return { lat, lon, elevationM };
}

/**
 * A marine zone's weather place: the centre of the all-water cell (isMarineOnly, as its gridpoint decides it)
 * nearest its centroid whose centre the zone holds, within {@link LAND_SEARCH_CELLS}, in the same order as
 * {@link landZonePlace}; else its centroid's gridpoint ({@link zoneGridPlace}), on land if that cell holds some
 * (4 of 564 zones: PKZ721, PKZ723 and PKZ767 in Alaska, LCZ422 on the St. Clair River; the tidal Potomac's
 * ANZ535 and Pamlico Sound's AMZ136, whose centroids' cells hold land, find water 11 km and less away). Guam's
 * coastal waters' centroids lie on the island's cells: sampled there, the island's thunderstorms gave 539 Special
 * Marine Warnings a year (the real office sends far fewer).
 */
export function marineZonePlace(deps: EmbeddedDeps, zone: MarineZoneRecord): Place {
  const own = zoneGridPlace(deps, zone.centroid.lat, zone.centroid.lon);
  if (own.overWater) return own;
  const cell = cellOfPoint(deps, zone.centroid.lat, zone.centroid.lon);
  const at = nearestServedCentre(
    deps,
    cell,
    (centre, served) =>
      deps.catalogue.marineZoneAt(centre.lat, centre.lon)?.id === zone.id && isMarineOnly(deps, served),
  );
  if (!at) return own;
  return { lat: at.lat, lon: at.lon, elevationM: estimateElevation(deps.catalogue, at.lat, at.lon), overWater: true };
}

export const ZONE_PLACES_FILE = 'zone-places.json';

/**
 * zone-places.json: every forecast zone's {@link landZonePlace} and every marine zone's {@link marineZonePlace}, as
 * [id, lat, lon, elevationM] rows, with a fifth value 1 where the place is over water.
 */
export interface ZonePlacesFile {
  readonly format: 2;
  readonly fields: readonly string[];
  readonly rows: readonly (readonly [string, number, number, number, 1?])[];
}

/**
 * Each zone's weather place. Working them out costs seconds on the main thread (the county lookup behind
 * cellOfPoint, the nearest stations behind the elevation, and a land zone's search for its land: 4.2 s for
 * every forecast zone, up to 0.65 s for one, and 1.4 s for the marine zones, at load 6 on 2 cores; see the
 * README), so they are read from zone-places.json (scripts/forecast-data/build-zone-places.ts writes it from
 * the same functions); a zone the file lacks, or every zone if there is no file, is worked out; a file of
 * another format throws.
 */
export function zoneWeatherPlace(
  deps: EmbeddedDeps,
  file: string = join(embeddedDataDir(), ZONE_PLACES_FILE),
): (zoneId: string, lat: number, lon: number) => Place {
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // No file: every zone is worked out.
  }
  const data = text === undefined ? undefined : (JSON.parse(text) as ZonePlacesFile);
  // A stale file fails loudly, as alert-zones.json does: format 1's marine rows carry no `overWater`.
  if (data && data.format !== 2) throw new Error(`${file}: format ${String(data.format)}, expected 2; rebuild`);
  const known = new Map<string, Place>(
    (data?.rows ?? []).map(([id, lat, lon, elevationM, water]) => [
      id,
      water === 1 ? { lat, lon, elevationM, overWater: true } : { lat, lon, elevationM },
    ]),
  );
  return (zoneId, lat, lon) => {
    const place = known.get(zoneId);
    if (place) return place;
    const land = deps.catalogue.forecastZones.get(zoneId);
    if (land) return landZonePlace(deps, land);
    const marine = deps.catalogue.marineZones.get(zoneId);
    return marine ? marineZonePlace(deps, marine) : zoneGridPlace(deps, lat, lon);
  };
}
