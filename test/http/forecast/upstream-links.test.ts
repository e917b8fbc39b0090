import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DOCUMENT_FIXTURES, ICON_PNG, fixtureFor, fixtureText } from '../../support/fake-nws-upstream.ts';
import { upstreamWorld } from '../../support/upstream-world.ts';

// Every absolute link to the upstream origin, in any string of any fixture, comes back under {base}; and
// following them through Taskcast reaches the upstream provider.

const BASE = 'http://taskcast.test';

/** A Taskcast path whose upstream call the fake answers with each document fixture. */
const SERVED_BY: Record<string, string> = {
  'points.json': '/points/39.7456,-97.0892',
  'gridpoint.json': '/gridpoints/TAE/58,65',
  'forecast.json': '/points/39.7456,-97.0892/forecast',
  'forecast_hourly.json': '/gridpoints/TOP/32,81/forecast/hourly',
  'gridpoint_stations.json': '/gridpoints/FGZ/74,89/stations?limit=3',
  'alerts_active_zone.json': '/alerts/active/zone/ORZ004',
  'alert.json': '/alerts/urn:oid:2.49.0.1.840.0.af7e0442df8bfed7953cb5cae6e4661304cc1f49.001.1',
  'stations_list.json': '/stations?limit=5',
  'station.json': '/stations/KSLC',
  'observation_latest.json': '/stations/KFLL/observations/latest',
  'zones_list.json': '/zones?limit=5',
  'zone.json': '/zones/forecast/UTZ101',
  'products_afd_okx.json': '/products/types/AFD/locations/OKX',
  'observations_kdal.json': '/stations/KDAL/observations?limit=1',
};

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Walks two JSON values of the same shape, pairing their strings. */
function pairs(a: unknown, b: unknown, out: Array<[string, string]> = []): Array<[string, string]> {
  if (typeof a === 'string') out.push([a, b as string]);
  else if (Array.isArray(a)) a.forEach((v, i) => pairs(v, (b as unknown[])[i], out));
  else if (a && typeof a === 'object')
    for (const [k, v] of Object.entries(a)) pairs(v, (b as Record<string, unknown>)[k], out);
  return out;
}

let w: Awaited<ReturnType<typeof upstreamWorld>>;
before(async () => {
  w = await upstreamWorld();
});
after(async () => {
  await w.fake.close();
});

describe('link rewriting', () => {
  test('the table covers every document fixture the fake serves', () => {
    assert.deepEqual(Object.keys(SERVED_BY).sort(), [...DOCUMENT_FIXTURES].sort());
  });

  for (const [fixture, path] of Object.entries(SERVED_BY)) {
    test(`${fixture}: every string that named the upstream origin names {base} instead, and none is left`, async () => {
      const reply = await w.get(path);
      assert.equal(reply.status, 200, `${path}: ${reply.text.slice(0, 200)}`);
      assert.ok(!reply.text.includes(w.fake.origin), 'no upstream origin anywhere in the bytes');
      assert.ok(!reply.text.includes('127.0.0.1'));
      const upstream = JSON.parse(fixtureText(fixture).split('https://api.weather.gov').join(w.fake.origin));
      const linkPairs = pairs(upstream, reply.body).filter(([before]) => before.includes(w.fake.origin));
      assert.ok(linkPairs.length > 0, 'the fixture has links');
      for (const [before, after] of linkPairs) {
        const expected = before
          .split(w.fake.origin)
          .join(BASE)
          .replace(/%5B\d+%5D=/g, '=');
        assert.equal(after, expected);
      }
      // Same shape, same data: only the link strings changed.
      assert.equal(strings(reply.body).length, strings(upstream).length);
      const next = reply.body.pagination?.next;
      if (typeof next === 'string') assert.equal(reply.headers.get('link'), `<${next}>; rel="next"`);
    });
  }

  test('problem bodies passed through are rewritten too (type, instance)', async () => {
    w.fake.fail('/points/90,120.5518', {
      status: 404,
      body: fixtureText('problem_invalid_point_404.json').split('https://api.weather.gov').join(w.fake.origin),
    });
    const reply = await w.get('/points/90,120.5518');
    assert.equal(reply.status, 404);
    assert.equal(reply.body.type, `${BASE}/problems/InvalidPoint`);
    assert.equal(reply.body.title, 'Data Unavailable For Requested Point');
    assert.ok(!reply.text.includes(w.fake.origin));
  });

  test('a base from PUBLIC_BASE_URL-style hosts is applied per request, from the same cached body', async () => {
    const a = await w.get('/stations/KSLC');
    const b = await w.app.fetch(
      new Request('http://other.example:8080/stations/KSLC', { headers: { 'user-agent': 'x' } }),
    );
    const body = (await b.json()) as { id: string };
    assert.equal(b.headers.get('x-cache'), 'HIT');
    assert.equal(a.body.id, `${BASE}/stations/KSLC`);
    assert.equal(body.id, 'http://other.example:8080/stations/KSLC');
  });
});

describe('rewritten links resolve through Taskcast', () => {
  test("every link in every fixture resolves: documents and icons the fake has answer 200, the rest relay upstream's answer", async () => {
    const links = new Set<string>();
    for (const path of Object.values(SERVED_BY)) {
      for (const s of strings((await w.get(path)).body)) if (s.startsWith(`${BASE}/`)) links.add(s);
    }
    const resolved: string[] = [];
    const relayed: string[] = [];
    const icons: string[] = [];
    for (const link of links) {
      const url = new URL(link.split('#')[0]!);
      const before = w.fake.calls.length;
      if (url.pathname.startsWith('/icons/')) {
        const response = await w.app.fetch(
          new Request(`${BASE}${url.pathname}${url.search}`, { headers: { 'user-agent': 'tests' } }),
        );
        assert.equal(response.status, 200, link);
        assert.equal(response.headers.get('content-type'), 'image/png', link);
        assert.deepEqual(Buffer.from(await response.arrayBuffer()), ICON_PNG, link);
        assert.equal(w.fake.calls.length, before + 1, `${link} was relayed`);
        icons.push(link);
        continue;
      }
      const reply = await w.get(url.pathname + url.search);
      if (fixtureFor(url.pathname)) {
        assert.equal(reply.status, 200, `${link} → ${reply.status} ${reply.text.slice(0, 200)}`);
        resolved.push(link);
      } else {
        // Not in the fixtures (the vocabulary, NOAA radio, an observation by time…): Taskcast relayed the request
        // upstream and passed the fake's 404 problem on.
        assert.equal(reply.status, 404, link);
        assert.ok(w.fake.calls.length > before || reply.headers.get('x-cache') !== null, `${link} reached upstream`);
        assert.equal(reply.body.detail.startsWith('No fixture for'), true, `${link}: ${reply.body.detail}`);
        relayed.push(link);
      }
    }
    for (const tail of [
      '/gridpoints/TOP/32,81',
      '/gridpoints/TOP/32,81/forecast',
      '/gridpoints/TOP/32,81/forecast/hourly',
      '/gridpoints/TOP/32,81/stations',
      '/stations/KSLC',
      '/zones/forecast/UTZ101',
      '/stations/KFLL',
    ]) {
      assert.ok(resolved.includes(`${BASE}${tail}`) || relayed.includes(`${BASE}${tail}`), tail);
    }
    assert.ok(resolved.length >= 10, `resolved ${resolved.length}`);
    assert.ok(relayed.length > 0);
    assert.ok(icons.length > 0, "the forecasts' icons were followed");
  });
});
