import { formatCoordinate } from '../../../domain/forecast/coordinates.ts';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';
import { fromOfficeGrid, isInsideGrid, latLonToGrid, NDFD_CONUS, toOfficeGrid } from './geo/ndfd-grid.ts';
import type { GridRef } from '../../../application/forecast/ports.ts';
import type { OfficeRecord } from './catalogue/types.ts';
import type { EmbeddedDeps } from './embedded-deps.ts';

/** A forecast cell: its office, its office-relative address and its index on the CONUS grid. */
export interface Cell {
  readonly office: OfficeRecord;
  readonly gridX: number;
  readonly gridY: number;
  /** Integer CONUS grid indices of the cell's centre. */
  readonly i: number;
  readonly j: number;
}

export const POINT_UNAVAILABLE = 'Data Unavailable For Requested Point';

/**
 * Coverage choice: the embedded provider serves the NDFD CONUS grid only. Alaska, Hawaii, Puerto Rico and
 * Guam have their own NDFD grids whose projections and office offsets we don't ship, so a point in
 * AFC/AFG/AJK/HFO/SJU/GUM/PPG territory answers 404 saying so, rather than a made-up grid address.
 */
function pointUnavailable(lat: number, lon: number, office?: OfficeRecord): ForecastNotFound {
  const point = `${formatCoordinate(lat)},${formatCoordinate(lon)}`;
  const region = office ? `the ${office.id} forecast area` : OUTSIDE_CONUS.find(([, box]) => inBox(box, lat, lon))?.[0];
  const why = region ? `: the embedded forecast provider covers the contiguous United States only (the point is in ${region})` : '';
  return new ForecastNotFound(`Unable to provide data for requested point ${point}${why}`, POINT_UNAVAILABLE);
}

type Box = readonly [west: number, south: number, east: number, north: number];

/** NWS areas off the CONUS grid, for points the simplified CWA outlines miss (a coast, a small island). */
const OUTSIDE_CONUS: readonly (readonly [string, Box])[] = [
  ['Alaska', [-180, 51, -129, 72]],
  ['Alaska', [170, 51, 180, 56]],
  ['Hawaii', [-161, 18, -154, 23]],
  ['Puerto Rico and the U.S. Virgin Islands', [-68, 17.5, -64.5, 18.8]],
  ['Guam and the Northern Mariana Islands', [144, 13, 146.5, 21]],
  ['American Samoa', [-172, -15, -168, -11]],
];

function inBox([w, s, e, n]: Box, lat: number, lon: number): boolean {
  return lon >= w && lon <= e && lat >= s && lat <= n;
}

/** The cell a point falls in, or ForecastNotFound naming the point. */
export function cellOfPoint(deps: EmbeddedDeps, lat: number, lon: number): Cell {
  const office = deps.catalogue.officeAt(lat, lon);
  if (!office) throw pointUnavailable(lat, lon);
  const offset = deps.offsets.get(office.id);
  const index = latLonToGrid(lat, lon);
  if (!offset || !isInsideGrid(index.i, index.j)) throw pointUnavailable(lat, lon, office);
  const { gridX, gridY } = toOfficeGrid(index, { dx: offset[0], dy: offset[1] });
  return { office, gridX, gridY, i: gridX + offset[0], j: gridY + offset[1] };
}

/** Margin around the CWA, in cells: NWS office grids extend a little past their CWA (coastal waters, edges). */
const WINDOW_MARGIN = 5;

export interface GridWindow {
  readonly minX: number;
  readonly maxX: number;
  readonly minY: number;
  readonly maxY: number;
}

const windows = new WeakMap<OfficeRecord, GridWindow>();

/**
 * The gridX/gridY range an office answers for: its CWA's extent on the CONUS grid (every outline vertex
 * projected, since parallels are curved on the Lambert grid) plus a margin, clipped to non-negative
 * indices and to the CONUS grid.
 */
export function officeWindow(office: OfficeRecord, offset: readonly [number, number]): GridWindow {
  const cached = windows.get(office);
  if (cached) return cached;
  let minI = Infinity, maxI = -Infinity, minJ = Infinity, maxJ = -Infinity;
  for (const polygon of office.shape.polygons) {
    const outer = polygon[0];
    for (let k = 0; outer && k + 1 < outer.length; k += 2) {
      const g = latLonToGrid(outer[k + 1]!, outer[k]!);
      minI = Math.min(minI, g.i); maxI = Math.max(maxI, g.i);
      minJ = Math.min(minJ, g.j); maxJ = Math.max(maxJ, g.j);
    }
  }
  const [dx, dy] = offset;
  const window = {
    minX: Math.max(0, -dx, Math.floor(minI) - WINDOW_MARGIN - dx),
    maxX: Math.min(NDFD_CONUS.nx - 1 - dx, Math.ceil(maxI) + WINDOW_MARGIN - dx),
    minY: Math.max(0, -dy, Math.floor(minJ) - WINDOW_MARGIN - dy),
    maxY: Math.min(NDFD_CONUS.ny - 1 - dy, Math.ceil(maxJ) + WINDOW_MARGIN - dy),
  };
  windows.set(office, window);
  return window;
}

/** The cell a gridpoint address names, or ForecastNotFound naming the office and coordinates. */
export function cellOfGrid(deps: EmbeddedDeps, grid: GridRef): Cell {
  const where = `${grid.office}/${grid.x},${grid.y}`;
  const office = deps.catalogue.offices.get(grid.office);
  if (!office) throw new ForecastNotFound(`Unknown forecast office ${grid.office}: no forecast grid at ${where}.`, 'Invalid Gridpoint');
  const offset = deps.offsets.get(office.id);
  if (!offset) {
    throw new ForecastNotFound(
      `No forecast grid at ${where}: the embedded forecast provider covers the contiguous United States only.`,
      'Invalid Gridpoint',
    );
  }
  const w = officeWindow(office, offset);
  if (grid.x < w.minX || grid.x > w.maxX || grid.y < w.minY || grid.y > w.maxY) {
    throw new ForecastNotFound(
      `Grid coordinates ${grid.x},${grid.y} are outside the ${grid.office} forecast grid (${where}; gridX ${w.minX} to ${w.maxX}, gridY ${w.minY} to ${w.maxY}).`,
      'Invalid Gridpoint',
    );
  }
  const { i, j } = fromOfficeGrid({ gridX: grid.x, gridY: grid.y }, { dx: offset[0], dy: offset[1] });
  return { office, gridX: grid.x, gridY: grid.y, i, j };
}

export function cellKey(cell: Cell): string {
  return `${cell.office.id}/${cell.gridX},${cell.gridY}`;
}
