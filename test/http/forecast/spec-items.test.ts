import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// Issue 20, forecast items 4 to 14: each statement of the forecast spec that an outside check found
// unmet, tried over HTTP through app.fetch. Each test fails on the code before the fix.

const BASE = 'http://taskcast.test';
const NOW = new Date('2026-07-15T18:20:00Z');
const STORM_EVENTS = new Set([
  'Severe Thunderstorm Warning',
  'Tornado Warning',
  'Flash Flood Warning',
  'Special Marine Warning',
]);

type Position = [number, number];
type World = Awaited<ReturnType<typeof forecastWorld>>;

const path = (url: string) => url.slice(BASE.length);

/** Even-odd ray casting over one GeoJSON ring. */
function ringContains(ring: readonly Position[], [x, y]: Position): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < xi + ((y - yi) * (xj - xi)) / (yj - yi)) inside = !inside;
  }
  return inside;
}

function geometryContains(geometry: { type: string; coordinates: any }, p: Position): boolean {
  const polygons: Position[][][] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  return polygons.some(([outer, ...holes]) => ringContains(outer!, p) && !holes.some((h) => ringContains(h, p)));
}

/** Every alert of a list, page after page. */
async function allAlerts(w: World, first = '/alerts?limit=500'): Promise<any[]> {
  const out: any[] = [];
  let next: string | undefined = first;
  while (next) {
    const reply = await w.get(next);
    assert.equal(reply.status, 200, next);
    out.push(...reply.body.features);
    next = reply.body.pagination?.next ? path(reply.body.pagination.next) : undefined;
  }
  return out;
}

describe('issue 20: forecast spec items', () => {
  let w: World;
  let alerts: any[];
  before(async () => {
    w = await forecastWorld({ now: NOW });
    alerts = await allAlerts(w);
  });

  test('4. /alerts?status=expired serves the alerts whose expires is past; the official values still work', async () => {
    const first = await w.get('/alerts?status=expired');
    assert.equal(first.status, 200, first.text.slice(0, 200));
    const expired = await allAlerts(w, '/alerts?status=expired&limit=500');
    assert.ok(expired.length > 0);
    for (const f of expired) assert.ok(Date.parse(f.properties.expires) <= NOW.getTime(), f.properties.expires);
    const expected = alerts.filter((f) => Date.parse(f.properties.expires) <= NOW.getTime()).map((f) => f.id);
    assert.deepEqual(
      expired.map((f) => f.id),
      expected,
      'every expired alert of /alerts, and only those',
    );
    assert.equal((await w.get('/alerts/active?status=expired')).body.features.length, 0, 'nothing active has expired');
    for (const value of ['actual', 'exercise', 'system', 'test', 'draft', 'Actual']) {
      assert.equal((await w.get(`/alerts?status=${value}`)).status, 200, value);
    }
    assert.equal((await w.get('/alerts?status=gone')).status, 400);
  });

  test('5. /alerts?message_type=original, in any case, is the CAP original Alert; the official values still work', async () => {
    const alertType = await w.get('/alerts?message_type=alert&limit=500');
    for (const value of ['original', 'Original', 'ORIGINAL']) {
      const reply = await w.get(`/alerts?message_type=${value}&limit=500`);
      assert.equal(reply.status, 200, `${value}: ${reply.text.slice(0, 200)}`);
      assert.ok(reply.body.features.length > 0);
      assert.ok(reply.body.features.every((f: any) => f.properties.messageType === 'Alert'));
      assert.deepEqual(
        reply.body.features.map((f: any) => f.id),
        alertType.body.features.map((f: any) => f.id),
      );
    }
    const updates = await w.get('/alerts?message_type=update');
    assert.ok(updates.body.features.every((f: any) => f.properties.messageType === 'Update'));
    assert.equal((await w.get('/alerts?message_type=cancel')).status, 200);
  });

  test('6. /alerts?area=OHZ003 reads a zone code in area as zone', async () => {
    assert.equal((await w.get('/alerts?area=OHZ003')).status, 200);
    const ugc = alerts[0].properties.geocode.UGC[0] as string;
    const byArea = await w.get(`/alerts?area=${ugc}&limit=500`);
    const byZone = await w.get(`/alerts?zone=${ugc}&limit=500`);
    assert.equal(byArea.status, 200);
    assert.ok(byArea.body.features.length > 0, ugc);
    assert.deepEqual(
      byArea.body.features.map((f: any) => f.id),
      byZone.body.features.map((f: any) => f.id),
    );
    assert.equal((await w.get(`/alerts?area=${ugc.toLowerCase()}`)).status, 200, 'case-insensitive as the state codes');
    assert.equal((await w.get('/alerts?area=OHZ03')).status, 400);
  });

  test('7. storm-based warnings carry a Polygon inside their zone; zone-based products keep null; deterministic', async () => {
    const storms = alerts.filter((f) => f.geometry !== null);
    assert.ok(storms.length > 0, 'some alerts have a polygon');
    assert.ok(
      alerts.some((f) => f.geometry === null),
      'some have none',
    );
    for (const f of alerts)
      assert.equal(
        f.geometry !== null,
        STORM_EVENTS.has(f.properties.event),
        `${f.properties.event}: polygon iff storm-based`,
      );
    const zones = new Map<string, any>();
    for (const f of storms.slice(0, 40)) {
      assert.equal(f.geometry.type, 'Polygon');
      const ring = f.geometry.coordinates[0] as Position[];
      assert.ok(ring.length >= 4);
      assert.deepEqual(ring[0], ring[ring.length - 1], 'closed ring');
      const zoneUrl = f.properties.affectedZones[0] as string;
      if (!zones.has(zoneUrl)) zones.set(zoneUrl, (await w.get(path(zoneUrl))).body.geometry);
      for (const vertex of ring)
        assert.ok(
          geometryContains(zones.get(zoneUrl), vertex),
          `${f.properties.id}: ${String(vertex)} outside ${zoneUrl}`,
        );
      const one = await w.get(path(f.id));
      assert.deepEqual(one.body.geometry, f.geometry, 'the single alert carries the same polygon');
    }
    const again = await allAlerts(await forecastWorld({ now: NOW }));
    assert.deepEqual(
      again.filter((f) => f.geometry).map((f) => [f.id, f.geometry]),
      storms.map((f) => [f.id, f.geometry]),
    );
  });

  test('8. a plain /alerts is paged at 100 with Link rel=next and pagination.next; /alerts/active is whole', async () => {
    // A winter day: more than a page of alerts (mid-July has fewer than 100 since Hawaii's trade winds no
    // longer raise Wind Advisories over a third of its zones, issue 38).
    const at = new Date('2026-01-20T12:00:00Z');
    const w = await forecastWorld({ now: at });
    const alerts = await allAlerts(w);
    assert.ok(alerts.length > 100, `${alerts.length} alerts`);
    const first = await w.get('/alerts');
    assert.equal(first.body.features.length, 100);
    const next = first.body.pagination.next as string;
    assert.equal(first.headers.get('link'), `<${next}>; rel="next"`);
    const second = await w.get(path(next));
    const ids = new Set(first.body.features.map((f: any) => f.id));
    assert.ok(second.body.features.length > 0 && second.body.features.every((f: any) => !ids.has(f.id)));
    assert.deepEqual(
      [...first.body.features, ...second.body.features].map((f: any) => f.id),
      alerts.slice(0, 100 + second.body.features.length).map((f) => f.id),
    );
    const active = await w.get('/alerts/active');
    assert.equal(active.headers.get('link'), null);
    assert.equal(active.body.pagination, undefined);
    const activeNow = alerts.filter(
      (f) => Date.parse(f.properties.expires) > at.getTime() && Date.parse(f.properties.ends) > at.getTime(),
    );
    assert.equal(active.body.features.length, activeNow.length);
  });

  test("9. zone list entries give observationStations as the URL of the zone's station list, which answers with them", async () => {
    const list = await w.get('/zones/forecast?area=KS&limit=3');
    assert.equal(list.body.features.length, 3);
    for (const f of list.body.features) {
      const { id, observationStations } = f.properties;
      assert.equal(observationStations, `${BASE}/zones/forecast/${id}/stations`);
      const stations = await w.get(path(observationStations));
      assert.equal(stations.status, 200);
      assert.equal(stations.body.type, 'FeatureCollection');
      const single = await w.get(`/zones/forecast/${id}`);
      assert.deepEqual(
        stations.body.features.map((s: any) => s.id),
        single.body.properties.observationStations,
      );
    }
    const county = (await w.get('/zones/county?id=KSC201')).body.features[0].properties.observationStations;
    assert.equal(county, `${BASE}/zones/county/KSC201/stations`);
  });

  test('10. /stations/K (a malformed station id) is a 404 naming the station', async () => {
    for (const id of ['K', 'K$', 'TOOLONG1']) {
      const reply = await w.get(`/stations/${encodeURIComponent(id)}`);
      assert.equal(reply.status, 404, id);
      assert.equal(reply.body.type, `${BASE}/problems/NotFound`);
      assert.ok(reply.body.detail.includes(id), reply.body.detail);
    }
    assert.equal((await w.get('/stations/K/observations/latest')).status, 404);
  });

  test('11. hourly periods have a label and a full-sentence detailedForecast, from the same model', async () => {
    const hourly = (await w.get('/gridpoints/TOP/32,81/forecast/hourly')).body.properties.periods;
    const daily = (await w.get('/gridpoints/TOP/32,81/forecast')).body.properties.periods;
    const dailyNames = new Set(daily.map((p: any) => p.name));
    for (const p of hourly) {
      assert.ok(p.name !== '' && dailyNames.has(p.name), `hour ${p.number}: "${p.name}"`);
      const span = daily.find((d: any) => d.name === p.name);
      assert.ok(
        Date.parse(span.startTime) <= Date.parse(p.startTime) && Date.parse(p.startTime) < Date.parse(span.endTime),
        'named after the period it falls in',
      );
      assert.match(p.detailedForecast, /^[A-Z].*\.$/);
      assert.ok(p.detailedForecast.includes(`around ${p.temperature}.`), p.detailedForecast);
    }
    assert.equal(hourly[0].name, 'This Afternoon', '1:00 PM CDT');
  });

  test("12. an effective date after a zone's expirationDate answers as one before its effectiveDate", async () => {
    const zone = (await w.get('/zones/forecast/KSZ009')).body.properties;
    const after = new Date(Date.parse(zone.expirationDate) + 86_400_000).toISOString();
    const before = new Date(Date.parse(zone.effectiveDate) - 86_400_000).toISOString();
    for (const at of [before, after]) {
      assert.equal((await w.get(`/zones/forecast/KSZ009?effective=${at}`)).status, 404, at);
      assert.equal((await w.get(`/zones/forecast?id=KSZ009&effective=${at}`)).body.features.length, 0, at);
      assert.equal((await w.get(`/zones?area=KS&effective=${at}`)).body.features.length, 0, at);
    }
    const within = new Date(Date.parse(zone.expirationDate) - 86_400_000).toISOString();
    assert.equal((await w.get(`/zones/forecast/KSZ009?effective=${within}`)).status, 200);
  });

  test('13. the region filter uses the real NWS region of each office', async () => {
    const inRegion = async (region: string) =>
      (await w.get(`/zones/forecast?region=${region}&limit=10000`)).body.features.map((f: any) => f.properties) as {
        id: string;
        state: string;
        cwa: string[];
      }[];
    const alaska = await inRegion('AR');
    assert.ok(alaska.length > 50 && alaska.every((z) => z.state === 'AK'), `AR: ${alaska.length}`);
    const pacific = await inRegion('PR');
    assert.ok(pacific.some((z) => z.state === 'HI') && pacific.every((z) => z.state !== 'AK'));
    const southern = await inRegion('SR');
    assert.ok(
      southern.some((z) => z.cwa.includes('TSA')),
      'Tulsa is Southern Region',
    );
    assert.ok(
      southern.some((z) => z.cwa.includes('KEY')),
      'Key West is Southern Region',
    );
    assert.ok(!(await inRegion('WR')).some((z) => z.cwa.includes('TSA')), 'Tulsa is not Western Region');
    const central = await inRegion('CR');
    assert.ok(central.some((z) => z.cwa.includes('RIW')) && central.some((z) => z.cwa.includes('JKL')));
    assert.ok((await inRegion('ER')).some((z) => z.cwa.includes('CHS')));
    for (const [office, region] of [
      ['TSA', 'sr'],
      ['KEY', 'sr'],
      ['AFC', 'ar'],
      ['HFO', 'pr'],
      ['GUM', 'pr'],
      ['RIW', 'cr'],
      ['CAE', 'er'],
    ]) {
      assert.equal((await w.get(`/offices/${office}`)).body.nwsRegion, region, office);
    }
  });

  test('14. every problem type resolves to a page saying what it means and what to do; unknown names 404', async () => {
    const names = [
      'BadRequest',
      'InvalidParameter',
      'NotFound',
      'NotAcceptable',
      'TooManyRequests',
      'UnexpectedProblem',
      'InvalidPoint',
      'ForecastGridExpired',
      'UnavailableWebService',
    ];
    for (const name of names) {
      const json = await w.get(`/problems/${name}`);
      assert.equal(json.status, 200, name);
      assert.equal(json.headers.get('content-type'), 'application/json');
      assert.equal(json.body.type, `${BASE}/problems/${name}`);
      for (const key of ['title', 'meaning', 'whatToDo'])
        assert.ok(typeof json.body[key] === 'string' && json.body[key].length > 5, `${name}.${key}`);
      const html = await w.get(`/problems/${name}`, {
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      });
      assert.match(html.headers.get('content-type') ?? '', /^text\/html/);
      assert.ok(html.text.includes(json.body.title) && html.text.includes('What to do'));
    }
    // A browser following the link sends a User-Agent; a bare client gets the page too (documentation).
    const bare = await w.app.fetch(new Request(`${BASE}/problems/NotFound`));
    assert.equal(bare.status, 200);
    const unknown = await w.get('/problems/NoSuchThing');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.type, `${BASE}/problems/NotFound`);
    // The links real answers carry resolve.
    for (const bad of [
      '/stations/K',
      '/points/91,0',
      '/alerts?area=Kansas',
      '/gridpoints/TOP/32,81',
      '/alerts?area=KS&zone=KSZ009',
    ]) {
      const reply = await w.get(bad, bad === '/gridpoints/TOP/32,81' ? { accept: 'text/plain' } : {});
      assert.ok(reply.status >= 400, bad);
      assert.equal((await w.get(path(reply.body.type))).status, 200, reply.body.type);
    }
  });
});
