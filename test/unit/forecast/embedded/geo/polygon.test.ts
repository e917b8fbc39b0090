import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EARTH_RADIUS_M,
  bboxContains,
  distanceMetres,
  geometryBBox,
  geometryContains,
  initialBearingDeg,
  polygonContains,
  ringContains,
  type MultiPolygonGeometry,
  type PolygonGeometry,
} from '../../../../../adapters/forecast/embedded/geo/polygon.ts';

const square = (x0: number, y0: number, x1: number, y1: number): number[][] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];

const near = (actual: number, expected: number, tol: number, what: string): void => {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} not within ${tol} of ${expected}`);
};

test('ring: inside, outside, and either side of a concave notch', () => {
  // A "U": the notch between the arms is outside.
  const u = [
    [0, 0],
    [3, 0],
    [3, 3],
    [2, 3],
    [2, 1],
    [1, 1],
    [1, 3],
    [0, 3],
    [0, 0],
  ];
  assert.equal(ringContains(u, 0.5, 2), true);
  assert.equal(ringContains(u, 2.5, 2), true);
  assert.equal(ringContains(u, 1.5, 2), false);
  assert.equal(ringContains(u, 1.5, 0.5), true);
  assert.equal(ringContains(u, 4, 1), false);
  assert.equal(ringContains(u, -0.1, 1), false);
});

test('ring: a ray passing exactly through vertices is counted once', () => {
  const diamond = [
    [0, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ];
  // The rightward ray from (-0.5, 0) passes through the vertex (1, 0).
  assert.equal(ringContains(diamond, -0.5, 0), true);
  // And from (-2, 0) through both side vertices.
  assert.equal(ringContains(diamond, -2, 0), false);
});

test('ring: points on edges and vertices count as inside, whichever winding', () => {
  const ccw = square(0, 0, 2, 2);
  const cw = [...ccw].reverse();
  for (const ring of [ccw, cw]) {
    assert.equal(ringContains(ring, 1, 0), true, 'bottom edge');
    assert.equal(ringContains(ring, 2, 1), true, 'right edge');
    assert.equal(ringContains(ring, 1, 2), true, 'top edge');
    assert.equal(ringContains(ring, 0, 1), true, 'left edge');
    assert.equal(ringContains(ring, 2, 2), true, 'vertex');
    assert.equal(ringContains(ring, 2.0000001, 1), false, 'just outside');
  }
});

test('ring: an unclosed ring is treated as closed', () => {
  const open = square(0, 0, 2, 2).slice(0, 4);
  assert.equal(ringContains(open, 1, 1), true);
  assert.equal(ringContains(open, 3, 1), false);
});

test('polygon with a hole: the hole is outside, its boundary is inside', () => {
  const rings = [square(0, 0, 10, 10), square(4, 4, 6, 6)];
  assert.equal(polygonContains(rings, 2, 2), true);
  assert.equal(polygonContains(rings, 5, 5), false);
  assert.equal(polygonContains(rings, 4, 5), true, 'on the hole edge');
  assert.equal(polygonContains(rings, 11, 5), false);
  assert.equal(polygonContains([], 0, 0), false);
});

test('multipolygon: any member counts, holes in members respected', () => {
  const geometry: MultiPolygonGeometry = {
    type: 'MultiPolygon',
    coordinates: [[square(0, 0, 10, 10), square(4, 4, 6, 6)], [square(20, 0, 22, 2)], [square(4.5, 4.5, 5.5, 5.5)]],
  };
  assert.equal(geometryContains(geometry, 1, 1), true);
  assert.equal(geometryContains(geometry, 21, 1), true);
  assert.equal(geometryContains(geometry, 4.2, 4.2), false, 'in the hole only');
  assert.equal(geometryContains(geometry, 5, 5), true, 'island inside the hole');
  assert.equal(geometryContains(geometry, 15, 1), false, 'between members');
});

test('polygon geometry in real lon/lat: Kansas-sized box', () => {
  const geometry: PolygonGeometry = { type: 'Polygon', coordinates: [square(-102.05, 37, -94.6, 40)] };
  assert.equal(geometryContains(geometry, -97.0892, 39.7456), true);
  assert.equal(geometryContains(geometry, -94.5, 39), false);
});

test('bounding boxes cover outer rings of polygons and multipolygons', () => {
  const poly: PolygonGeometry = { type: 'Polygon', coordinates: [square(-3, -1, 2, 4), square(0, 0, 1, 1)] };
  assert.deepEqual(geometryBBox(poly), { minLon: -3, minLat: -1, maxLon: 2, maxLat: 4 });
  const multi: MultiPolygonGeometry = {
    type: 'MultiPolygon',
    coordinates: [[square(0, 0, 1, 1)], [square(5, -2, 6, 3)]],
  };
  const box = geometryBBox(multi);
  assert.deepEqual(box, { minLon: 0, minLat: -2, maxLon: 6, maxLat: 3 });
  assert.equal(bboxContains(box, 6, 3), true);
  assert.equal(bboxContains(box, 6.1, 0), false);
});

test('distance: one degree along the equator and along a meridian', () => {
  const oneDegree = (Math.PI / 180) * EARTH_RADIUS_M;
  near(distanceMetres(0, 0, 0, 1), oneDegree, 1e-6, 'equator');
  near(distanceMetres(10, 20, 11, 20), oneDegree, 1e-6, 'meridian');
  assert.equal(distanceMetres(39.7456, -97.0892, 39.7456, -97.0892), 0);
});

test('distance and bearing: LAX → JFK, the Aviation Formulary worked example', () => {
  // Ed Williams' example: d = 0.623585 rad (2144 nm), initial course 66°.
  const lax = { lat: 33 + 57 / 60, lon: -(118 + 24 / 60) };
  const jfk = { lat: 40 + 38 / 60, lon: -(73 + 47 / 60) };
  near(distanceMetres(lax.lat, lax.lon, jfk.lat, jfk.lon) / EARTH_RADIUS_M, 0.623585, 1e-6, 'radians');
  near(initialBearingDeg(lax.lat, lax.lon, jfk.lat, jfk.lon), 65.892, 0.001, 'course');
  // Great circles are not rhumb lines: the way back does not start at 66 + 180.
  const back = initialBearingDeg(jfk.lat, jfk.lon, lax.lat, lax.lon);
  assert.ok(Math.abs(back - (65.892 + 180)) > 5, `return course ${back}`);
});

test('bearing: cardinal directions and range [0, 360)', () => {
  near(initialBearingDeg(0, 0, 1, 0), 0, 1e-9, 'north');
  near(initialBearingDeg(0, 0, 0, 1), 90, 1e-9, 'east');
  near(initialBearingDeg(1, 0, 0, 0), 180, 1e-9, 'south');
  near(initialBearingDeg(0, 1, 0, 0), 270, 1e-9, 'west');
  const b = initialBearingDeg(0, 0, 1, -1e-9);
  assert.ok(b >= 0 && b < 360, `${b} out of range`);
});

test('bearing matches api.weather.gov relativeLocation (Linn, KS → 39.7456,-97.0892: 358°)', () => {
  assert.equal(Math.round(initialBearingDeg(39.6792898, -97.0867936, 39.7456, -97.0892)), 358);
});
