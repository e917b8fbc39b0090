/**
 * The forecast service through the real server: served from the same process and port as the task API, with
 * the embedded provider by default, and answering its first /points request soon after start.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { killLeftovers, makeTempDir, ServerProcess } from './server-process.ts';

after(killLeftovers);

test('npm start serves /points and a forecast from the embedded provider beside /health', async () => {
  const started = Date.now();
  const server = await ServerProcess.start({ dbPath: join(makeTempDir('forecast'), 'tasks.db') });
  try {
    const headers = { 'user-agent': 'taskcast-e2e (tests@example.com)' };
    const point = await fetch(`${server.baseUrl}/points/39.7456,-97.0892`, { headers });
    const firstAnswerMs = Date.now() - started;
    assert.equal(point.status, 200);
    assert.equal(point.headers.get('content-type'), 'application/geo+json');
    const body = (await point.json()) as {
      properties: { gridId: string; gridX: number; gridY: number; forecast: string };
    };
    assert.deepEqual([body.properties.gridId, body.properties.gridX, body.properties.gridY], ['TOP', 32, 81]);
    assert.ok(body.properties.forecast.startsWith(server.baseUrl), body.properties.forecast);

    const forecast = await fetch(body.properties.forecast, { headers });
    assert.equal(forecast.status, 200);
    assert.equal(((await forecast.json()) as { properties: { periods: unknown[] } }).properties.periods.length, 14);

    const health = await fetch(`${server.baseUrl}/health`);
    assert.equal(health.status, 200);
    // Generous bound for a loaded CI machine; `npm run bench -- forecast` measures the real figure.
    assert.ok(firstAnswerMs < 10_000, `first /points answer after ${firstAnswerMs} ms`);
  } finally {
    const stopped = await server.stop('SIGTERM');
    assert.equal(stopped.code, 0);
  }
});
