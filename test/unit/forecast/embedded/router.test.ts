import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ForecastContext } from '../../../../application/forecast/ports.ts';
import type { RouteInput } from '../../../../application/forecast/resource-route.ts';
import { ForecastNotFound, InvalidParameter } from '../../../../domain/forecast/errors.ts';
import { routeByPath, serve, type EmbeddedRoute } from '../../../../adapters/forecast/embedded/router.ts';
import { assetRule, documentRule } from '../../../../adapters/forecast/embedded/shared/rules.ts';

const ctx = { baseUrl: 'http://taskcast.test' } as ForecastContext;
const echo = (pattern: string): EmbeddedRoute =>
  serve(
    documentRule(
      pattern,
      'geojson',
      (input: RouteInput) => input,
      () => pattern,
    ),
    async ({ params, query, pathAndQuery }) => ({
      body: { pattern, params: { ...params }, query: { ...query }, pathAndQuery },
      lastModified: new Date(0),
      maxAgeSeconds: 60,
    }),
  );

test('the families’ routes are found by path, with their named segments decoded and the query', async () => {
  const route = routeByPath([echo('/products/types/:typeId/locations/:locationId/latest'), echo('/products/:id')]);
  const latest = await route.document({ path: '/products/types/AFD/locations/O%4BX/latest?x=1' }, ctx);
  assert.deepEqual(latest.body, {
    pattern: '/products/types/:typeId/locations/:locationId/latest',
    params: { typeId: 'AFD', locationId: 'OKX' },
    query: { x: ['1'] },
    pathAndQuery: '/products/types/AFD/locations/O%4BX/latest?x=1',
  });
  assert.equal((await route.document({ path: '/products/abc' }, ctx)).body['pattern'], '/products/:id');
});

test('a path no family serves, or a segment that is not valid percent-encoding, is a 404 naming the path', async () => {
  const route = routeByPath([echo('/products/:id')]);
  for (const path of ['/products', '/products/a/b', '/nothing?x=1', '/products/%E0%A4%A'])
    await assert.rejects(
      route.document({ path }, ctx),
      (e: unknown) => e instanceof ForecastNotFound && e.message.includes('/'),
    );
});

test('a route answers only its own verb, and its rule parses the request before the answer sees it', async () => {
  const answered: unknown[] = [];
  const thumbnail = serve(
    assetRule(
      '/pictures/:name',
      { accept: 'image/png', matches: () => true, what: 'a picture' },
      (input) => {
        if (!/^[a-z]+$/.test(input.params['name'] ?? '')) throw new InvalidParameter('Bad name.', 'name');
        return input.params['name']!.toUpperCase();
      },
      (name) => `/pictures/${name}`,
    ),
    async (name) => {
      answered.push(name);
      return { contentType: 'image/png', bytes: new Uint8Array(), lastModified: new Date(0), maxAgeSeconds: 1 };
    },
  );
  const route = routeByPath([thumbnail]);
  const media = { accept: 'image/png', matches: () => true, what: 'a picture' };
  await route.asset({ path: '/pictures/sky' }, media, ctx);
  assert.deepEqual(answered, ['SKY']);
  await assert.rejects(route.asset({ path: '/pictures/SKY1' }, media, ctx), InvalidParameter);
  await assert.rejects(route.document({ path: '/pictures/sky' }, ctx), ForecastNotFound);
  assert.deepEqual(answered, ['SKY']);
});
