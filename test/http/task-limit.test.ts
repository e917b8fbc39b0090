/**
 * MAX_TASKS_PER_USER through the HTTP API: a create past the limit is a 409 TaskLimitReached naming it, and
 * nothing is stored; a delete makes room; a stored keyed create repeated at the limit is answered as before;
 * concurrent creates never go past it, on the memory store and on lowdb's group commit.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { openLowdbTaskStore } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { httpWorld } from '../support/http.ts';

const root = mkdtempSync(join(tmpdir(), 'taskcast-task-limit-'));
after(() => rmSync(root, { recursive: true, force: true }));

const REFUSED = {
  error: 'TaskLimitReached',
  message: 'This account already holds 3 tasks, the most one account may hold; delete a task to create another.',
};

describe('MAX_TASKS_PER_USER on POST /api/tasks', () => {
  test('the create past the limit is a 409 naming it, and stores nothing; a delete makes room again', async () => {
    const w = await httpWorld({ maxTasksPerUser: 3 });
    const ada = await w.signUp('Ada');
    const bob = await w.signUp('Bob');
    const kept = [];
    for (let i = 0; i < 3; i++) kept.push(await w.createTask(ada.token, { title: `t${i}` }));

    const refused = await w.call('POST', '/api/tasks', { token: ada.token, body: { title: 'one too many' } });
    assert.equal(refused.status, 409);
    assert.equal(refused.headers.get('content-type'), 'application/json');
    assert.equal(refused.headers.get('retry-after'), null, 'waiting does not help; deleting does');
    assert.deepEqual(refused.body, REFUSED);
    const keyed = await w.call('POST', '/api/tasks', {
      token: ada.token,
      headers: { 'idempotency-key': 'new-at-limit' },
      body: { title: 'one too many' },
    });
    assert.equal(keyed.status, 409);
    assert.deepEqual(keyed.body, REFUSED);
    assert.equal((await w.call('GET', '/api/tasks', { token: ada.token })).body.count, 3);

    assert.equal(
      (await w.call('POST', '/api/tasks', { token: bob.token, body: { title: 'b' } })).status,
      201,
      'per account',
    );

    assert.equal((await w.call('DELETE', `/api/tasks/${kept[0].id}`, { token: ada.token })).status, 200);
    const retried = await w.call('POST', '/api/tasks', {
      token: ada.token,
      headers: { 'idempotency-key': 'new-at-limit' },
      body: { title: 'one too many' },
    });
    assert.equal(retried.status, 201, 'the refused key was not kept: its repeat is created once there is room');
    assert.equal(retried.headers.get('idempotent-replayed'), null);
    assert.equal((await w.call('POST', '/api/tasks', { token: ada.token, body: { title: 'again' } })).status, 409);
  });

  test('a stored keyed create repeated at the limit gets its first answer again, not a 409', async () => {
    const w = await httpWorld({ maxTasksPerUser: 2 });
    const { token } = await w.signUp();
    const headers = { 'idempotency-key': 'order-1' };
    const first = await w.call('POST', '/api/tasks', { token, headers, body: { title: 'Pay rent' } });
    assert.equal(first.status, 201);
    await w.createTask(token, { title: 'fills the account' });
    const again = await w.call('POST', '/api/tasks', { token, headers, body: { title: 'Pay rent' } });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.text, first.text);
    const mismatch = await w.call('POST', '/api/tasks', { token, headers, body: { title: 'Other' } });
    assert.equal(mismatch.status, 422, 'the key is still judged as before');
  });

  test('0 means no limit', async () => {
    const w = await httpWorld({ maxTasksPerUser: 0 });
    const { token } = await w.signUp();
    for (let i = 0; i < 12; i++) await w.createTask(token, { title: `t${i}` });
    assert.equal((await w.call('GET', '/api/tasks', { token })).body.count, 12);
  });

  for (const storage of ['memory', 'lowdb'] as const) {
    test(`20 concurrent creates with a limit of 5 store exactly 5 (${storage})`, async () => {
      const store = storage === 'lowdb' ? await openLowdbTaskStore(join(root, 'race', 'tasks.db')) : undefined;
      try {
        const w = await httpWorld({
          maxTasksPerUser: 5,
          rebind: store && ((c) => c.rebind(TOKENS.TaskStore).toConstantValue(store)),
        });
        const { token } = await w.signUp();
        const replies = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            w.call('POST', '/api/tasks', {
              token,
              body: { title: `racer ${i}` },
              ...(i % 2 ? { headers: { 'idempotency-key': `race-${i}` } } : {}),
            }),
          ),
        );
        const statuses = replies.map((r) => r.status);
        assert.equal(statuses.filter((s) => s === 201).length, 5, statuses.join());
        assert.equal(statuses.filter((s) => s === 409).length, 15, statuses.join());
        assert.equal((await w.call('GET', '/api/tasks', { token })).body.count, 5);
      } finally {
        await store?.close();
      }
    });
  }
});
