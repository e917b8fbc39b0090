import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { byteBoundedLru, createUpstreamCache } from '../../../../adapters/forecast/upstream/http-cache.ts';
import { createLinkRewriter } from '../../../../adapters/forecast/upstream/link-rewriter.ts';
import { createUpstreamClient } from '../../../../adapters/forecast/upstream/upstream-client.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../support/fake-nws-upstream.ts';

let fake: FakeUpstream;
before(async () => {
  fake = await startFakeUpstream();
});
after(async () => {
  await fake.close();
});

test('the byte-bounded LRU evicts least recently used entries until the byte total fits', () => {
  let evictions = 0;
  const lru = byteBoundedLru<{ bytes: number }>(100, () => evictions++);
  lru.set('a', { bytes: 40 });
  lru.set('b', { bytes: 40 });
  lru.get('a'); // a is now the most recent
  lru.set('c', { bytes: 40 });
  assert.equal(evictions, 1);
  assert.deepEqual([...lru.keys()].sort(), ['a', 'c'], 'b, the least recently used, went');
  assert.equal(lru.calculatedSize, 80);
  lru.set('huge', { bytes: 101 });
  assert.equal(lru.has('huge'), false, 'larger than the whole budget: not kept');
  assert.equal(lru.calculatedSize, 80);
  lru.set('a', { bytes: 50 });
  assert.equal(evictions, 1, 'replacing an entry is not an eviction');
  assert.equal(lru.calculatedSize, 90);
});

test('cache eviction by size, proven by upstream calls: a big body pushes out the small ones', async () => {
  fake.reset();
  const origin = fake.origin;
  const client = createUpstreamClient({ baseUrl: origin, userAgent: 't', timeoutMs: 1000 });
  // Served compact: station.json is ~1.3 kB, points.json ~2.5 kB, gridpoint.json ~95 kB. A 96 kB budget holds
  // the big one with points.json, never all three.
  const budget = 96 * 1024;
  const cache = createUpstreamCache({ client, rewriter: createLinkRewriter(origin), maxBytes: budget, staleMaxMs: 0 });
  await cache.get('/stations/KSLC');
  await cache.get('/points/39.7456,-97.0892');
  await cache.get('/stations/KSLC');
  await cache.get('/points/39.7456,-97.0892');
  assert.equal(fake.count(), 2, 'both small bodies served from memory');
  const big = await cache.get('/gridpoints/TAE/58,65');
  assert.equal(big.kind, 'document');
  assert.ok(cache.lru.calculatedSize <= budget);
  assert.equal(cache.lru.size, 2);
  const bigBytes = big.kind === 'document' ? big.entry.bytes : 0;
  assert.ok(bigBytes > 90 * 1024, `gridpoint body is ${bigBytes} bytes`);
  // The least recently used (the station) went first; the more recently used small body stayed.
  await cache.get('/points/39.7456,-97.0892');
  assert.equal(fake.count('/points/39.7456,-97.0892'), 1);
  await cache.get('/stations/KSLC');
  assert.equal(fake.count('/stations/KSLC'), 2, 'evicted, so fetched again');
  assert.equal(fake.count('/gridpoints/TAE/58,65'), 1);
});

test('a body larger than the whole cache is served but never stored', async () => {
  fake.reset();
  const client = createUpstreamClient({ baseUrl: fake.origin, userAgent: 't', timeoutMs: 1000 });
  const cache = createUpstreamCache({
    client,
    rewriter: createLinkRewriter(fake.origin),
    maxBytes: 10 * 1024,
    staleMaxMs: 0,
  });
  await cache.get('/gridpoints/TAE/58,65');
  await cache.get('/gridpoints/TAE/58,65');
  assert.equal(fake.count(), 2);
  assert.equal(cache.lru.size, 0);
});
