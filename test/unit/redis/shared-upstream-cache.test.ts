import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { createUpstreamCache } from '../../../adapters/forecast/upstream/http-cache.ts';
import { createLinkRewriter } from '../../../adapters/forecast/upstream/link-rewriter.ts';
import { createRedisDocumentCache } from '../../../adapters/redis/redis-document-cache.ts';
import type { SharedDocumentCache } from '../../../adapters/shared/shared-document-cache.ts';
import { createUpstreamClient } from '../../../adapters/forecast/upstream/upstream-client.ts';
import { RedisConnection } from '../../../adapters/redis/redis-connection.ts';
import { startFakeUpstream, type FakeUpstream } from '../../support/fake-nws-upstream.ts';
import { METRIC, type Counters } from '../../../adapters/shared/metrics.ts';
import { memorySharedCache } from '../../support/memory-shared-cache.ts';
import { TEST_REDIS_URL } from '../../support/test-postgres.ts';
import { withUnreachableRedis } from '../../support/redis-server.ts';

let fake: FakeUpstream;
before(async () => {
  fake = await startFakeUpstream();
});
after(() => fake.close());

const POINT = '/points/39.7456,-97.0892';
/** A node: its own client and LRU, and the cluster's shared cache. */
const node = (shared?: SharedDocumentCache, timing: { sharedLockMs?: number; sharedWaitMs?: number } = {}) =>
  createUpstreamCache({
    client: createUpstreamClient({ baseUrl: fake.origin, userAgent: 't', timeoutMs: 2000, backoffMs: 20 }),
    rewriter: createLinkRewriter(fake.origin),
    maxBytes: 1024 * 1024,
    staleMaxMs: 60_000,
    shared,
    ...timing,
  });

const NOT_FOUND = JSON.stringify({
  title: 'Not Found',
  status: 404,
  detail: 'Unable to provide data for requested point',
});

/** Every node's answer to one lookup each, at once: the kind, and the status or the error's code. */
async function answersOf(nodes: ReturnType<typeof node>[]): Promise<string[]> {
  return Promise.all(
    nodes.map(async (n) => {
      try {
        const found = await n.get(POINT);
        return `${found.kind} ${found.status}`;
      } catch (error) {
        return `error ${(error as { code?: string }).code}`;
      }
    }),
  );
}

/** Three nodes miss a path whose upstream answer leaves nothing to store: one fetch answers all three. */
async function clusterSharesOutcomes(shared: () => SharedDocumentCache): Promise<void> {
  fake.reset();
  fake.fail(POINT, { status: 404, delayMs: 300, body: NOT_FOUND });
  assert.deepEqual(await answersOf([node(shared()), node(shared()), node(shared())]), [
    'problem 404',
    'problem 404',
    'problem 404',
  ]);
  assert.equal(fake.count(POINT), 1, 'a 404 asked of upstream once for the cluster');

  // An outage with no stale copy anywhere: one node's three attempts, and every node answers it.
  fake.reset();
  await new Promise((resolve) => setTimeout(resolve, 2_100)); // the 404's outcome has lapsed
  fake.fail(POINT, { status: 503, delayMs: 200 }, { status: 503, delayMs: 200 }, { status: 503, delayMs: 200 });
  assert.deepEqual(await answersOf([node(shared()), node(shared()), node(shared())]), [
    'error Unavailable',
    'error Unavailable',
    'error Unavailable',
  ]);
  assert.equal(fake.count(POINT), 3, "one node's three attempts, not three nodes' nine");
}

async function clusterFetchesOnce(shared: () => SharedDocumentCache): Promise<void> {
  fake.reset();
  fake.setMaxAge(60);
  // Upstream is slow, so every node misses at once and would call it without the cluster-wide single flight.
  fake.fail(POINT, { delayMs: 300 }, { delayMs: 300 }, { delayMs: 300 });
  const nodes = [node(shared()), node(shared()), node(shared())];
  // A fresh hit comes back without a promise; the misses here come back as promises.
  const lookups = await Promise.all(nodes.flatMap((n) => [n.get(POINT), n.get(POINT)]).map((l) => Promise.resolve(l)));
  assert.ok(lookups.every((l) => l.kind === 'document'));
  assert.equal(fake.count(POINT), 1, 'one upstream request for the whole cluster');
  // A node that starts later finds the document in the shared level.
  const late = await node(shared()).get(POINT);
  assert.equal(late.kind === 'document' && late.status, 'HIT');
  assert.equal(fake.count(POINT), 1);
}

describe('upstream cache shared by nodes', () => {
  test('in-process model of the shared level: one upstream request per document for the cluster', async () => {
    const shared = memorySharedCache();
    await clusterFetchesOnce(() => shared);
  });

  test('a node that takes the lock just after another released it uses what that node shared', async () => {
    // Node B misses the shared level while node A is fetching, and asks for the lock only once A has shared
    // the document and let the lock go: B holds the lock, yet the document it needs is already there.
    fake.reset();
    fake.setMaxAge(60);
    fake.fail(POINT, { delayMs: 200 }, { delayMs: 200 });
    const shared = memorySharedCache();
    let released!: () => void;
    const aReleased = new Promise<void>((resolve) => (released = resolve));
    const forA: SharedDocumentCache = {
      ...shared,
      unlock: async (path) => {
        await shared.unlock(path);
        released();
      },
    };
    const forB: SharedDocumentCache = {
      ...shared,
      lock: async (path, ttlMs) => {
        await aReleased;
        return shared.lock(path, ttlMs);
      },
    };
    const [a, b] = await Promise.all([node(forA).get(POINT), node(forB).get(POINT)]);
    assert.ok(a.kind === 'document' && b.kind === 'document');
    assert.equal(b.status, 'HIT', 'B answers from the document A shared');
    assert.equal(fake.count(POINT), 1, 'one upstream request for both nodes');
    assert.equal(await shared.lock(POINT, 1000), 'acquired', 'B let the lock go');
  });

  test('a fetch that leaves no document (a 404, an outage) answers the nodes that waited on it', async () => {
    const shared = memorySharedCache();
    await clusterSharesOutcomes(() => shared.asNode());
  });

  test('a fetch longer than its lock keeps the lock alive, so the waiting nodes do not fetch too', async () => {
    fake.reset();
    fake.setMaxAge(60);
    fake.fail(POINT, { delayMs: 700 }, { delayMs: 700 }, { delayMs: 700 });
    const shared = memorySharedCache();
    const timing = { sharedLockMs: 150, sharedWaitMs: 10_000 };
    const answers = await answersOf([1, 2, 3].map(() => node(shared.asNode(), timing)));
    assert.deepEqual(answers.sort(), ['document HIT', 'document HIT', 'document MISS']);
    assert.equal(fake.count(POINT), 1);
  });

  test("a holder cut off from the shared cache holds the others up only for its lock's time", async () => {
    fake.reset();
    fake.fail(POINT, { delayMs: 3_000 }); // the holder's fetch: slow
    const shared = memorySharedCache();
    const holderView = shared.asNode();
    // After taking the lock, the holder's link drops: it can neither renew nor release the lock.
    const cut: SharedDocumentCache = { ...holderView, extend: async () => false, unlock: async () => {} };
    const holder = node(cut, { sharedLockMs: 300 }).get(POINT);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const found = await node(shared.asNode(), { sharedWaitMs: 20_000 }).get(POINT);
    assert.equal(found.kind === 'document' && found.status, 'MISS');
    assert.ok(Date.now() - started < 2_000, `waited ${Date.now() - started} ms for a holder that could not renew`);
    assert.equal((await holder).kind, 'document');
    assert.equal(fake.count(POINT), 2);
  });

  test('without a shared level each node fetches (the behaviour the shared level removes)', async () => {
    fake.reset();
    fake.fail(POINT, { delayMs: 200 }, { delayMs: 200 });
    await Promise.all([node().get(POINT), node().get(POINT)]);
    assert.equal(fake.count(POINT), 2);
  });

  test('Redis down: each node falls back to fetching for itself, logged once', async () => {
    await withUnreachableRedis(async (redis) => {
      fake.reset();
      const shared = createRedisDocumentCache(redis, `taskcast-test:${randomBytes(4).toString('hex')}`);
      const a = await node(shared).get(POINT);
      const b = await node(shared).get(POINT);
      assert.ok(a.kind === 'document' && b.kind === 'document');
      assert.equal(fake.count(POINT), 2);
    });
  });
});

describe(
  'upstream cache shared through Redis',
  { skip: TEST_REDIS_URL ? false : 'needs TEST_REDIS_URL (a Redis server); skipped' },
  () => {
    test('one upstream request per document for the whole cluster', async () => {
      // A generous command timeout: under a loaded test run a Redis reply can take longer than the default
      // 500 ms, and a node whose lock command times out fetches for itself by design (Redis is only help).
      const connections = [1, 2, 3, 4].map(() => new RedisConnection({ url: TEST_REDIS_URL!, commandTimeoutMs: 5000 }));
      try {
        await Promise.all(
          connections.map(
            (c) => new Promise<void>((resolve) => (c.available ? resolve() : c.client.once('ready', () => resolve()))),
          ),
        );
        const prefix = `taskcast-test:${process.pid}:${randomBytes(4).toString('hex')}`;
        let i = 0;
        await clusterFetchesOnce(() => createRedisDocumentCache(connections[i++ % connections.length]!, prefix));
        // A cluster of its own: the first one's document would answer before upstream is asked.
        await clusterSharesOutcomes(() =>
          createRedisDocumentCache(connections[i++ % connections.length]!, `${prefix}:outcomes`),
        );
      } finally {
        await Promise.all(connections.map((c) => c.close()));
      }
    });
  },
);

test("a copy taken from the shared cache shows in this node's cache gauges", async () => {
  fake.reset();
  const shared = memorySharedCache();
  await node(shared).get(POINT);
  const gauges = new Map<string, number>();
  const counters: Counters = {
    inc: () => {},
    set: (name, value) => void gauges.set(name, value),
  };
  const second = createUpstreamCache({
    client: createUpstreamClient({ baseUrl: fake.origin, userAgent: 't', timeoutMs: 2000 }),
    rewriter: createLinkRewriter(fake.origin),
    maxBytes: 1024 * 1024,
    staleMaxMs: 60_000,
    shared,
    counters,
  });
  const found = await second.get(POINT);
  assert.equal(found.kind === 'document' && found.status, 'HIT');
  assert.equal(fake.count(POINT), 1);
  assert.equal(second.lru.size, 1);
  assert.equal(gauges.get(METRIC.upstreamCacheEntries), 1);
  assert.equal(gauges.get(METRIC.upstreamCacheBytes), second.lru.calculatedSize);
});
