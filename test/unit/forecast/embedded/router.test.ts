import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ForecastContext } from '../../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { routeByPath, type EmbeddedRoute } from '../../../../adapters/forecast/embedded/router.ts';

const ctx = { baseUrl: 'http://taskcast.test' } as ForecastContext;
const echo = (pattern: string): EmbeddedRoute => ({
  pattern,
  answer: async ({ params, query }) => ({
    body: { pattern, params: { ...params }, query: Object.fromEntries(query) },
    lastModified: new Date(0),
    maxAgeSeconds: 60,
  }),
});

test('the families’ routes are found by path, with their named segments decoded and the query', async () => {
  const route = routeByPath([echo('/products/types/:typeId/locations/:locationId/latest'), echo('/products/:id')]);
  const latest = await route('/products/types/AFD/locations/O%4BX/latest?x=1', ctx);
  assert.deepEqual(latest.body, {
    pattern: '/products/types/:typeId/locations/:locationId/latest',
    params: { typeId: 'AFD', locationId: 'OKX' },
    query: { x: '1' },
  });
  assert.equal((await route('/products/abc', ctx)).body['pattern'], '/products/:id');
});

test('a path no family serves, or a segment that is not valid percent-encoding, is a 404 naming the path', async () => {
  const route = routeByPath([echo('/products/:id')]);
  for (const path of ['/products', '/products/a/b', '/nothing?x=1', '/products/%E0%A4%A'])
    await assert.rejects(route(path, ctx), (e: unknown) => e instanceof ForecastNotFound && e.message.includes('/'));
});
