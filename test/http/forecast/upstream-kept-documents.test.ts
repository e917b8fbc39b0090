/**
 * The upstream gateway's fresh hits are kept by the HTTP adapter for as long as each says it is current
 * (ForecastDocument.stillCurrent, adapters/http/forecast/kept-documents.ts): until its max-age counts down a
 * second, or its cache entry stops being the cache's fresh one. Every answer must be the one the cache
 * would give without keeping, and every kept answer must still count as a cache hit.
 */
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { upstreamWorld } from '../../support/upstream-world.ts';

const POINT = '/points/39.7456,-97.0892';
const FORECAST = '/gridpoints/TOP/32,81/forecast';

const worlds: Array<{ fake: { close(): Promise<void> } }> = [];
after(async () => {
  await Promise.all(worlds.map((w) => w.fake.close()));
});

/** An upstream world whose cache lookups and counted hits the test can read. */
async function countedWorld() {
  const hits = { count: 0 };
  const w = await upstreamWorld({
    counters: {
      inc: (name, labels) => {
        if (name === 'taskcast_upstream_cache_total' && labels?.['result'] === 'HIT') hits.count++;
      },
      set: () => {},
    },
  });
  worlds.push(w);
  const lookups = { count: 0 };
  const get = w.provider.cache.get.bind(w.provider.cache);
  w.provider.cache.get = (...args) => {
    lookups.count++;
    return get(...args);
  };
  return { w, hits, lookups };
}

const maxAge = (reply: { headers: Headers }): string | null => reply.headers.get('cache-control');

test("a fresh hit is served again without the cache's lookup until its max-age counts down", async () => {
  const { w, hits, lookups } = await countedWorld();
  const first = await w.get(POINT);
  assert.deepEqual(
    [first.headers.get('x-cache'), maxAge(first), w.fake.count(POINT)],
    ['MISS', 'public, max-age=60', 1],
  );
  const hit = await w.get(POINT);
  assert.deepEqual([hit.headers.get('x-cache'), maxAge(hit)], ['HIT', 'public, max-age=60']);
  assert.deepEqual([lookups.count, hits.count], [2, 1]);

  // The same instant: the kept hit, to the byte, counted as a hit, without a lookup.
  const kept = await w.get(POINT);
  assert.deepEqual(
    [kept.headers.get('x-cache'), kept.headers.get('etag'), kept.text],
    ['HIT', hit.headers.get('etag'), hit.text],
  );
  assert.deepEqual([lookups.count, hits.count], [2, 2]);
  const conditional = await w.get(POINT, { 'if-none-match': hit.headers.get('etag')! });
  assert.deepEqual([conditional.status, conditional.headers.get('x-cache')], [304, 'HIT']);
  assert.deepEqual([lookups.count, hits.count], [2, 3]);

  // 0.3 s on, 59.7 s are left: max-age 59, which the kept answer (60) is not.
  w.advance(0.3);
  assert.equal(maxAge(await w.get(POINT)), 'public, max-age=59');
  assert.equal(lookups.count, 3);
  // 59.0 s left is still max-age 59: kept; 58.999 s is 58: asked again.
  w.advance(0.7);
  assert.equal(maxAge(await w.get(POINT)), 'public, max-age=59');
  assert.equal(lookups.count, 3);
  w.advance(0.001);
  assert.equal(maxAge(await w.get(POINT)), 'public, max-age=58');
  assert.deepEqual([lookups.count, hits.count, w.fake.count(POINT)], [4, 6, 1]);
});

test('a kept hit is not served once its entry has left the cache, nor once it is stale', async () => {
  const { w, lookups } = await countedWorld();
  await w.get(POINT);
  await w.get(POINT);
  w.provider.cache.lru.delete(POINT);
  const again = await w.get(POINT);
  assert.deepEqual([again.headers.get('x-cache'), w.fake.count(POINT), lookups.count], ['MISS', 2, 3]);

  await w.get(POINT); // a hit, kept
  w.advance(61);
  const revalidated = await w.get(POINT);
  assert.deepEqual([revalidated.headers.get('x-cache'), w.fake.count(POINT)], ['REVALIDATED', 3]);
  assert.equal((await w.get(POINT)).headers.get('x-cache'), 'HIT');
});

test('a kept hit is per base, and a grid forecast is kept as a point is', async () => {
  const { w, lookups } = await countedWorld();
  await w.get(POINT);
  const here = await w.get(POINT);
  const there = await w.get(POINT, { host: 'weather.example' });
  assert.match(here.text, /"http:\/\/taskcast\.test\/gridpoints\/TOP\/32,81\/forecast"/);
  assert.match(there.text, /"http:\/\/weather\.example\/gridpoints\/TOP\/32,81\/forecast"/);
  assert.equal((await w.get(POINT, { host: 'weather.example' })).text, there.text);
  assert.equal(lookups.count, 3);

  await w.get(FORECAST);
  const forecast = await w.get(FORECAST);
  assert.equal((await w.get(FORECAST)).text, forecast.text);
  assert.deepEqual([lookups.count, w.fake.count(FORECAST)], [5, 1]);
});
