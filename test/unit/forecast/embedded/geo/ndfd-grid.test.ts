import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NDFD_CONUS,
  NDFD_CONUS_PUBLISHED_ORIGIN,
  cellOutline,
  fromOfficeGrid,
  gridToLatLon,
  isInsideGrid,
  latLonToGrid,
  nearestGridPoint,
  toOfficeGrid,
} from '../../../../../adapters/forecast/embedded/geo/ndfd-grid.ts';

const near = (actual: number, expected: number, tol: number, what: string): void => {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} not within ${tol} of ${expected}`);
};

test('the first grid point is index (0, 0)', () => {
  const g = latLonToGrid(NDFD_CONUS.originLat, NDFD_CONUS.originLon);
  near(g.i, 0, 1e-9, 'i');
  near(g.j, 0, 1e-9, 'j');
});

test('GRIB-style 0..360 longitudes land on the same index', () => {
  const a = latLonToGrid(NDFD_CONUS.originLat, 360 + NDFD_CONUS.originLon);
  near(a.i, 0, 1e-9, 'i');
  near(a.j, 0, 1e-9, 'j');
});

test("the published first point lies within 0.01 cells of GFE's Grid211 point (19, 8), api.weather.gov's first point", () => {
  const a = latLonToGrid(NDFD_CONUS_PUBLISHED_ORIGIN.lat, NDFD_CONUS_PUBLISHED_ORIGIN.lon);
  near(a.i, 0.0062, 0.001, 'i');
  near(a.j, 0.0008, 0.001, 'j');
});

test("CONUS cells are GFE's Grid211 cut 32 times finer: the rounded corners, 92 × 64 cells apart, 32 times as many here", () => {
  // serverConfig.py's Grid211 corners (to 3 decimals) lie exactly on Grid211 points (1, 1) and (93, 65), that
  // is 2.5 km grid points (to 1e-5 cells: the first point is given to 7 decimals) (32·(1 − 19), 32·(1 − 8)) and (32·(93 − 19), 32·(65 − 8)) from the first point.
  const lowerLeft = latLonToGrid(12.19, -133.459);
  const upperRight = latLonToGrid(57.29, -49.385);
  near(lowerLeft.i, -576, 1e-5, 'lower-left i');
  near(lowerLeft.j, -224, 1e-5, 'lower-left j');
  near(upperRight.i, 2368, 1e-5, 'upper-right i');
  near(upperRight.j, 1824, 1e-5, 'upper-right j');
});

test('/points/39.7456,-97.0892 is TOP 32,81 (api.weather.gov fixture)', () => {
  const index = latLonToGrid(39.7456, -97.0892);
  assert.deepEqual(toOfficeGrid(index, { dx: 983, dy: 677 }), { gridX: 32, gridY: 81 });
});

test('office grid coordinates map back to the grid point they came from', () => {
  const offset = { dx: 983, dy: 677 };
  const index = fromOfficeGrid({ gridX: 32, gridY: 81 }, offset);
  assert.deepEqual(index, { i: 1015, j: 758 });
  assert.deepEqual(toOfficeGrid(index, offset), { gridX: 32, gridY: 81 });
});

test('nearest grid point rounds halves up and everything else to nearest', () => {
  assert.deepEqual(nearestGridPoint(10.49, 7.5), { i: 10, j: 8 });
  assert.deepEqual(nearestGridPoint(10.51, 7.4999), { i: 11, j: 7 });
});

test('lat/lon → (i, j) → lat/lon round-trips within 1e-6°', () => {
  const places: Array<[number, number]> = [
    [39.7456, -97.0892], // Kansas
    [24.5551, -81.78], // Key West, near the south edge
    [47.6062, -122.3321], // Seattle, west
    [46.8721, -68.0], // Caribou, far north-east
    [32.7157, -117.1617], // San Diego
    [25, -95], // on the tangent parallel and central meridian
  ];
  for (const [lat, lon] of places) {
    const g = latLonToGrid(lat, lon);
    const back = gridToLatLon(g.i, g.j);
    near(back.lat, lat, 1e-6, `lat of ${lat},${lon}`);
    near(back.lon, lon, 1e-6, `lon of ${lat},${lon}`);
  }
});

test('(i, j) → lat/lon → (i, j) round-trips on grid corners and inside', () => {
  for (const [i, j] of [
    [0, 0],
    [2144, 0],
    [0, 1376],
    [2144, 1376],
    [1015, 758],
    [1072.5, 688.25],
  ] as const) {
    const p = gridToLatLon(i, j);
    const g = latLonToGrid(p.lat, p.lon);
    near(g.i, i, 1e-6, 'i');
    near(g.j, j, 1e-6, 'j');
  }
});

test('grid spacing is 2539.703 m near the tangent parallel', () => {
  // On the tangent parallel the map scale is exactly 1, so one index step
  // along it is one cell on the ground.
  const g = latLonToGrid(25, -95);
  const east = gridToLatLon(g.i + 1, g.j);
  const metresPerDegLon = (Math.PI / 180) * NDFD_CONUS.radiusM * Math.cos((25 * Math.PI) / 180);
  near((east.lon + 95) * metresPerDegLon, NDFD_CONUS.cellM, 0.5, 'east step (m)');
});

test('grid bounds: half a cell beyond the first and last grid points', () => {
  assert.equal(isInsideGrid(0, 0), true);
  assert.equal(isInsideGrid(-0.5, -0.5), true);
  assert.equal(isInsideGrid(-0.51, 10), false);
  assert.equal(isInsideGrid(10, -0.51), false);
  assert.equal(isInsideGrid(2144.49, 1376.49), true);
  assert.equal(isInsideGrid(2144.5, 10), false);
  assert.equal(isInsideGrid(10, 1376.5), false);
});

test('CONUS places are on the grid; Honolulu, San Juan and Anchorage are not', () => {
  const on = (lat: number, lon: number): boolean => {
    const g = latLonToGrid(lat, lon);
    return isInsideGrid(g.i, g.j);
  };
  assert.equal(on(24.5551, -81.78), true);
  assert.equal(on(48.9, -124.7), true);
  assert.equal(on(47.3, -68.3), true);
  assert.equal(on(21.3049, -157.8579), false);
  assert.equal(on(18.4655, -66.1057), false);
  assert.equal(on(61.2181, -149.9003), false);
});

// Regression pin from this projection (not an independent source): the grid's
// north-east corner sits on Quebec's north shore of the Gulf of St Lawrence.
test('the far grid corner is near 50.1055N 60.8856W', () => {
  const p = gridToLatLon(NDFD_CONUS.nx - 1, NDFD_CONUS.ny - 1);
  near(p.lat, 50.1055, 0.001, 'lat');
  near(p.lon, -60.8856, 0.001, 'lon');
});

// /gridpoints/TAE/58,65 (2022) polygon from api.weather.gov, NW, SW, SE, NE, NW.
const TAE_POLYGON: ReadonlyArray<readonly [number, number]> = [
  [-84.9924374, 30.0315636],
  [-84.9943745, 30.0088803],
  [-84.9681746, 30.0072006],
  [-84.9662324, 30.0298836],
  [-84.9924374, 30.0315636],
];

test('cell outline matches api.weather.gov gridpoint polygon corners (within ~25 m)', () => {
  // The API polygon's corners project to i 1468.49/1469.49, j 337.50/338.50:
  // a cell centred on grid point (1469, 338).
  const ring = cellOutline(1469, 338);
  assert.equal(ring.length, TAE_POLYGON.length);
  ring.forEach(([lon, lat], k) => {
    const [apiLon = NaN, apiLat = NaN] = TAE_POLYGON[k] ?? [];
    near(lon, apiLon, 3e-4, `corner ${k} lon`);
    near(lat, apiLat, 3e-4, `corner ${k} lat`);
  });
});

test('the forecast geometry point is the centre of its polygon cell', () => {
  // forecast.json (2019): Point -84.956047,29.9950173 with a cell polygon around it.
  const g = latLonToGrid(29.9950173, -84.956047);
  near(g.i, 1470, 0.01, 'i');
  near(g.j, 337, 0.01, 'j');
});

test('cell outline is a closed counter-clockwise ring sharing corners with its neighbours', () => {
  const ring = cellOutline(1015, 758);
  assert.deepEqual(ring[0], ring[4]);
  let twiceArea = 0;
  for (let k = 0; k < ring.length - 1; k++) {
    const [x1 = 0, y1 = 0] = ring[k] ?? [];
    const [x2 = 0, y2 = 0] = ring[k + 1] ?? [];
    twiceArea += x1 * y2 - x2 * y1;
  }
  assert.ok(twiceArea > 0, 'exterior ring must be counter-clockwise');
  const east = cellOutline(1016, 758);
  // This cell's NE/SE corners are the eastern neighbour's NW/SW corners.
  assert.deepEqual(ring[3], east[0]);
  assert.deepEqual(ring[2], east[1]);
  const centre = gridToLatLon(1015, 758);
  const [west = NaN] = ring[0] ?? [];
  const [eastLon = NaN] = ring[3] ?? [];
  assert.ok(west < centre.lon && centre.lon < eastLon);
});
