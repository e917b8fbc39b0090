import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';
import {
  appGetter,
  APP_ORIGIN,
  checkPath,
  getPathTemplates,
  pathFillers,
  type Get,
} from '../../support/openapi-coverage.ts';
import { upstreamOverEmbedded, upstreamWorld } from '../../support/upstream-world.ts';

// Issue 11: every GET path of the official OpenAPI (test/fixtures/nws/openapi.json, v1.9) answers 200 with a
// body that validates against its schema, through the embedded provider and through the upstream provider
// (fed by the fake api.weather.gov, which relays what it has no fixture for from an embedded world, so the
// relay, its cache and its link rewriting are exercised on every path).

const NOW = new Date('2026-07-15T18:20:00Z');

test('the OpenAPI copy has the 58 GET paths of v1.9, and every one has a filler', () => {
  const templates = getPathTemplates();
  assert.equal(templates.length, 58);
  assert.deepEqual(
    Object.keys(
      pathFillers(async () => {
        throw new Error('unused');
      }),
    ).sort(),
    [...templates].sort(),
  );
});

describe('embedded provider: every path of the OpenAPI', () => {
  let get: Get;
  before(async () => {
    get = appGetter((await forecastWorld({ now: NOW })).app);
  });
  for (const template of getPathTemplates()) {
    test(template, async () => {
      await checkPath(get, template, await pathFillers(get)[template]!());
    });
  }
  // Beyond the v1.9 copy (OpenAPI 3.8.1): the newest product of a type and office, a TextProduct as /products/{productId}.
  test('/products/types/{typeId}/locations/{locationId}/latest', async () => {
    const ld: Get = (path, headers) => get(path, { accept: 'application/ld+json', ...headers });
    await checkPath(ld, '/products/{productId}', '/products/types/AFD/locations/OKX/latest');
    const newest = (await get('/products/types/AFD/locations/OKX')).body['@graph'][0];
    assert.equal((await get('/products/types/AFD/locations/OKX/latest')).body.id, newest.id);
  });
  test('/offices/{officeId}/weatherstories', async () => {
    const office = (await pathFillers(get)['/offices/{officeId}/headlines/{headlineId}']!()).split('/')[2];
    const reply = await get(`/offices/${office}/weatherstories`);
    assert.equal(reply.headers.get('content-type'), 'application/ld+json');
    const stories: any[] = reply.body?.stories ?? [];
    assert.ok(stories.length > 0 && stories.every((s, i) => s.order === i + 1 && s.title.length <= 50), reply.text);
  });
});

describe('upstream provider: every path of the OpenAPI through the cache', () => {
  let get: Get;
  let close: () => Promise<void>;
  let upstreamPaths: () => string[];
  before(async () => {
    const w = await upstreamOverEmbedded(NOW);
    get = appGetter(w.app);
    close = w.fake.close;
    upstreamPaths = () => w.fake.calls.map((c) => c.path.split('?')[0]!);
  });
  after(async () => close());
  // Routes the provider sends upstream in another (equivalent) form: the alert sub-lists as filters of
  // /alerts/active, and /points/{p}/stations through the point's document.
  test('an alert as CAP XML is relayed with its media type', async () => {
    const id = (await get('/alerts/active')).body.features[0].properties.id;
    const reply = await get(`/alerts/${id}`, { accept: 'application/cap+xml' });
    assert.equal(reply.status, 200, reply.text.slice(0, 200));
    assert.equal(reply.headers.get('content-type'), 'application/cap+xml');
    assert.ok(reply.text.includes(`<identifier>${id}</identifier>`));
  });
  const REWRITTEN = new Set([
    '/alerts/active/zone/{zoneId}',
    '/alerts/active/area/{area}',
    '/alerts/active/region/{region}',
    '/points/{point}/stations',
  ]);
  for (const template of getPathTemplates()) {
    test(template, async () => {
      const path = await pathFillers(get)[template]!();
      await checkPath(get, template, path);
      const again = await get(path);
      assert.ok(!again.text.includes('127.0.0.1'), `${path}: no upstream origin left in the body`);
      if (!REWRITTEN.has(template))
        assert.ok(
          upstreamPaths().includes(decodeURIComponent(path.split('?')[0]!)) ||
            upstreamPaths().includes(path.split('?')[0]!),
          `${path} was asked upstream on the same path`,
        );
    });
  }
});

describe('upstream provider: recorded api.weather.gov answers of the new families', () => {
  let get: Get;
  let close: () => Promise<void>;
  before(async () => {
    const w = await upstreamWorld();
    get = appGetter(w.app);
    close = w.fake.close;
  });
  after(async () => close());
  test('a real AFD list and a real observation history pass through, links rewritten, valid against the OpenAPI', async () => {
    await checkPath(get, '/products/types/{typeId}/locations/{locationId}', '/products/types/AFD/locations/OKX');
    await checkPath(get, '/stations/{stationId}/observations', '/stations/KDAL/observations?limit=1');
    const afd = await get('/products/types/AFD/locations/OKX');
    assert.equal(afd.body['@graph'][0]['@id'], `${APP_ORIGIN}/products/b60036c1-2f33-429f-b44e-12771d698985`);
  });
});
