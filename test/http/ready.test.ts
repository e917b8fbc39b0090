/**
 * GET /ready: 200 while every dependency can work, 503 naming the failing one while the store's disk refuses
 * writes or the upstream is unreachable, and back to 200 once they recover, without any other traffic.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { UpstreamHealth } from '../../adapters/forecast/upstream/upstream-health.ts';
import { openLowdbTaskStore } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { FaultyDisk } from '../support/faulty-disk.ts';
import { httpWorld } from '../support/http.ts';

const root = mkdtempSync(join(tmpdir(), 'taskcast-ready-'));
after(() => rmSync(root, { recursive: true, force: true }));

test("/ready is 200 on a healthy store, and /health keeps the spec's shape", async () => {
  const w = await httpWorld();
  const ready = await w.call('GET', '/ready');
  assert.equal(ready.status, 200);
  assert.deepEqual(ready.body, { status: 'ready', dependencies: { store: { ok: true } } });
  assert.deepEqual(Object.keys((await w.call('GET', '/health')).body).sort(), ['status', 'timestamp']);
});

test('a store whose disk refuses writes makes /ready 503 naming it, and it recovers without other traffic', async () => {
  const disk = new FaultyDisk();
  const store = await openLowdbTaskStore(join(root, 'tasks.db'), { journalFileOps: disk });
  const w = await httpWorld({ rebind: (c) => c.rebind(TOKENS.TaskStore).toConstantValue(store) });
  const { token } = await w.signUp();
  disk.full = true;
  assert.equal((await w.call('POST', '/api/tasks', { token, body: { title: 'refused' } })).status, 503);
  const down = await w.call('GET', '/ready');
  assert.equal(down.status, 503);
  assert.equal(down.body.status, 'not ready');
  assert.deepEqual(down.body.failing, ['store']);
  assert.match(down.body.dependencies.store.detail, /cannot write.*ENOSPC/);
  assert.ok(Number(down.headers.get('retry-after')) > 0);
  assert.equal((await w.call('GET', '/health')).status, 200, '/health stays as the spec has it');
  disk.full = false;
  const up = await w.call('GET', '/ready');
  assert.equal(up.status, 200, 'the probe sees the disk accept writes again');
  assert.equal((await w.call('POST', '/api/tasks', { token, body: { title: 'accepted' } })).status, 201);
  await store.close();
});

test('with METRICS_TOKEN, /ready keeps its status public and gives the details to the bearer token alone', async () => {
  const disk = new FaultyDisk();
  const store = await openLowdbTaskStore(join(root, 'tasks-token.db'), { journalFileOps: disk });
  const metricsToken = 'metrics-token-for-tests-0123456789';
  const w = await httpWorld({ metricsToken, rebind: (c) => c.rebind(TOKENS.TaskStore).toConstantValue(store) });
  const { token } = await w.signUp();
  disk.full = true;
  assert.equal((await w.call('POST', '/api/tasks', { token, body: { title: 'refused' } })).status, 503);
  const anyone = await w.call('GET', '/ready', { headers: { origin: 'https://elsewhere.example' } });
  assert.equal(anyone.status, 503);
  assert.deepEqual(anyone.body, { status: 'not ready', failing: ['store'], dependencies: { store: { ok: false } } });
  assert.doesNotMatch(anyone.text, /ENOSPC|tasks-token/);
  const wrong = await w.call('GET', '/ready', { headers: { authorization: 'Bearer not-it' } });
  assert.equal(wrong.body.dependencies.store.detail, undefined);
  const operator = await w.call('GET', '/ready', { headers: { authorization: `Bearer ${metricsToken}` } });
  assert.equal(operator.status, 503);
  assert.match(operator.body.dependencies.store.detail, /cannot write.*ENOSPC/);
  disk.full = false;
  await store.close();
});

test('upstream health: failing after an unreachable call, probing at most once per interval, ok once it answers', async () => {
  let upstreamUp = false;
  let probes = 0;
  let clock = 0;
  const health = new UpstreamHealth({
    baseUrl: 'https://upstream.test',
    userAgent: 'test',
    now: () => clock,
    probeIntervalMs: 5000,
    fetch: async () => {
      probes++;
      if (!upstreamUp) throw new TypeError('fetch failed');
      return new Response('{"status":"OK"}');
    },
  });
  assert.deepEqual(await health.check(), { ok: true });
  assert.equal(probes, 0, 'no probe while the calls succeed');
  health.record({ reachable: false, reason: 'timeout after 3 attempts' });
  const down = await health.check();
  assert.equal(down.ok, false);
  assert.match(down.detail ?? '', /unreachable.*timeout after 3 attempts/);
  await health.check();
  assert.equal(probes, 1, 'the second check within the interval reuses the probe');
  upstreamUp = true;
  clock += 5000;
  assert.deepEqual(await health.check(), { ok: true });
  assert.equal(probes, 2);
  assert.deepEqual(await health.check(), { ok: true });
  assert.equal(probes, 2, 'recovered: no more probes');
});

test('/ready through the upstream provider: 503 naming the upstream during an outage, 200 after it', async () => {
  const { upstreamWorld } = await import('../support/upstream-world.ts');
  const w = await upstreamWorld();
  try {
    assert.equal((await w.get('/ready')).status, 200);
    w.fake.outage({ status: 503 });
    assert.ok(
      [502, 503].includes((await w.get('/points/39.7456,-97.0892')).status),
      'no cached copy: the outage shows',
    );
    const down = await w.get('/ready');
    assert.equal(down.status, 503, down.text);
    assert.deepEqual(down.body.failing, ['upstream']);
    w.fake.outage(undefined);
    w.advance(10);
    const up = await w.get('/ready');
    assert.equal(up.status, 200, up.text);
  } finally {
    await w.fake.close();
  }
});

test("upstream health: a failed probe names the network error's cause, not fetch's bare 'fetch failed'", async () => {
  const health = new UpstreamHealth({
    baseUrl: 'https://upstream.test',
    userAgent: 'test',
    fetch: async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } });
    },
  });
  health.record({ reachable: false, reason: 'network after 3 attempts' });
  const down = await health.check();
  assert.equal(
    down.detail,
    'the upstream https://upstream.test is unreachable (ECONNREFUSED; last call: network after 3 attempts)',
  );
});
