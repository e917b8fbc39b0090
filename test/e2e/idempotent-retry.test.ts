/**
 * A retried create after a crash, through `npm start`: the first POST with an Idempotency-Key is
 * acknowledged, the server is killed with SIGKILL right after the 201, and the client's retry against the
 * restarted server gets the same answer back, marked as replayed, with one task stored.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Api } from './api-client.ts';
import { killLeftovers, makeTempDir, ServerProcess } from './server-process.ts';

after(killLeftovers);

async function post(base: string, token: string, key: string, body: unknown) {
  const res = await fetch(`${base}/api/tasks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text() };
}

test('kill -9 right after the 201, restart, retry: one task and the first answer replayed', async () => {
  const dbPath = join(makeTempDir('idempotent-retry'), 'tasks.db');
  const first = await ServerProcess.start({ dbPath });
  const session = await new Api(first.baseUrl).signUp();
  const created = await post(first.baseUrl, session.token, 'retry-after-crash', { title: 'exactly once' });
  assert.equal(created.status, 201);
  await first.kill9();

  const second = await ServerProcess.start({ dbPath });
  try {
    const retried = await post(second.baseUrl, session.token, 'retry-after-crash', { title: 'exactly once' });
    assert.equal(retried.status, 201, second.output);
    assert.equal(retried.replayed, 'true');
    assert.equal(retried.text, created.text);
    const list = await new Api(second.baseUrl).listTasks(session.token);
    assert.deepEqual(
      list.body.tasks.map((t) => t.title),
      ['exactly once'],
    );
  } finally {
    await second.stop('SIGTERM');
  }
});
