import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';
import { upstreamWorld } from '../../support/upstream-world.ts';

// One black-box suite, two providers: the embedded one, and the upstream one fed by the fake api.weather.gov.
// Only routes the fixtures cover are used, so both providers can answer every one of them.

const ROUTES = [
  '/points/39.7456,-97.0892',
  '/points/39.7456,-97.0892/forecast',
  '/gridpoints/TOP/32,81',
  '/gridpoints/TOP/32,81/forecast',
  '/gridpoints/TOP/32,81/forecast/hourly',
  '/gridpoints/TOP/32,81/stations',
  '/alerts/active',
  '/stations?limit=5',
  '/stations/KSLC',
  '/zones/forecast/UTZ101',
];

type World = { get: Awaited<ReturnType<typeof forecastWorld>>['get']; foreignOrigin?: string };

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

function contractSuite(name: string, makeWorld: () => Promise<World>): void {
  describe(`forecast contract, ${name} provider`, () => {
    let world: Promise<World> | undefined;
    const w = () => (world ??= makeWorld());

    for (const path of ROUTES) {
      test(`${path}: 200 geo+json with caching headers, a conditional 304, links under {base}`, async () => {
        const reply = await (await w()).get(path);
        assert.equal(reply.status, 200, `${path}: ${reply.text.slice(0, 300)}`);
        assert.equal(reply.headers.get('content-type'), 'application/geo+json');
        assert.ok(reply.headers.get('x-correlation-id'));
        assert.ok(reply.headers.get('etag'));
        assert.ok(!Number.isNaN(Date.parse(reply.headers.get('last-modified') ?? '')));
        assert.match(reply.headers.get('cache-control') ?? '', /max-age=\d+/);
        for (const key of ['id', '@id']) {
          const link = reply.body[key] ?? reply.body.properties?.[key];
          if (typeof link === 'string' && /^https?:/.test(link))
            assert.ok(link.startsWith('http://taskcast.test/'), `${key}: ${link}`);
        }
        const foreign = (await w()).foreignOrigin;
        if (foreign) assert.ok(!strings(reply.body).some((s) => s.includes(foreign)));
        const again = await (await w()).get(path, { 'if-none-match': reply.headers.get('etag')! });
        assert.equal(again.status, 304);
      });
    }

    test('Accept: application/ld+json is served and named', async () => {
      const reply = await (await w()).get('/stations/KSLC', { accept: 'application/ld+json' });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), 'application/ld+json');
    });

    test('more than 4 decimals: 301 to the rounded point', async () => {
      const reply = await (await w()).get('/points/39.74561,-97.08921');
      assert.equal(reply.status, 301);
      assert.equal(reply.headers.get('location'), 'http://taskcast.test/points/39.7456,-97.0892');
    });

    test('an out-of-range point is a 400 InvalidParameter; an unknown station a 404 problem', async () => {
      const bad = await (await w()).get('/points/91,0');
      assert.equal(bad.status, 400);
      assert.equal(bad.body.type, 'http://taskcast.test/problems/InvalidParameter');
      const unknown = await (await w()).get('/stations/KZZZZ');
      assert.equal(unknown.status, 404);
      assert.equal(unknown.headers.get('content-type'), 'application/problem+json');
      assert.equal(unknown.body.type, 'http://taskcast.test/problems/NotFound');
      assert.match(unknown.body.instance, /^http:\/\/taskcast\.test\/requests\//);
    });
  });
}

const closers: Array<() => Promise<void>> = [];
after(async () => {
  await Promise.all(closers.map((close) => close()));
});

contractSuite('embedded', () => forecastWorld());
contractSuite('upstream', async () => {
  const w = await upstreamWorld();
  closers.push(w.fake.close);
  return { get: w.get, foreignOrigin: w.fake.origin };
});
