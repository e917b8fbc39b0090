// The NDFD CONUS 2.5 km grid that api.weather.gov's /gridpoints/{office}/{x},{y}
// addresses are cut from. Every office grid is a window on this one grid, so
// getting (i, j) right here is what makes gridX/gridY match the real API.
//
// Lambert conformal conic on a sphere, single standard parallel (tangent cone):
// with lat_1 = lat_2 the usual two-parallel cone constant degenerates to sin(lat_1).

export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

/** Fractional 0-based grid index; integers are grid points (cell centres). */
export interface GridIndex {
  readonly i: number;
  readonly j: number;
}

export interface OfficeGridPoint {
  readonly gridX: number;
  readonly gridY: number;
}

/** Office window origin on the CONUS grid: gridX = round(i) - dx, gridY = round(j) - dy. */
export interface OfficeOffset {
  readonly dx: number;
  readonly dy: number;
}

/** A closed GeoJSON ring of [lon, lat] positions. */
export type Ring = ReadonlyArray<readonly [number, number]>;

export const NDFD_CONUS = {
  radiusM: 6371200,
  tangentLatDeg: 25,
  centralLonDeg: -95,
  originLat: 20.191999,
  originLon: -121.554001,
  cellM: 2539.703,
  nx: 2145,
  ny: 1377,
} as const;

const DEG = Math.PI / 180;
const phi1 = NDFD_CONUS.tangentLatDeg * DEG;
const n = Math.sin(phi1);
const F = (Math.cos(phi1) * Math.pow(Math.tan(Math.PI / 4 + phi1 / 2), n)) / n;
const RF = NDFD_CONUS.radiusM * F;
// Projecting relative to the tangent parallel keeps y small near the grid; only
// differences from the origin point matter, so the choice of lat_0 is free.
const rho0 = RF / Math.pow(Math.tan(Math.PI / 4 + phi1 / 2), n);

function project(lat: number, lon: number): { x: number; y: number } {
  const rho = RF / Math.pow(Math.tan(Math.PI / 4 + (lat * DEG) / 2), n);
  const theta = n * wrapLonDeg(lon - NDFD_CONUS.centralLonDeg) * DEG;
  return { x: rho * Math.sin(theta), y: rho0 - rho * Math.cos(theta) };
}

function unproject(x: number, y: number): LatLon {
  const dy = rho0 - y;
  // n > 0 (northern cone), so rho is positive and atan2 needs no sign flip.
  const rho = Math.hypot(x, dy);
  const theta = Math.atan2(x, dy);
  const lat = (2 * Math.atan(Math.pow(RF / rho, 1 / n)) - Math.PI / 2) / DEG;
  const lon = wrapLonDeg(NDFD_CONUS.centralLonDeg + theta / n / DEG);
  return { lat, lon };
}

/** Longitudes arrive as −180..180 or 0..360 (GRIB style); fold into [−180, 180). */
function wrapLonDeg(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

const origin = project(NDFD_CONUS.originLat, NDFD_CONUS.originLon);

export function latLonToGrid(lat: number, lon: number): GridIndex {
  const p = project(lat, lon);
  return { i: (p.x - origin.x) / NDFD_CONUS.cellM, j: (p.y - origin.y) / NDFD_CONUS.cellM };
}

export function gridToLatLon(i: number, j: number): LatLon {
  return unproject(origin.x + i * NDFD_CONUS.cellM, origin.y + j * NDFD_CONUS.cellM);
}

/**
 * Whether (i, j) falls on the CONUS grid. Cells are centred on grid points, so
 * the grid's edge is half a cell beyond the first and last points.
 */
export function isInsideGrid(i: number, j: number): boolean {
  return i >= -0.5 && i < NDFD_CONUS.nx - 0.5 && j >= -0.5 && j < NDFD_CONUS.ny - 0.5;
}

/**
 * Nearest grid point, halves rounding up. Checked against the real /points
 * answers: with rounding, 78 of 85 offices with several sample places get one
 * consistent offset, with floor only 9; in each of the other 7 one place sits
 * within 0.05 cells of a cell edge, where the API rounded the other way.
 */
export function nearestGridPoint(i: number, j: number): { i: number; j: number } {
  return { i: Math.round(i), j: Math.round(j) };
}

/**
 * Office-relative gridX/gridY. NWS can move an office's window without notice:
 * the 2022 TAE 58,65 polygon is centred on (1469, 338), one cell up and right
 * of where today's TAE offset puts 58,65.
 */
export function toOfficeGrid(index: GridIndex, offset: OfficeOffset): OfficeGridPoint {
  const p = nearestGridPoint(index.i, index.j);
  return { gridX: p.i - offset.dx, gridY: p.j - offset.dy };
}

export function fromOfficeGrid(point: OfficeGridPoint, offset: OfficeOffset): GridIndex {
  return { i: point.gridX + offset.dx, j: point.gridY + offset.dy };
}

/**
 * Outline of the cell around grid point (i, j): the square i±0.5, j±0.5 in
 * grid space, so the grid point is the cell's centre. That is how
 * api.weather.gov draws gridpoint polygons: the corners of /gridpoints/TAE/58,65
 * and of the forecast geometry both project to half-integer indices (to within
 * 0.008 cells, about 20 m). Corners go NW, SW, SE, NE, NW like the API's,
 * which is counter-clockwise, the GeoJSON exterior-ring orientation.
 * Edges are straight in grid space, so only the corners are exact in lon/lat.
 */
export function cellOutline(i: number, j: number): Ring {
  const corners: ReadonlyArray<readonly [number, number]> = [
    [i - 0.5, j + 0.5],
    [i - 0.5, j - 0.5],
    [i + 0.5, j - 0.5],
    [i + 0.5, j + 0.5],
  ];
  const ring = corners.map(([ci, cj]) => {
    const p = gridToLatLon(ci, cj);
    return [p.lon, p.lat] as const;
  });
  const first = ring[0] as readonly [number, number];
  return [...ring, first];
}
