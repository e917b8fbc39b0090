import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  distanceMeters,
  multiPolygonContains,
  polygonContains,
  ringContains,
} from '../../../../adapters/forecast/embedded/catalogue/geometry.ts';
import { cellKey, PointGrid, ShapeGrid } from '../../../../adapters/forecast/embedded/catalogue/grid-index.ts';
import {
  decodeShape,
  encodeMultiPolygon,
  packShape,
} from '../../../../adapters/forecast/embedded/catalogue/polygon-codec.ts';

const square = (x0: number, y0: number, size: number) =>
  new Float64Array([x0, y0, x0 + size, y0, x0 + size, y0 + size, x0, y0 + size]);

test('ray casting handles a plain ring and a hole', () => {
  const donut = [square(0, 0, 10), square(4, 4, 2)];
  assert.equal(ringContains(square(0, 0, 10), 5, 5), true);
  assert.equal(polygonContains(donut, 1, 1), true);
  assert.equal(polygonContains(donut, 5, 5), false);
  assert.equal(polygonContains(donut, 11, 5), false);
});

test('a MultiPolygon contains points of any of its parts', () => {
  const parts = [[square(0, 0, 1)], [square(5, 5, 1)]];
  assert.equal(multiPolygonContains(parts, 5.5, 5.5), true);
  assert.equal(multiPolygonContains(parts, 3, 3), false);
});

test('a ray through a vertex is counted once', () => {
  const diamond = new Float64Array([0, -1, 1, 0, 0, 1, -1, 0]);
  assert.equal(ringContains(diamond, -0.5, 0), true);
  assert.equal(ringContains(diamond, -2, 0), false);
});

test('the compact polygon form round-trips', () => {
  const polygon = [
    [
      [-97.1, 39.7],
      [-97.0, 39.7],
      [-97.0, 39.8],
      [-97.1, 39.8],
      [-97.1, 39.7],
    ],
  ];
  const shape = decodeShape(packShape(encodeMultiPolygon([polygon], 1000)), 1000);
  assert.deepEqual([...(shape.polygons[0]?.[0] ?? [])], [-97.1, 39.7, -97, 39.7, -97, 39.8, -97.1, 39.8]);
  assert.deepEqual(shape.bbox, [-97.1, 39.7, -97, 39.8]);
});

test('shape grid finds containing shapes across cell borders', () => {
  const grid = new ShapeGrid<string>();
  grid.add(
    'wide',
    decodeShape(
      packShape(
        encodeMultiPolygon(
          [
            [
              [
                [-98.5, 38.5],
                [-95.5, 38.5],
                [-95.5, 40.5],
                [-98.5, 40.5],
              ],
            ],
          ],
          1000,
        ),
      ),
      1000,
    ),
  );
  assert.deepEqual(grid.containing(39.7, -97.1), ['wide']);
  assert.deepEqual(grid.containing(41, -97.1), []);
});

test('point grid nearest search looks past empty cells and keeps order', () => {
  const grid = new PointGrid<string>();
  grid.add('far', 45, -100);
  grid.add('near', 40.2, -97);
  grid.add('mid', 42, -97);
  const found = grid.nearest(39.7, -97.1, 2).map((n) => n.item);
  assert.deepEqual(found, ['near', 'mid']);
  assert.equal(grid.nearest(39.7, -97.1, 5).length, 3);
});

test('point grid nearest search within a distance reads only the cells that could hold it', () => {
  // An indexed catalogue reads a cell's bucket on the search's first visit: an unbounded search from a
  // point far from every item visited thousands of empty cells (/points/48.8,2.3 took 7-18 s to say 404).
  const loaded: number[] = [];
  const grid = PointGrid.loading<string>(1, (key) => {
    loaded.push(key);
    return key === cellKey(39, -98) ? [{ item: 'Linn', lat: 39.68, lon: -97.09 }] : undefined;
  });
  assert.deepEqual(grid.nearest(48.8, 2.3, 1, undefined, 1500), []);
  assert.ok(loaded.length <= 9, `${loaded.length} cells read`);
  assert.deepEqual(
    grid.nearest(39.7, -97.1, 1, undefined, 5000).map((n) => n.item),
    ['Linn'],
  );
  assert.deepEqual(grid.nearest(39.7, -97.1, 1, undefined, 1000), []);
});

test('haversine distance is about 111 km per degree of latitude', () => {
  assert.ok(Math.abs(distanceMeters(39, -97, 40, -97) - 111_195) < 10);
});
