// How close do we get to api.weather.gov's /points answers offline? 367 real
// places (ws4kp regional cities) with the office and grid cell the API gave.
// The office comes from our point-in-polygon over simplified forecast areas,
// the cell from the NDFD projection plus the per-office offsets we ship.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  isNdfdGridId,
  latLonToGrid,
  NDFD_GRIDS,
  toOfficeGrid,
  type NdfdGrid,
} from '../../../../../adapters/forecast/embedded/geo/ndfd-grid.ts';
import {
  bboxContains,
  geometryBBox,
  geometryContains,
  type AreaGeometry,
  type BBox,
} from '../../../../../adapters/forecast/embedded/geo/polygon.ts';

interface Place {
  city: string;
  lat: string;
  lon: string;
  point: { x: number; y: number; wfo: string };
}

const readJson = <T>(relative: string): T => JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as T;

const places = readJson<Place[]>('../../../../fixtures/forecast/ws4kp_regionalcities_points.json');
const cwa = readJson<{ features: Array<{ properties: { wfo: string }; geometry: AreaGeometry }> }>(
  '../../../../fixtures/forecast/nws_cwa_boundaries_simplified.geojson',
);
const offsets = readJson<Record<string, unknown>>('../../../../../adapters/forecast/embedded/data/grid-offsets.json');

const areas: Array<{ wfo: string; geometry: AreaGeometry; box: BBox }> = cwa.features.map((f) => ({
  wfo: f.properties.wfo,
  geometry: f.geometry,
  box: geometryBBox(f.geometry),
}));

function officeAt(lat: number, lon: number): string | undefined {
  return areas.find((a) => bboxContains(a.box, lon, lat) && geometryContains(a.geometry, lon, lat))?.wfo;
}

function offsetOf(wfo: string): { dx: number; dy: number; grid: NdfdGrid } | undefined {
  const o = offsets[wfo];
  if (!Array.isArray(o) || typeof o[0] !== 'number' || typeof o[1] !== 'number') return undefined;
  return { dx: o[0], dy: o[1], grid: NDFD_GRIDS[isNdfdGridId(o[2]) ? o[2] : 'conus'] };
}

interface Outcome {
  place: Place;
  office: string | undefined;
  grid: { gridX: number; gridY: number } | undefined;
}

const outcomes: Outcome[] = places.map((place) => {
  const lat = Number(place.lat);
  const lon = Number(place.lon);
  const office = officeAt(lat, lon);
  const offset = office === undefined ? undefined : offsetOf(office);
  const grid = offset === undefined ? undefined : toOfficeGrid(latLonToGrid(lat, lon, offset.grid), offset);
  return { place, office, grid };
});

const officeOk = (o: Outcome): boolean => o.office === o.place.point.wfo;
const fullOk = (o: Outcome): boolean =>
  officeOk(o) && o.grid?.gridX === o.place.point.x && o.grid?.gridY === o.place.point.y;

test('fixture holds the 367 places', () => {
  assert.equal(places.length, 367);
});

test('office, gridX and gridY match api.weather.gov for at least 98% of places', (t) => {
  const offices = outcomes.filter(officeOk).length;
  const full = outcomes.filter(fullOk).length;
  const misses = outcomes
    .filter((o) => !fullOk(o))
    .map(
      (o) =>
        `${o.place.city}: api ${o.place.point.wfo} ${o.place.point.x},${o.place.point.y}` +
        ` / ours ${o.office ?? '-'} ${o.grid ? `${o.grid.gridX},${o.grid.gridY}` : '-'}`,
    );
  t.diagnostic(`office agreement ${offices}/${places.length} (${pct(offices)})`);
  t.diagnostic(`full agreement ${full}/${places.length} (${pct(full)})`);
  for (const m of misses) t.diagnostic(`miss: ${m}`);
  assert.ok(full / places.length >= 0.98, `full agreement ${pct(full)} < 98%`);
});

test('when the office is right the grid cell is right: offsets and projection agree', () => {
  const wrongCells = outcomes.filter((o) => officeOk(o) && o.grid !== undefined && !fullOk(o));
  // With the first point api.weather.gov's cell outlines give and windows fitted to sub-cell precision,
  // no place whose office is right lands in the wrong cell (it was 6, at cell edges, before).
  assert.deepEqual(
    wrongCells.map((o) => o.place.city),
    [],
  );
});

function pct(n: number): string {
  return `${((100 * n) / places.length).toFixed(1)}%`;
}
