/**
 * The alert cycle at start-up (issue 21): the server starts generating it once it listens (a worker per
 * core, up to four, taking offices in turn), and keeps what its workers generated, so a later start in the
 * same cycle answers the first /alerts from the cache with the very same bytes.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { killLeftovers, makeTempDir, ServerProcess } from './server-process.ts';

after(killLeftovers);

const SCENARIO = new URL('../fixtures/scenarios/tornado-in-topeka.json', import.meta.url).pathname;
const HEADERS = { 'user-agent': 'taskcast-e2e (alert-cycle-cache.test.ts)' };

async function firstAlerts(
  cacheDir: string,
  env: Record<string, string> = { FORECAST_SCENARIO: SCENARIO },
): Promise<{ body: string; ms: number }> {
  const dir = makeTempDir('alert-cache');
  const server = await ServerProcess.start({
    via: 'node',
    dbPath: join(dir, 'tasks.db'),
    env: { ...env, TASKCAST_CACHE_DIR: cacheDir, STORAGE: 'memory' },
  });
  try {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/alerts?limit=500`, { headers: HEADERS });
    const body = await response.text();
    assert.equal(response.status, 200);
    // Links carry the server's address; each start has its own port.
    return { body: body.replaceAll(server.baseUrl, 'ORIGIN'), ms: performance.now() - started };
  } finally {
    await server.stop();
  }
}

test(
  'a second start in the same cycle answers the first /alerts from the cycle cache, byte for byte',
  { timeout: 120_000 },
  async () => {
    const cacheDir = makeTempDir('cycle-cache');
    const first = await firstAlerts(cacheDir);
    const files = readdirSync(join(cacheDir, 'alert-cycles'));
    assert.equal(files.length, 1, `one cycle kept: ${files.join(', ')}`);
    assert.match(files[0]!, /^[0-9a-f]{32}-\d+\.v8$/);
    const second = await firstAlerts(cacheDir);
    assert.ok(second.body === first.body, 'the same bytes from the cache as generated');
    assert.ok(JSON.parse(second.body).features.length > 0);
    console.log(`# first /alerts: ${first.ms.toFixed(0)} ms generating, ${second.ms.toFixed(0)} ms from the cache`);
  },
);
