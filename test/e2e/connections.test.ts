/**
 * Silent and slow clients through `npm start`: they are closed within the headers deadline, and past the
 * connection cap they make room for new clients instead of locking everyone out.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { until } from '../support/until.ts';
import { Api } from './api-client.ts';
import { killLeftovers, makeTempDir, ServerProcess, sleep } from './server-process.ts';

after(killLeftovers);

function openSocket(port: number): Promise<Socket & { closedAt?: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port }, () => resolve(socket)) as Socket & { closedAt?: number };
    socket.on('error', () => {});
    socket.on('close', () => (socket.closedAt = Date.now()));
    socket.once('error', reject);
  });
}

test('hundreds of silent sockets never lock out /health, and every one is closed within the headers deadline', async () => {
  const server = await ServerProcess.start({
    dbPath: join(makeTempDir('connections'), 'tasks.db'),
    env: { MAX_CONNECTIONS: '100', HEADERS_TIMEOUT_MS: '1500' },
  });
  const api = new Api(server.baseUrl);
  try {
    const opened = Date.now();
    const silent = await Promise.all(Array.from({ length: 300 }, () => openSocket(server.port).catch(() => undefined)));
    // The client sees a socket open once the kernel accepts it; let the server take in the whole burst first,
    // so /health arrives behind 300 silent sockets rather than in the middle of their arrival.
    await sleep(300);
    const started = performance.now();
    const health = await api.request('GET', '/health');
    const ms = performance.now() - started;
    assert.equal(health.status, 200, server.output);
    assert.ok(ms < 1000, `/health took ${ms.toFixed(0)} ms behind 300 silent sockets`);

    // A slow-header client (one header line every 300 ms) is cut at the deadline, not kept alive by trickling.
    const slowOpened = Date.now();
    const slow = await openSocket(server.port);
    slow.write('GET /health HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => {
      if (!slow.destroyed) slow.write(`X-${Date.now()}: a\r\n`);
    }, 300);
    // On, as soon as the server has cut them all (the header deadline is 1.5 s), rather than after a fixed wait.
    await until(
      () => slow.closedAt !== undefined && silent.every((s) => !s || s.closedAt !== undefined),
      'the server to close the slow-header and silent connections',
      5000,
    ).catch(() => {}); // the assertions below say which one stayed open
    clearInterval(trickle);
    assert.ok(slow.closedAt !== undefined, 'the slow-header connection was closed');
    assert.ok(
      slow.closedAt - slowOpened < 3500,
      `the slow-header connection closed after ${slow.closedAt - slowOpened} ms`,
    );
    const stillOpen = silent.filter((s) => s && s.closedAt === undefined).length;
    assert.equal(stillOpen, 0, 'every silent socket was closed');
    const latest = Math.max(...silent.map((s) => s?.closedAt ?? 0));
    assert.ok(latest - opened < 3500, `the last silent socket closed after ${latest - opened} ms`);

    // A real client still works, and keep-alive requests on one connection are not cut between requests.
    const session = await api.signUp();
    for (let i = 0; i < 3; i++) {
      assert.equal((await api.listTasks(session.token)).status, 200);
      await sleep(400);
    }
  } finally {
    await server.stop('SIGTERM');
  }
});
