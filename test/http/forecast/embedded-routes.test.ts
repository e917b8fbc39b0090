import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// Every route of the spec through app.fetch against the embedded provider, and the links in its answers:
// every API link a body gives resolves through Taskcast.

const BASE = 'http://taskcast.test';

function links(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (
      value.startsWith(`${BASE}/`) &&
      !value.includes('/ontology#') &&
      !value.includes('/icons/') &&
      !value.includes('/radar/')
    )
      out.add(value);
  } else if (Array.isArray(value)) for (const v of value) links(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (k !== '@context') links(v, out);
  return out;
}

describe('embedded provider: every route', () => {
  let w: Awaited<ReturnType<typeof forecastWorld>>;
  before(async () => {
    w = await forecastWorld({ now: new Date('2026-01-20T12:00:00Z') });
  });

  test('points, its forecasts, Honolulu and Anchorage on their own grids, and the 404 at sea', async () => {
    const point = await w.get('/points/39.7456,-97.0892');
    assert.equal(point.status, 200);
    const p = point.body.properties;
    assert.deepEqual([p.cwa, p.gridId, p.gridX, p.gridY, p.timeZone], ['TOP', 'TOP', 32, 81, 'America/Chicago']);
    assert.equal(p.county, `${BASE}/zones/county/KSC201`);
    assert.equal(p.forecastZone, `${BASE}/zones/forecast/KSZ009`);
    assert.equal(p.radarStation, 'KTWX');
    assert.deepEqual(point.body.geometry, { type: 'Point', coordinates: [-97.0892, 39.7456] });
    const daily = await w.get('/points/39.7456,-97.0892/forecast');
    const hourly = await w.get('/points/39.7456,-97.0892/forecast/hourly');
    assert.equal(daily.body.properties.periods.length, 14);
    assert.equal(hourly.body.properties.periods.length, 48);
    assert.deepEqual(
      daily.body,
      (await w.get('/gridpoints/TOP/32,81/forecast')).body,
      "a point's forecast is its cell's",
    );
    // Real answers: ws4kp's regional cities (Honolulu 2026, Anchorage 2025).
    const honolulu = (await w.get('/points/21.3069,-157.8583')).body.properties;
    assert.deepEqual(
      [honolulu.gridId, honolulu.gridX, honolulu.gridY, honolulu.timeZone],
      ['HFO', 154, 145, 'Pacific/Honolulu'],
    );
    const anchorage = (await w.get('/points/61.2181,-149.9003')).body.properties;
    assert.deepEqual([anchorage.cwa, anchorage.gridId, anchorage.gridX, anchorage.gridY], ['AFC', 'AER', 143, 236]);
    assert.equal((await w.get('/gridpoints/AER/143,236/forecast')).status, 200);
    const sea = await w.get('/points/30,-140');
    assert.equal(sea.status, 404);
    assert.match(sea.body.detail, /\d/, 'the detail names the point');
  });

  test('si units: °C and km/h', async () => {
    const us = (await w.get('/gridpoints/TOP/32,81/forecast/hourly')).body.properties;
    const si = (await w.get('/gridpoints/TOP/32,81/forecast/hourly?units=si')).body.properties;
    assert.equal(si.units, 'si');
    assert.equal(si.periods[0].temperatureUnit, 'C');
    assert.match(si.periods[0].windSpeed, /km\/h/);
    assert.ok(Math.abs(((us.periods[0].temperature - 32) * 5) / 9 - si.periods[0].temperature) <= 1);
  });

  test('gridpoint, its stations nearest first, and an out-of-range cell', async () => {
    const cell = await w.get('/gridpoints/TOP/32,81');
    assert.equal(cell.status, 200);
    assert.equal(cell.body.geometry.type, 'Polygon');
    const stations = await w.get('/gridpoints/TOP/32,81/stations?limit=3');
    assert.equal(stations.body.features.length, 3);
    assert.ok(stations.headers.get('link')?.includes('rel="next"'));
    assert.equal((await w.get('/gridpoints/TOP/9999,9999')).status, 404);
    assert.equal((await w.get('/gridpoints/XYZ/1,1')).status, 404);
  });

  test('stations: list with filters and paging, one station, its latest observation, unknown station', async () => {
    const page1 = await w.get('/stations?state=KS&limit=10');
    assert.equal(page1.status, 200);
    assert.equal(page1.body.features.length, 10);
    const next = page1.body.pagination.next as string;
    assert.equal(page1.headers.get('link'), `<${next}>; rel="next"`);
    const page2 = await w.get(next.slice(BASE.length));
    const ids = [...page1.body.features, ...page2.body.features].map(
      (f: { properties: { stationIdentifier: string } }) => f.properties.stationIdentifier,
    );
    assert.equal(new Set(ids).size, ids.length, 'no station twice');
    const inBox = await w.get('/stations?bbox=-98,38,-96,40&limit=500');
    for (const f of inBox.body.features) {
      const [lon, lat] = f.geometry.coordinates;
      assert.ok(lon >= -98 && lon <= -96 && lat >= 38 && lat <= 40);
    }
    assert.equal((await w.get('/stations/KSLC')).body.properties.timeZone, 'America/Denver');
    const obs = await w.get('/stations/KSLC/observations/latest');
    assert.equal(obs.status, 200);
    assert.equal(obs.body.properties.temperature.unitCode, 'wmoUnit:degC');
    const unknown = await w.get('/stations/KZZZZ');
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.detail, /KZZZZ/);
  });

  test('zones: by type with filters, one zone with geometry, its stations, unknown type and id', async () => {
    const forecast = await w.get('/zones/forecast?area=KS');
    assert.ok(forecast.body.features.length > 50);
    assert.ok(
      forecast.body.features.every(
        (f: { properties: { state: string }; geometry: unknown }) => f.properties.state === 'KS' && f.geometry === null,
      ),
    );
    assert.deepEqual(Object.keys(forecast.body.pagination).sort(), ['next', 'prev']);
    const withGeometry = await w.get('/zones/county?id=KSC201&includegeometry=true');
    assert.equal(withGeometry.body.features.length, 1);
    assert.ok(withGeometry.body.features[0].geometry);
    const atPoint = await w.get('/zones?point=39.7456,-97.0892');
    const atIds = atPoint.body.features.map((f: { properties: { id: string } }) => f.properties.id).sort();
    assert.ok(atIds.includes('KSZ009') && atIds.includes('KSC201'), atIds.join());
    assert.equal((await w.get('/zones/public/KSZ009')).body.properties.id, 'KSZ009');
    const zone = await w.get('/zones/forecast/KSZ009');
    assert.ok(['Polygon', 'MultiPolygon'].includes(zone.body.geometry.type));
    assert.equal((await w.get('/zones/forecast/KSZ009/stations')).status, 200);
    assert.equal((await w.get('/zones/marine/KSZ009')).status, 404);
    assert.equal((await w.get('/zones/forecast/KSZ999')).status, 404);
    assert.equal((await w.get('/zones?effective=2020-01-01T00:00:00Z&area=KS')).body.features.length, 0);
  });

  test('alerts: all, active, filters, each id resolves, an empty match is an empty collection', async () => {
    const all = await w.get('/alerts');
    const active = await w.get('/alerts/active');
    assert.equal(all.status, 200);
    assert.ok(all.body.features.length > 0, 'the January model issues alerts');
    // /alerts answers in pages and /alerts/active whole: only an unpaged /alerts must hold at least as many.
    if (all.headers.get('link')?.includes('rel="next"')) assert.ok(active.body.features.length > 0);
    else assert.ok(active.body.features.length <= all.body.features.length);
    for (const feature of all.body.features.slice(0, 20)) {
      const one = await w.get(feature.id.slice(BASE.length));
      assert.equal(one.status, 200, feature.id);
      assert.equal(one.body.properties.id, feature.properties.id);
    }
    const event = all.body.features[0].properties.event as string;
    const byEvent = await w.get(`/alerts?event=${encodeURIComponent(event)}`);
    assert.ok(byEvent.body.features.every((f: { properties: { event: string } }) => f.properties.event === event));
    const none = await w.get('/alerts?event=Tsunami%20Warning');
    assert.deepEqual([none.status, none.body.type, none.body.features], [200, 'FeatureCollection', []]);
    const paged = await w.get('/alerts?limit=1');
    if (all.body.features.length > 1) assert.ok(paged.headers.get('link')?.includes('rel="next"'));
    assert.equal((await w.get('/alerts/urn:oid:2.49.0.1.840.0.nothing')).status, 404);
  });

  test("every forecast period's icon resolves to an image", async () => {
    const periods = [
      ...(await w.get('/gridpoints/TOP/32,81/forecast')).body.properties.periods,
      ...(await w.get('/gridpoints/TOP/32,81/forecast/hourly')).body.properties.periods,
    ];
    const icons = new Set<string>(periods.map((p: { icon: string }) => p.icon));
    for (const icon of icons) {
      assert.ok(icon.startsWith(`${BASE}/icons/land/`), icon);
      const response = await w.app.fetch(new Request(icon, { headers: { 'user-agent': 'tests' } }));
      assert.equal(response.status, 200, icon);
      assert.equal(response.headers.get('content-type'), 'image/png', icon);
      // The PNG signature: an image of the type the OpenAPI declares for /icons.
      assert.deepEqual(
        [...new Uint8Array(await response.arrayBuffer()).slice(0, 8)],
        [137, 80, 78, 71, 13, 10, 26, 10],
      );
    }
    assert.equal((await w.get('/icons/land/day/unknown_thing')).status, 404);
    assert.equal((await w.get('/products/nothing-like-this')).status, 404, 'an unknown product is a 404');
    assert.equal(
      (await w.get('/no/such/route')).status,
      404,
      'paths outside the OpenAPI: the embedded provider has none',
    );
  });

  test('office', async () => {
    const office = await w.get('/offices/TOP');
    assert.equal(office.status, 200);
    assert.equal(office.body['@type'], 'GovernmentOrganization');
    assert.equal((await w.get('/offices/ZZZ')).status, 404);
  });

  test('every API link in the answers resolves through Taskcast', async () => {
    const seeds = [
      '/points/39.7456,-97.0892',
      '/gridpoints/TOP/32,81',
      '/stations/KSLC',
      '/zones/forecast/KSZ009',
      '/offices/TOP',
      '/alerts?limit=3',
    ];
    const found = new Set<string>();
    for (const seed of seeds) for (const link of links((await w.get(seed)).body)) found.add(link);
    assert.ok(found.size > 10, `links found: ${found.size}`);
    const broken: string[] = [];
    for (const link of [...found].slice(0, 150)) {
      const reply = await w.get(link.slice(BASE.length));
      if (reply.status !== 200) broken.push(`${link} → ${reply.status}`);
    }
    assert.deepEqual(broken, []);
  });
});
