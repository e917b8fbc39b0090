import { formatCoordinate } from '../../../../domain/forecast/coordinates.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import {
  fromOfficeGrid,
  gridToLatLon,
  isInsideGrid,
  latLonToGrid,
  NDFD_GRIDS,
  toOfficeGrid,
  type NdfdGrid,
  wrapLonDeg,
} from '../geo/ndfd-grid.ts';
import type { GridRef } from '../../../../application/forecast/ports.ts';
import type { OfficeRecord, Shape } from '../catalogue/types.ts';
import type { EmbeddedDeps, GridWindowOrigin } from '../embedded-deps.ts';
import { answeringOffice, COASTAL_WATERS_KM, GREAT_LAKES, SHORE_KM } from './point-office.ts';
import { cellHoldsLand } from './cell-land.ts';

/** A forecast cell: its office, the grid it is addressed on, its grid address and its index on the NDFD grid. */
export interface Cell {
  readonly office: OfficeRecord;
  /** The id in /gridpoints/{gridId}/…: the office id, except where api.weather.gov names the grid otherwise (AER). */
  readonly gridId: string;
  readonly grid: NdfdGrid;
  readonly gridX: number;
  readonly gridY: number;
  /** NDFD grid indices of the cell's centre (fractional for an office grid NWS realigned). */
  readonly i: number;
  readonly j: number;
  /** Set on the cell of a point over coastal waters or a Great Lake: /points says `type: marine`. */
  readonly overWater?: boolean;
  /**
   * For a point just off the simplified land outlines (a barrier island, a pier): the nearby land point whose
   * zones and county it takes.
   */
  readonly shore?: { readonly lat: number; readonly lon: number };
}

export const POINT_UNAVAILABLE = 'Data Unavailable For Requested Point';

/**
 * Grid ids that are not office ids. api.weather.gov answers Anchorage's area (AFC) on two grids, both fitted
 * from real answers: AER (Southcentral) and ALU (south-west Alaska, the Alaska Peninsula and the Aleutians). A
 * point is served on the first grid whose window covers it: AER where its window reaches (it begins west of
 * King Salmon), ALU beyond; recordings place Anchorage on AER and Akutan on ALU.
 */
const GRID_IDS_OF_OFFICE: Readonly<Record<string, readonly string[]>> = { AFC: ['AER', 'ALU'] };
const OFFICE_OF_GRID_ID: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(GRID_IDS_OF_OFFICE).flatMap(([office, grids]) => grids.map((grid) => [grid, office])),
);

/** The grid ids an office's area is served on, in the order a point tries them. */
export function gridIdsOfOffice(officeId: string): readonly string[] {
  return GRID_IDS_OF_OFFICE[officeId] ?? [officeId];
}

/** Whether the embedded provider serves any forecast grid for the office's area (not American Samoa). */
export function hasForecastGrid(deps: EmbeddedDeps, officeId: string): boolean {
  return gridIdsOfOffice(officeId).some((id) => deps.offsets.has(id));
}

function pointUnavailable(lat: number, lon: number, office?: OfficeRecord, offGrid?: string): ForecastNotFound {
  const point = `${formatCoordinate(lat)},${formatCoordinate(lon)}`;
  // American Samoa (PPG) is the one NWS area without an NDFD grid here.
  const why = offGrid
    ? `: the point lies outside the ${offGrid} grid window of the ${office?.id} forecast area`
    : office
      ? `: the embedded forecast provider has no forecast grid for the ${office.id} forecast area`
      : '';
  return new ForecastNotFound(`Unable to provide data for requested point ${point}${why}`, POINT_UNAVAILABLE);
}

function windowOf(deps: EmbeddedDeps, gridId: string): { origin: GridWindowOrigin; grid: NdfdGrid } | undefined {
  const origin = deps.offsets.get(gridId);
  return origin ? { origin, grid: NDFD_GRIDS[origin[2] ?? 'conus'] } : undefined;
}

/** Whether the office serves its whole NDFD grid (deps.sectors: Guam's GUM, Hawaii's HFO, Puerto Rico's SJU). */
const servesWholeGrid = (deps: EmbeddedDeps, office: OfficeRecord, origin: GridWindowOrigin): boolean =>
  deps.sectors?.get(origin[2] ?? 'conus') === office.id;

/** The cell a point falls in, or ForecastNotFound naming the point. */
export function cellOfPoint(deps: EmbeddedDeps, lat: number, lon: number): Cell {
  const { office, shore, atSea, town } = answeringOffice(deps, lat, lon);
  if (!office) throw pointUnavailable(lat, lon);
  const gridIds = gridIdsOfOffice(office.id).filter((id) => deps.offsets.has(id));
  if (gridIds.length === 0) throw pointUnavailable(lat, lon, office);
  let cell: Cell | undefined;
  for (const gridId of gridIds) {
    const { origin, grid } = windowOf(deps, gridId) as { origin: GridWindowOrigin; grid: NdfdGrid };
    const index = latLonToGrid(lat, lon, grid);
    if (!isInsideGrid(index.i, index.j, grid)) continue;
    const { gridX, gridY } = toOfficeGrid(index, { dx: origin[0], dy: origin[1] });
    // Off the window: open water the office grid does not reach, or (Anchorage) the part of the area
    // another of its grids serves.
    const w = officeWindow(office, gridId, origin, servesWholeGrid(deps, office, origin), () => watersOf(deps, office));
    if (gridX < w.minX || gridX > w.maxX || gridY < w.minY || gridY > w.maxY) continue;
    cell = { office, gridId, grid, gridX, gridY, i: gridX + origin[0], j: gridY + origin[1] };
    break;
  }
  if (!cell) {
    const first = windowOf(deps, gridIds[0] as string) as { origin: GridWindowOrigin; grid: NdfdGrid };
    const index = latLonToGrid(lat, lon, first.grid);
    if (!isInsideGrid(index.i, index.j, first.grid)) throw pointUnavailable(lat, lon, office);
    throw shore || atSea ? pointUnavailable(lat, lon) : pointUnavailable(lat, lon, office, gridIds.join(' or '));
  }
  if (town) return shore ? { ...cell, shore: { lat: shore.lat, lon: shore.lon } } : cell;
  if (atSea) return { ...cell, overWater: true };
  if (!shore) return cell;
  return shore.km <= SHORE_KM ? { ...cell, shore: { lat: shore.lat, lon: shore.lon } } : { ...cell, overWater: true };
}

/** The probes of a cell's land: its centre and the points 0.3 cells from it along the grid's axes. */
const CELL_PROBES = [
  [0, 0],
  [0.3, 0],
  [-0.3, 0],
  [0, 0.3],
  [0, -0.3],
] as const;

/**
 * A cell with no land in it: no point of it is one /points calls land ({@link cellHoldsLand}: in a county, a
 * forecast zone or an office's outline, or within 1.5 km of them or of a town; its centre and the points 0.3
 * cells from it are asked of the counties first, which settles most land cells at once), and it is US water: a
 * probe in a coastal marine or offshore zone, the open ocean of an island office's grid (GUM, HFO, SJU), or, in
 * no US outline at all, beyond US waters rather than beyond US land ({@link beyondUsWaters}). Before, the five
 * probes alone decided, and a town on a cell whose middle is water (Utqiagvik, Waikiki) linked a 404. Such cells are marine-only; api.weather.gov has no
 * forecast for them ("Marine Forecast Not Supported", netbymatt/ws4kp#230, 2026) though their raw grid data is
 * served. No recorded land answer's cell fails this test. Canada's and Mexico's land on a US office's grid
 * (Windsor on DTX's, Tijuana on SGX's, Montreal on BTV's) is in no US zone and lies beyond US land: land, with
 * a forecast and the land's weather, as everything that asks this (/gridpoints, the cell profile's sea layers
 * and weather, the alert places, the aviation lattice) takes it.
 */
export function isMarineOnly(deps: EmbeddedDeps, cell: Cell): boolean {
  const { catalogue } = deps;
  const probes = CELL_PROBES.map(([di, dj]) => gridToLatLon(cell.i + di, cell.j + dj, cell.grid));
  if (probes.some((p) => catalogue.countyZoneAt(p.lat, p.lon) !== undefined)) return false;
  // Any point of the cell that /points calls land (answeringOffice): the same rule, on the whole cell.
  if (cellHoldsLand(catalogue, cell)) return false;
  if (probes.some((p) => inUsWaters(deps, p.lat, p.lon))) return true;
  const centre = probes[0] as { lat: number; lon: number };
  // On an island office's grid, open ocean.
  const origin = deps.offsets.get(cell.gridId);
  if (origin && servesWholeGrid(deps, cell.office, origin)) return true;
  return beyondUsWaters(deps, centre.lat, centre.lon);
}

/** Whether a point lies in a US marine zone: an office's coastal zone or a national centre's offshore zone. */
function inUsWaters(deps: EmbeddedDeps, lat: number, lon: number): boolean {
  return (deps.catalogue.marineZoneAt(lat, lon) ?? deps.catalogue.centreOffshoreZoneAt(lat, lon)) !== undefined;
}

/** The rings {@link beyondUsWaters} looks on, km from the point, nearest first. */
const BEYOND_RINGS_KM = [2, 5, 10, 20, 40, 80, 160, 320] as const;
const BEYOND_BEARINGS = 16;

/**
 * For a point in no US zone (Canada, Mexico, Russia's Chukotka, or the open ocean beyond the offshore zones):
 * whether the nearest US zones around it are waters rather than counties. The catalogue has no outlines of
 * other countries, but their land meets US land (the 49th parallel, the Rio Grande, the Yukon border) and their
 * waters meet US waters (the Great Lakes' Canadian halves, the Gulf of Mexico), so the first ring of probes
 * (16 a ring, 2 to 320 km out) that finds a US zone decides: waters if more of its probes lie in marine or
 * offshore zones than in counties, else land. A point with no US zone within 320 km is open ocean.
 */
function beyondUsWaters(deps: EmbeddedDeps, lat: number, lon: number): boolean {
  const kmPerLon = 111.2 * Math.cos((lat * Math.PI) / 180);
  for (const km of BEYOND_RINGS_KM) {
    let land = 0;
    let water = 0;
    for (let k = 0; k < BEYOND_BEARINGS; k++) {
      const bearing = (2 * Math.PI * k) / BEYOND_BEARINGS;
      const pLat = lat + (km * Math.cos(bearing)) / 111.2;
      const pLon = wrapLonDeg(lon + (km * Math.sin(bearing)) / kmPerLon);
      if (deps.catalogue.countyZoneAt(pLat, pLon) !== undefined) land++;
      else if (inUsWaters(deps, pLat, pLon)) water++;
    }
    if (land + water > 0) return water > land;
  }
  return true;
}

/**
 * Whether a point's weather is the water's (Place.overWater), as the forecast decides it: a point in the waters
 * of a marine zone (an office's coastal zone or a national centre's offshore zone) and in no county, whose
 * forecast cell, where an office's grid serves it, is marine-only ({@link isMarineOnly}, what its /gridpoints
 * and alerts use). A point in no US zone is land here, Canada's and Mexico's waters too (the lattice's points
 * there, 1° apart, are not asked which the nearest US zones are, as isMarineOnly asks of a cell).
 */
export function isPointOverWater(deps: EmbeddedDeps, lat: number, lon: number): boolean {
  if (!inUsWaters(deps, lat, lon) || deps.catalogue.countyZoneAt(lat, lon) !== undefined) return false;
  let cell: Cell;
  try {
    cell = cellOfPoint(deps, lat, lon);
  } catch {
    return true; // No office's grid serves it: the open waters beyond them.
  }
  return isMarineOnly(deps, cell);
}

/**
 * The outlines of the coastal marine zones whose waters an office answers for (the zone's office, or a Great
 * Lake's open-waters office: point-office.ts watersOffice), which its grid window covers whole. An office
 * forecasts its coastal waters on its own GFE grid, and api.weather.gov answers points there from that grid: the
 * Key West office's grid reaches the Dry Tortugas (KEY/14,23, a real gridpoint address in
 * aashari/mcp-server-national-weather-service's tests; Key West itself is KEY/62,48), 110 km beyond the
 * outline of its land, while a window of the land outline plus 45 km stopped at gridX 51 and answered 404 for
 * KEY's marine zones west of Key West (GMZ034/044/054/055). Offshore zones are left out (no recorded answer
 * shows them on an office grid), and so are offices served on more than one grid (Anchorage's AER and ALU: a
 * window grown over the waters would take points from the other grid).
 */
function watersOf(deps: EmbeddedDeps, office: OfficeRecord): readonly Shape[] {
  if (gridIdsOfOffice(office.id).length !== 1) return [];
  const shapes: Shape[] = [];
  for (const zone of deps.catalogue.marineZones.values())
    if (!zone.offshore && (zone.lakeCwa ?? zone.cwa) === office.id) shapes.push(zone.shape);
  return shapes;
}

/** Margin around the CWA: NWS office grids extend past their CWA over their coastal waters. */
const WINDOW_MARGIN_KM = COASTAL_WATERS_KM + 5;

export interface GridWindow {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

const windows = new WeakMap<OfficeRecord, Map<string, GridWindow>>();

/**
 * The gridX/gridY range an office answers for: its CWA's extent on its NDFD grid (every outline vertex
 * projected, since parallels are curved on the Lambert and polar grids) plus a margin, grown to cover the
 * outlines of its coastal marine zones (`waters`, see watersOf), clipped to non-negative indices and to the
 * grid; the whole grid for an office that has it to itself.
 */
export function officeWindow(
  office: OfficeRecord,
  gridId: string,
  offset: GridWindowOrigin,
  wholeGrid = false,
  /** Worked out only for a window not yet kept: a walk over every marine zone. */
  waters: () => readonly Shape[] = () => [],
): GridWindow {
  const cached = windows.get(office)?.get(gridId);
  if (cached) return cached;
  const grid = NDFD_GRIDS[offset[2] ?? 'conus'];
  if (wholeGrid) {
    const dx = Math.round(offset[0]);
    const dy = Math.round(offset[1]);
    const whole = { minX: Math.max(0, -dx), maxX: grid.nx - 1 - dx, minY: Math.max(0, -dy), maxY: grid.ny - 1 - dy };
    windows.set(office, (windows.get(office) ?? new Map<string, GridWindow>()).set(gridId, whole));
    return whole;
  }
  let minI = Infinity,
    maxI = -Infinity,
    minJ = Infinity,
    maxJ = -Infinity;
  const include = (lat: number, lon: number): void => {
    const g = latLonToGrid(lat, lon, grid);
    minI = Math.min(minI, g.i);
    maxI = Math.max(maxI, g.i);
    minJ = Math.min(minJ, g.j);
    maxJ = Math.max(maxJ, g.j);
  };
  for (const polygon of office.shape.polygons) {
    const outer = polygon[0];
    for (let k = 0; outer && k + 1 < outer.length; k += 2) include(outer[k + 1]!, outer[k]!);
  }
  // The office of a lake's open waters answers for the whole lake (MKX's grid reaches the Michigan shore).
  for (const lake of GREAT_LAKES) {
    if (lake.openWaters !== office.id) continue;
    const [south, west, north, east] = lake.box;
    for (const [lat, lon] of [
      [south, west],
      [south, east],
      [north, west],
      [north, east],
      [north, (west + east) / 2],
      [south, (west + east) / 2],
    ] as const)
      include(lat, lon);
  }
  // Whole cells: a realigned office's fraction of a cell does not move its window's edges.
  const dx = Math.round(offset[0]);
  const dy = Math.round(offset[1]);
  const WINDOW_MARGIN = Math.ceil((WINDOW_MARGIN_KM * 1000) / grid.cellM);
  [minI, maxI, minJ, maxJ] = [minI - WINDOW_MARGIN, maxI + WINDOW_MARGIN, minJ - WINDOW_MARGIN, maxJ + WINDOW_MARGIN];
  // Its coastal waters, edge to edge, without a margin: they are where its grid is known to reach.
  for (const shape of waters())
    for (const polygon of shape.polygons) {
      const outer = polygon[0];
      for (let k = 0; outer && k + 1 < outer.length; k += 2) include(outer[k + 1]!, outer[k]!);
    }
  const window = {
    minX: Math.max(0, -dx, Math.floor(minI) - dx),
    maxX: Math.min(grid.nx - 1 - dx, Math.ceil(maxI) - dx),
    minY: Math.max(0, -dy, Math.floor(minJ) - dy),
    maxY: Math.min(grid.ny - 1 - dy, Math.ceil(maxJ) - dy),
  };
  windows.set(office, (windows.get(office) ?? new Map<string, GridWindow>()).set(gridId, window));
  return window;
}

/** The cell a gridpoint address names, or ForecastNotFound naming the office and coordinates. */
export function cellOfGrid(deps: EmbeddedDeps, ref: GridRef): Cell {
  const where = `${ref.office}/${ref.x},${ref.y}`;
  const office = deps.catalogue.offices.get(OFFICE_OF_GRID_ID[ref.office] ?? ref.office);
  if (!office)
    throw new ForecastNotFound(
      `Unknown forecast office ${ref.office}: no forecast grid at ${where}.`,
      'Invalid Gridpoint',
    );
  const gridIds = gridIdsOfOffice(office.id);
  const window = gridIds.includes(ref.office) ? windowOf(deps, ref.office) : undefined;
  if (!window) {
    throw new ForecastNotFound(
      gridIds.includes(ref.office)
        ? `No forecast grid at ${where}: the embedded forecast provider has no forecast grid for the ${office.id} forecast area.`
        : `No forecast grid at ${where}: the ${office.id} forecast area is served on grid ${gridIds.join(' and ')}.`,
      'Invalid Gridpoint',
    );
  }
  const { origin, grid } = window;
  const w = officeWindow(office, ref.office, origin, servesWholeGrid(deps, office, origin), () =>
    watersOf(deps, office),
  );
  if (ref.x < w.minX || ref.x > w.maxX || ref.y < w.minY || ref.y > w.maxY) {
    throw new ForecastNotFound(
      `Grid coordinates ${ref.x},${ref.y} are outside the ${ref.office} forecast grid (${where}; gridX ${w.minX} to ${w.maxX}, gridY ${w.minY} to ${w.maxY}).`,
      'Invalid Gridpoint',
    );
  }
  const { i, j } = fromOfficeGrid({ gridX: ref.x, gridY: ref.y }, { dx: origin[0], dy: origin[1] });
  return { office, gridId: ref.office, grid, gridX: ref.x, gridY: ref.y, i, j };
}

export function cellKey(cell: Cell): string {
  return `${cell.gridId}/${cell.gridX},${cell.gridY}`;
}
