import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { silentLogger } from '../../adapters/logging/logger.ts';
import { METRIC, TaskcastMetrics } from '../../adapters/metrics/taskcast-metrics.ts';
import type { TaskStore } from '../../adapters/persistence/task-store.ts';
import { createContainer } from '../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../bootstrap/composition/http-app.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';

const SECRET = 'metrics-tests-secret-of-32-characters!';
const BUDGETS = { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 };

async function world(options: { metrics?: TaskcastMetrics | false; metricsToken?: string } = {}) {
  const container = createContainer({ storage: 'memory', jwtSecret: SECRET, bcryptCost: 4, forecastProvider: false });
  const metrics = options.metrics ?? new TaskcastMetrics();
  const app = await buildHttpApp(container, {
    authBudgets: BUDGETS,
    log: silentLogger,
    metrics,
    metricsToken: options.metricsToken,
  });
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.fetch(new Request(`http://taskcast.test${path}`, { headers }));
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  return { app, metrics, get };
}

/** Every family `# TYPE` announces, with the series names a query may use (histograms' _bucket, _sum, _count). */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name!);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('GET /metrics (prom-client)', () => {
  test("Node's process metrics: event-loop lag, heap, GC, handles, CPU", async () => {
    const w = await world();
    const reply = await w.get('/metrics');
    assert.equal(reply.status, 200);
    assert.match(reply.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const names = exposedNames(reply.text);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'nodejs_active_handles_total',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
    ]) {
      assert.ok(names.has(name), `${name} is exposed`);
    }
  });

  test('a request duration histogram by route pattern, method and status, beside the request counter of the same name as before', async () => {
    const w = await world();
    await w.get('/api/tasks/abc');
    await w.get('/api/tasks/def');
    await w.get('/health');
    const text = (await w.get('/metrics')).text;
    assert.match(text, /# TYPE taskcast_http_request_duration_seconds histogram/);
    assert.match(
      text,
      /taskcast_http_request_duration_seconds_bucket\{le="0\.5",method="GET",route="\/api\/tasks\/:id",status="401"\} 2/,
    );
    assert.match(text, /taskcast_http_request_duration_seconds_count\{method="GET",route="\/health",status="200"\} 1/);
    assert.match(text, /# TYPE taskcast_http_requests_total counter/);
    assert.match(text, /taskcast_http_requests_total\{method="GET",route="\/api\/tasks\/:id",status="401"\} 2/);
    assert.doesNotMatch(text, /route="\/api\/tasks\/abc"/, 'never the raw path, which would let clients mint series');
  });

  test('every Taskcast family is listed before its first sample, so a dashboard never queries a missing name', async () => {
    const names = exposedNames((await (await world()).get('/metrics')).text);
    for (const name of Object.values(METRIC)) assert.ok(names.has(name), `${name} is exposed`);
  });

  test('METRICS_TOKEN: /metrics asks for it as a bearer token; other routes do not', async () => {
    const token = 'scrape-token-0123456789';
    const w = await world({ metricsToken: token });
    const none = await w.get('/metrics');
    assert.equal(none.status, 401);
    assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
    assert.doesNotMatch(none.text, /taskcast_/);
    assert.equal((await w.get('/metrics', { authorization: 'Bearer wrong-token-0123456789' })).status, 401);
    assert.equal((await w.get('/metrics', { authorization: `Basic ${token}` })).status, 401);
    assert.equal((await w.get('/metrics', { authorization: `Bearer ${token}x` })).status, 401);
    const right = await w.get('/metrics', { authorization: `bearer ${token}` });
    assert.equal(right.status, 200);
    assert.match(right.text, /taskcast_http_requests_total/);
    assert.equal((await w.get('/health')).status, 200);
  });

  test('METRICS=off: /metrics is a 404 and nothing is recorded', async () => {
    const w = await world({ metrics: false });
    await w.get('/health');
    const reply = await w.get('/metrics');
    assert.equal(reply.status, 404);
    assert.match(reply.text, /METRICS=off/);
  });
});

describe('group commit metrics', () => {
  test('batch sizes and fdatasync durations of the lowdb journal reach their histograms', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taskcast-metrics-'));
    const metrics = new TaskcastMetrics({ processMetrics: false });
    const container = createContainer({
      storage: 'lowdb',
      dbPath: join(dir, 'tasks.db'),
      jwtSecret: SECRET,
      bcryptCost: 4,
      forecastProvider: false,
      onStoreBatch: (entries, syncMs) => metrics.observeCommit(entries, syncMs),
    });
    try {
      const app = await buildHttpApp(container, { authBudgets: BUDGETS, log: silentLogger, metrics });
      const call = async (method: string, path: string, body?: unknown, token?: string) =>
        app.fetch(
          new Request(`http://taskcast.test${path}`, {
            method,
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
        );
      const signUp = await call('POST', '/api/auth/signup', {
        name: 'Ada',
        email: 'ada@example.com',
        password: 'correct horse',
      });
      const { token } = (await signUp.json()) as { token: string };
      // Eight writes in one turn of the event loop ride on one batch.
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call('POST', '/api/tasks', { title: `t${i}` }, token)),
      );
      assert.deepEqual(
        created.map((r) => r.status),
        Array(8).fill(201),
      );

      const text = await metrics.render();
      const count = Number(/^taskcast_store_commit_batch_entries_count (\d+)$/m.exec(text)?.[1]);
      const sum = Number(/^taskcast_store_commit_batch_entries_sum (\d+)$/m.exec(text)?.[1]);
      assert.equal(sum, 9, 'every write (a sign-up, eight tasks) counted once');
      assert.ok(count >= 2 && count < 9, `the eight concurrent writes were grouped (${count} batches)`);
      assert.match(text, /^taskcast_store_commit_batch_entries_bucket\{le="8"\} \d+$/m);
      assert.equal(
        Number(/^taskcast_store_fdatasync_seconds_count (\d+)$/m.exec(text)?.[1]),
        count,
        'one fdatasync per batch',
      );
      assert.ok(Number(/^taskcast_store_fdatasync_seconds_sum (\S+)$/m.exec(text)?.[1]) > 0);
    } finally {
      await (await container.getAsync<TaskStore>(TOKENS.TaskStore)).close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
