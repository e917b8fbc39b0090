import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';
import { appGetter, getPathTemplates, type Get } from '../../support/openapi-coverage.ts';
import { upstreamOverEmbedded } from '../../support/upstream-world.ts';
import { RELAYED_PATHS, undeclaredRelayedPaths } from '../../../adapters/http/forecast/relayed-paths.ts';
import { forecastApi } from '../../../adapters/http/forecast-app.ts';
import { DECLARED_ROUTES } from '../../../adapters/forecast/embedded/declared-routes.ts';
import { documentRule, param } from '../../../adapters/forecast/embedded/shared/rules.ts';
import { silentLogger } from '../../../adapters/logging/logger.ts';
import { forecastUseCases } from '../../../application/forecast/index.ts';
import { parseOfficeId } from '../../../domain/forecast/grid-ref.ts';
import { TOKENS } from '../../../bootstrap/composition/tokens.ts';

// A path no route names is relayed through the provider's other documents (the catch-all). The OpenAPI
// 3.8.1 declares /products/types/{typeId}/locations/{locationId}/latest as application/ld+json only, so it
// answers as such whatever JSON type is asked, as the routes of JSON-LD-only documents do: never labelled
// GeoJSON, the catch-all's default.

const NOW = new Date('2026-07-15T18:20:00Z');
const LATEST = '/products/types/AFD/locations/OKX/latest';

function mediaTypeChecks(name: string, getter: () => Promise<{ get: Get; close?: () => Promise<void> }>): void {
  describe(name, () => {
    let get: Get;
    let close: (() => Promise<void>) | undefined;
    before(async () => ({ get, close } = await getter()));
    after(async () => close?.());

    test('no Accept: JSON-LD, the type the spec declares', async () => {
      const reply = await get(LATEST);
      assert.equal(reply.status, 200, reply.text.slice(0, 200));
      assert.equal(reply.headers.get('content-type'), 'application/ld+json');
      assert.equal(reply.body.productCode, 'AFD');
    });
    test('Accept: application/geo+json, as the spec advises for every request: JSON-LD, labelled so', async () => {
      const reply = await get(LATEST, { accept: 'application/geo+json' });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), 'application/ld+json');
    });
    test('Accept: application/json: plain JSON; a type no route serves: 406 naming the declared ones', async () => {
      assert.equal((await get(LATEST, { accept: 'application/json' })).headers.get('content-type'), 'application/json');
      const refused = await get(LATEST, { accept: 'text/html' });
      assert.equal(refused.status, 406);
      assert.match(refused.body.detail, /none of application\/ld\+json, application\/json \(/);
    });
  });
}

mediaTypeChecks('embedded provider', async () => ({ get: appGetter((await forecastWorld({ now: NOW })).app) }));
mediaTypeChecks('upstream provider, relaying a fake api.weather.gov', async () => {
  const w = await upstreamOverEmbedded(NOW);
  return { get: appGetter(w.app), close: w.fake.close };
});

test('a relayed path is beyond the v1.9 paths, which routes serve with their own declared types', () => {
  const routes = new Set(getPathTemplates().map((t) => t.replace(/\{(\w+)\}/g, ':$1')));
  for (const { pattern } of RELAYED_PATHS) assert.ok(!routes.has(pattern), pattern);
});

test('a relayed path keeps the catch-all answer to other methods: a 404, not a 405', async () => {
  const { app } = await forecastWorld({ now: NOW });
  const reply = await app.fetch(
    new Request(`http://taskcast.test${LATEST}`, { method: 'POST', headers: { 'user-agent': 'tests' } }),
  );
  assert.equal(reply.status, 404);
});

test('a family that declares a relayed path takes it over: its rule is what answers, not the relay', async () => {
  const { container } = await forecastWorld({ now: NOW });
  // Briefings stand in for any relayed path: this rule answers /offices/{id}/briefing with the office.
  const briefing = documentRule(
    '/offices/:office/briefing',
    'json-ld',
    (input) => parseOfficeId(param(input, 'office')),
    (id) => `/offices/${id}`,
  );
  const declared = [...DECLARED_ROUTES, briefing];
  assert.deepEqual(undeclaredRelayedPaths([]), RELAYED_PATHS);
  const relayed = undeclaredRelayedPaths(declared).map((r) => r.pattern);
  assert.ok(!relayed.includes(briefing.pattern) && relayed.length < RELAYED_PATHS.length, relayed.join(' '));
  const forecast = forecastUseCases(container.get(TOKENS.ForecastProvider), declared);
  const { app } = forecastApi({ forecast, log: silentLogger });
  const get = appGetter(app);
  const reply = await get('/offices/top/briefing');
  assert.equal(reply.status, 200, reply.text.slice(0, 200));
  assert.equal(reply.body.id, 'TOP', 'parsed by the rule (upper-cased), then asked at the path it spells');
  const posted = await app.fetch(
    new Request('http://taskcast.test/offices/TOP/briefing', { method: 'POST', headers: { 'user-agent': 'tests' } }),
  );
  assert.equal(posted.status, 405, 'a declared route answers other methods as the read-only API does');
});
