import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ringBBox, unionBBox } from '../../../../adapters/forecast/embedded/catalogue/geometry.ts';
import { loadCatalogue } from '../../../../adapters/forecast/embedded/catalogue/load-catalogue.ts';

// The /points/39.7456,-97.0892 fixture recorded from api.weather.gov.
const KANSAS = { lat: 39.7456, lon: -97.0892 };

// CPU time of the load (it is synchronous, so that is its cost), not wall time: other work on a shared
// machine makes the wall clock say nothing about the catalogue.
const started = process.cpuUsage();
const catalogue = loadCatalogue();
const used = process.cpuUsage(started);
const loadMs = (used.user + used.system) / 1000;

test('loads the whole catalogue in well under a second', () => {
  assert.ok(loadMs < 1000, `took ${loadMs.toFixed(0)} ms of CPU`);
});

test('holds every WFO and the NWS zone sets', () => {
  assert.equal(catalogue.offices.size, 123);
  assert.ok(catalogue.countyZones.size >= 3000, `${catalogue.countyZones.size} county zones`);
  assert.ok(catalogue.forecastZones.size >= 3900, `${catalogue.forecastZones.size} forecast zones`);
  assert.ok(catalogue.fireZones.size >= 3000, `${catalogue.fireZones.size} fire zones`);
  assert.ok(catalogue.stations.size >= 2000, `${catalogue.stations.size} stations`);
  assert.ok(catalogue.radars.size >= 150);
  assert.ok(catalogue.places.length >= 10_000);
});

test('resolves the Kansas fixture point like api.weather.gov', () => {
  assert.equal(catalogue.countyZoneAt(KANSAS.lat, KANSAS.lon)?.id, 'KSC201');
  const zone = catalogue.forecastZoneAt(KANSAS.lat, KANSAS.lon);
  assert.equal(zone?.id, 'KSZ009');
  assert.deepEqual(zone?.timeZones, ['America/Chicago']);
  assert.equal(catalogue.fireZoneAt(KANSAS.lat, KANSAS.lon)?.id, 'KSZ009');
  const office = catalogue.officeAt(KANSAS.lat, KANSAS.lon);
  assert.equal(office?.id, 'TOP');
  assert.equal(office?.timeZone, 'America/Chicago');
});

test('nearest radar to the Kansas point is KTWX', () => {
  assert.equal(catalogue.nearestRadar(KANSAS.lat, KANSAS.lon)?.item.id, 'KTWX');
});

test('nearest place is a nearby Kansas town', () => {
  // api.weather.gov names Linn (pop. ~400, 6.7 km); GeoNames cities500 has no
  // Linn, so the nearest listed town is Washington, KS, about 9 km away.
  const nearest = catalogue.nearestPlace(KANSAS.lat, KANSAS.lon);
  assert.equal(nearest?.item.state, 'KS');
  assert.ok((nearest?.distanceMeters ?? Infinity) < 15_000, `${nearest?.item.name} at ${nearest?.distanceMeters} m`);
});

test('KSLC station matches the /stations/KSLC fixture', () => {
  const station = catalogue.stations.get('KSLC');
  assert.ok(station);
  assert.equal(station.timeZone, 'America/Denver');
  assert.equal(station.state, 'UT');
  assert.equal(station.forecastZone, 'UTZ105');
  assert.equal(station.countyZone, 'UTC035');
  assert.equal(station.fireZone, 'UTZ478');
  // The API reports 1288.08 m.
  assert.ok(station.elevationMeters !== null && Math.abs(station.elevationMeters - 1288) < 5);
});

test('nearest stations come back closest first', () => {
  const near = catalogue.nearestStations(KANSAS.lat, KANSAS.lon, 5);
  assert.equal(near.length, 5);
  for (let i = 1; i < near.length; i++) {
    assert.ok((near[i - 1]?.distanceMeters ?? 0) <= (near[i]?.distanceMeters ?? 0));
  }
});

test('offices list the zones and stations they are responsible for', () => {
  const top = catalogue.byOffice.get('TOP');
  assert.ok(top?.forecastZones.includes('KSZ009'));
  assert.ok(top?.countyZones.includes('KSC201'));
  assert.ok(top?.stations.includes('KTOP'));
});

test('points at sea or abroad belong to no zone', () => {
  assert.equal(catalogue.forecastZoneAt(30, -40), undefined);
  assert.equal(catalogue.officeAt(48.85, 2.35), undefined);
});

test('every forecast zone shape carries a precomputed bbox', () => {
  for (const zone of catalogue.forecastZones.values()) {
    if (!zone.shape) continue;
    const [minLon, minLat, maxLon, maxLat] = zone.shape.bbox;
    assert.ok(minLon <= maxLon && minLat <= maxLat, zone.id);
  }
});

test("every shape's boxes, taken before its rings are decoded, are those of its decoded rings", () => {
  // The indexes are built from the boxes alone (the rings are decoded on first use), so a box that
  // differed from its ring's by one rounding would move a lookup's answer.
  const shapes = [
    ...catalogue.offices.values(),
    ...catalogue.countyZones.values(),
    ...catalogue.forecastZones.values(),
    ...catalogue.fireZones.values(),
  ].flatMap((record) => (record.shape ? [[record.id, record.shape] as const] : []));
  assert.ok(shapes.length > 10_000, `${shapes.length} shapes`);
  for (const [id, shape] of shapes) {
    const boxes = shape.partBBoxes.map((box) => [...box]);
    assert.deepEqual(
      boxes,
      shape.polygons.map((rings) => [...ringBBox(rings[0] ?? new Float64Array(0))]),
      id,
    );
    assert.deepEqual([...shape.bbox], [...unionBBox(shape.partBBoxes)], id);
  }
});
