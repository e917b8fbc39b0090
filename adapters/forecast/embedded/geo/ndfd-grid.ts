// The NDFD grids that api.weather.gov's /gridpoints/{office}/{x},{y} addresses
// are cut from. Every office grid is a window on one of five national grids:
// CONUS (Lambert conformal), Alaska (polar stereographic), Hawaii, Puerto Rico
// and Guam (Mercator). Getting (i, j) right here is what makes gridX/gridY
// match the real API. Pure functions: no I/O, no state beyond constants.
//
// Grid definitions are NCEP's (wgrib2 specs as used by NOAA-EMC's smartinit
// and RAP/HRRR post-processing, e.g. grid 198 "nps:210:60 181.429:1649:2976.563
// 40.530101:1105:2976.563", grid 196 "mercator:20 198.474999:321:2500:206.130999
// 18.072699:225:2500:23.087799"), all on a sphere of radius 6,371,200 m.
// The first grid points are the ones api.weather.gov's own cell outlines put
// there: its CONUS and Alaska cells sit 20-40 m from the published first
// point (see NDFD_CONUS), and that small shift decided the cell of points near
// a cell edge.

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

/**
 * Office window origin on its national grid: gridX = round(i − dx), gridY = round(j − dy). Usually whole
 * cells; an office whose grid NWS realigned sits a fraction of a cell off the national grid (SEW: 0.22 cells
 * in j, measured on its real cell outlines).
 */
export interface OfficeOffset {
  readonly dx: number;
  readonly dy: number;
}

/** A closed GeoJSON ring of [lon, lat] positions. */
export type Ring = ReadonlyArray<readonly [number, number]>;

export type NdfdGridId = 'conus' | 'alaska' | 'hawaii' | 'puertoRico' | 'guam';

interface GridBase {
  readonly id: NdfdGridId;
  readonly radiusM: number;
  /** First grid point (i = 0, j = 0), the south-west corner. */
  readonly originLat: number;
  readonly originLon: number;
  /** Grid spacing along x (i). */
  readonly cellM: number;
  /** Grid spacing along y (j), where it differs from `cellM` (CONUS: AWIPS's Grid211, see NDFD_CONUS). */
  readonly cellYM?: number;
  readonly nx: number;
  readonly ny: number;
}

export interface LambertGrid extends GridBase {
  readonly kind: 'lambert';
  /** Single standard parallel (tangent cone). */
  readonly tangentLatDeg: number;
  readonly centralLonDeg: number;
}

export interface PolarStereographicGrid extends GridBase {
  readonly kind: 'polarStereographic';
  /** Latitude where the cell size is true (LaD). */
  readonly trueLatDeg: number;
  /** Meridian pointing down the grid's y axis (LoV). */
  readonly centralLonDeg: number;
}

export interface MercatorGrid extends GridBase {
  readonly kind: 'mercator';
  readonly trueLatDeg: number;
}

export type NdfdGrid = LambertGrid | PolarStereographicGrid | MercatorGrid;

/**
 * CONUS 2.5 km, NCEP grid 184: 2145 × 1377, LaD 25° N, LoV 265° E, nominally 2,539.703 m, first point
 * published as 20.191999° N 238.445999° E. api.weather.gov's office grids are AWIPS GFE grids, and GFE
 * builds this projection from its `Grid211` (serverConfig.py in Unidata/awips2): the 80 km grid given by
 * its corners rounded to 3 decimals, (12.190° N, −133.459°) and (57.290° N, −49.385°), 93 × 65 points spread
 * evenly between them (ProjectionData). The 2.5 km grid is Grid211 cut 32 times finer, and the rounded
 * corners make its cells 2,539.7004709 m along x and 2,539.7452511 m along y (1.7·10⁻⁵ longer than NCEP's
 * along y); its first point is Grid211 point (19, 8), 20.1919533° N −121.5541451°. With one isotropic
 * 2,539.703 m cell the rows drift by 0.017 cells per 1,000, which put points near a cell edge in the
 * neighbouring cell (40 of 11,797 held-out answers of 2023; 8 now, all within 0.001 cells, about 2.5 m, of
 * an edge), and three offices seemed realigned by a fraction of a cell (EWX, FGF, JAN: whole cells now).
 * A free fit of both cell sizes and the first point to 12,316 real answers, knowing nothing of GFE, gives
 * 2,539.7011 m and 2,539.7491 m at 20.191922° N −121.554147°. The earth's radius cancels out of GFE's
 * construction; the real cell outlines are matched within 0.0023 cells.
 */
export const NDFD_CONUS: LambertGrid = {
  id: 'conus',
  kind: 'lambert',
  radiusM: 6371200,
  tangentLatDeg: 25,
  centralLonDeg: -95,
  originLat: 20.1919533,
  originLon: -121.5541451,
  cellM: 2539.7004709,
  cellYM: 2539.7452511,
  nx: 2145,
  ny: 1377,
};

/** The published CONUS first point, for reference and tests. */
export const NDFD_CONUS_PUBLISHED_ORIGIN = { lat: 20.191999, lon: -121.554001 } as const;

/**
 * Alaska 3 km, NCEP grid 198: polar stereographic, LaD 60° N, LoV 210° E, 1649 × 1105, 2,976.563 m,
 * published first point 40.530101° N 181.429° E. AFG's real cell outlines put the grid points 0.013 cells
 * east and 0.009 cells south of it, as in CONUS; the origin below is that fitted one.
 */
export const NDFD_ALASKA: PolarStereographicGrid = {
  id: 'alaska',
  kind: 'polarStereographic',
  radiusM: 6371200,
  trueLatDeg: 60,
  centralLonDeg: -150,
  originLat: 40.530063,
  originLon: -178.570526,
  cellM: 2976.563,
  nx: 1649,
  ny: 1105,
};

/** Hawaii 2.5 km, NCEP grid 196: Mercator true at 20° N, 321 × 225 from 18.072699° N 198.474999° E. */
export const NDFD_HAWAII: MercatorGrid = {
  id: 'hawaii',
  kind: 'mercator',
  radiusM: 6371200,
  trueLatDeg: 20,
  originLat: 18.072699,
  originLon: -161.525001,
  cellM: 2500,
  nx: 321,
  ny: 225,
};

/** Puerto Rico and the Virgin Islands 1.25 km: Mercator true at 20° N, 353 × 257 from 16.8287° N 291.8047° E. */
export const NDFD_PUERTO_RICO: MercatorGrid = {
  id: 'puertoRico',
  kind: 'mercator',
  radiusM: 6371200,
  trueLatDeg: 20,
  originLat: 16.828685,
  originLon: -68.195313,
  cellM: 1250,
  nx: 353,
  ny: 257,
};

/**
 * Guam and the Northern Marianas 2.5 km: Mercator true at 20° N, 193 × 193 from 12.349884° N 143.686544° E.
 * GUM's real cell outline (47,48) falls on this grid's half-cells to within 0.002 cells.
 */
export const NDFD_GUAM: MercatorGrid = {
  id: 'guam',
  kind: 'mercator',
  radiusM: 6371200,
  trueLatDeg: 20,
  originLat: 12.349884,
  originLon: 143.686544,
  cellM: 2500,
  nx: 193,
  ny: 193,
};

export const NDFD_GRIDS: Readonly<Record<NdfdGridId, NdfdGrid>> = {
  conus: NDFD_CONUS,
  alaska: NDFD_ALASKA,
  hawaii: NDFD_HAWAII,
  puertoRico: NDFD_PUERTO_RICO,
  guam: NDFD_GUAM,
};

export function isNdfdGridId(value: unknown): value is NdfdGridId {
  return typeof value === 'string' && Object.hasOwn(NDFD_GRIDS, value);
}

const DEG = Math.PI / 180;

/** Longitudes arrive as −180..180 or 0..360 (GRIB style); fold into [−180, 180). */
export function wrapLonDeg(lon: number): number {
  return ((((lon + 180) % 360) + 360) % 360) - 180;
}

interface Projection {
  forward(lat: number, lon: number): { x: number; y: number };
  inverse(x: number, y: number): LatLon;
}

function lambert(g: LambertGrid): Projection {
  // With lat_1 = lat_2 the usual two-parallel cone constant degenerates to sin(lat_1).
  const phi1 = g.tangentLatDeg * DEG;
  const n = Math.sin(phi1);
  const RF = (g.radiusM * Math.cos(phi1) * Math.pow(Math.tan(Math.PI / 4 + phi1 / 2), n)) / n;
  // Relative to the tangent parallel, y stays small near the grid; only differences matter.
  const rho0 = RF / Math.pow(Math.tan(Math.PI / 4 + phi1 / 2), n);
  return {
    forward(lat, lon) {
      const rho = RF / Math.pow(Math.tan(Math.PI / 4 + (lat * DEG) / 2), n);
      const theta = n * wrapLonDeg(lon - g.centralLonDeg) * DEG;
      return { x: rho * Math.sin(theta), y: rho0 - rho * Math.cos(theta) };
    },
    inverse(x, y) {
      const dy = rho0 - y;
      // n > 0 (northern cone), so rho is positive and atan2 needs no sign flip.
      const rho = Math.hypot(x, dy);
      const theta = Math.atan2(x, dy);
      const lat = (2 * Math.atan(Math.pow(RF / rho, 1 / n)) - Math.PI / 2) / DEG;
      return { lat, lon: wrapLonDeg(g.centralLonDeg + theta / n / DEG) };
    },
  };
}

function polarStereographic(g: PolarStereographicGrid): Projection {
  // North-polar, true at LaD: rho = R (1 + sin LaD) tan(45° − lat/2).
  const k = g.radiusM * (1 + Math.sin(g.trueLatDeg * DEG));
  return {
    forward(lat, lon) {
      const rho = k * Math.tan(Math.PI / 4 - (lat * DEG) / 2);
      const theta = wrapLonDeg(lon - g.centralLonDeg) * DEG;
      return { x: rho * Math.sin(theta), y: -rho * Math.cos(theta) };
    },
    inverse(x, y) {
      const rho = Math.hypot(x, y);
      const lat = (Math.PI / 2 - 2 * Math.atan(rho / k)) / DEG;
      return { lat, lon: wrapLonDeg(g.centralLonDeg + Math.atan2(x, -y) / DEG) };
    },
  };
}

function mercator(g: MercatorGrid): Projection {
  const a = g.radiusM * Math.cos(g.trueLatDeg * DEG);
  // x is measured from the first point's meridian, so Guam (east of 180°) and Hawaii need no special case.
  return {
    forward(lat, lon) {
      return { x: a * wrapLonDeg(lon - g.originLon) * DEG, y: a * Math.log(Math.tan(Math.PI / 4 + (lat * DEG) / 2)) };
    },
    inverse(x, y) {
      const lat = (2 * Math.atan(Math.exp(y / a)) - Math.PI / 2) / DEG;
      return { lat, lon: wrapLonDeg(g.originLon + x / a / DEG) };
    },
  };
}

interface Prepared {
  readonly projection: Projection;
  readonly origin: { x: number; y: number };
}

const prepared = new Map<NdfdGrid, Prepared>();

function prepare(grid: NdfdGrid): Prepared {
  let p = prepared.get(grid);
  if (!p) {
    const projection =
      grid.kind === 'lambert'
        ? lambert(grid)
        : grid.kind === 'polarStereographic'
          ? polarStereographic(grid)
          : mercator(grid);
    p = { projection, origin: projection.forward(grid.originLat, grid.originLon) };
    prepared.set(grid, p);
  }
  return p;
}

export function latLonToGrid(lat: number, lon: number, grid: NdfdGrid = NDFD_CONUS): GridIndex {
  const { projection, origin } = prepare(grid);
  const p = projection.forward(lat, lon);
  return { i: (p.x - origin.x) / grid.cellM, j: (p.y - origin.y) / (grid.cellYM ?? grid.cellM) };
}

export function gridToLatLon(i: number, j: number, grid: NdfdGrid = NDFD_CONUS): LatLon {
  const { projection, origin } = prepare(grid);
  return projection.inverse(origin.x + i * grid.cellM, origin.y + j * (grid.cellYM ?? grid.cellM));
}

/**
 * Whether (i, j) falls on the grid. Cells are centred on grid points, so the grid's edge is half a cell
 * beyond the first and last points.
 */
export function isInsideGrid(i: number, j: number, grid: NdfdGrid = NDFD_CONUS): boolean {
  return i >= -0.5 && i < grid.nx - 0.5 && j >= -0.5 && j < grid.ny - 0.5;
}

/**
 * Nearest grid point, halves rounding up. With the fitted first points, every real /points answer in the
 * project's samples rounds this way; the API's cell outlines are the squares around these points.
 */
export function nearestGridPoint(i: number, j: number): { i: number; j: number } {
  return { i: Math.round(i), j: Math.round(j) };
}

/** Office-relative gridX/gridY: the office cell whose square (gridX ± ½ + dx) holds the point. */
export function toOfficeGrid(index: GridIndex, offset: OfficeOffset): OfficeGridPoint {
  const p = nearestGridPoint(index.i - offset.dx, index.j - offset.dy);
  return { gridX: p.i, gridY: p.j };
}

/** The (possibly fractional, for a realigned office) national grid index of an office cell's centre. */
export function fromOfficeGrid(point: OfficeGridPoint, offset: OfficeOffset): GridIndex {
  return { i: point.gridX + offset.dx, j: point.gridY + offset.dy };
}

/**
 * Outline of the cell around grid point (i, j): the square i±0.5, j±0.5 in grid space, so the grid point
 * is the cell's centre. That is how api.weather.gov draws gridpoint polygons: the corners of its cells
 * project to half-integer indices (to within 0.004 cells with the fitted first points). Corners go NW, SW,
 * SE, NE, NW like the API's, which is counter-clockwise, the GeoJSON exterior-ring orientation. Edges are
 * straight in grid space, so only the corners are exact in lon/lat.
 */
export function cellOutline(i: number, j: number, grid: NdfdGrid = NDFD_CONUS): Ring {
  const corners: ReadonlyArray<readonly [number, number]> = [
    [i - 0.5, j + 0.5],
    [i - 0.5, j - 0.5],
    [i + 0.5, j - 0.5],
    [i + 0.5, j + 0.5],
  ];
  const ring = corners.map(([ci, cj]) => {
    const p = gridToLatLon(ci, cj, grid);
    return [p.lon, p.lat] as const;
  });
  const first = ring[0] as readonly [number, number];
  return [...ring, first];
}
