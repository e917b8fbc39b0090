/**
 * Safe retries and concurrent edits on the task API: Idempotency-Key on POST /api/tasks, ETag with
 * If-None-Match and If-Match on /api/tasks/{id}, and a weak ETag on the list.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { TaskRepository } from '../../application/tasks/ports.ts';
import type { TaskStore } from '../../adapters/persistence/task-store.ts';
import { openLowdbTaskStore } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { httpWorld, worldWithTask } from '../support/http.ts';

const root = mkdtempSync(join(tmpdir(), 'taskcast-idempotency-'));
after(() => rmSync(root, { recursive: true, force: true }));

const titles = (reply: { body: { tasks: Array<{ title: string }> } }) => reply.body.tasks.map((t) => t.title);

describe('Idempotency-Key on POST /api/tasks', () => {
  test('a repeat with the same key and body gets the first answer again, marked Idempotent-Replayed, and one task exists', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const headers = { 'idempotency-key': 'order-7f3a' };
    const first = await w.call('POST', '/api/tasks', { token, headers, body: { title: 'Pay rent', priority: 'high' } });
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotent-replayed'), null);
    w.clock.advance(5000);
    // Same request, other key order and spacing: still the same request.
    const again = await w.call('POST', '/api/tasks', {
      token,
      headers: { ...headers, 'content-type': 'application/json' },
      raw: '{ "priority": "high",  "title": "Pay rent" }',
    });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.text, first.text, 'byte-identical body');
    assert.deepEqual(titles(await w.call('GET', '/api/tasks', { token })), ['Pay rent']);
  });

  test("the same key with a different body is a 422 naming the mismatch, in the contract's error body", async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const headers = { 'idempotency-key': 'k1' };
    await w.call('POST', '/api/tasks', { token, headers, body: { title: 'one' } });
    const other = await w.call('POST', '/api/tasks', { token, headers, body: { title: 'two' } });
    assert.equal(other.status, 422);
    assert.deepEqual(Object.keys(other.body).sort(), ['error', 'message']);
    assert.equal(other.body.error, 'IdempotencyKeyMismatch');
    assert.match(other.body.message, /different request/);
    assert.deepEqual(titles(await w.call('GET', '/api/tasks', { token })), ['one']);
  });

  test('keys are scoped to the user', async () => {
    const w = await httpWorld();
    const ada = await w.signUp('Ada');
    const bob = await w.signUp('Bob');
    const headers = { 'idempotency-key': 'same-key' };
    assert.equal(
      (await w.call('POST', '/api/tasks', { token: ada.token, headers, body: { title: 'a' } })).headers.get(
        'idempotent-replayed',
      ),
      null,
    );
    const bobs = await w.call('POST', '/api/tasks', { token: bob.token, headers, body: { title: 'a' } });
    assert.equal(bobs.headers.get('idempotent-replayed'), null);
    assert.equal((await w.call('GET', '/api/tasks', { token: bob.token })).body.count, 1);
  });

  test('keys are kept 24 hours: a repeat just before is replayed, one after creates anew', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const send = () =>
      w.call('POST', '/api/tasks', { token, headers: { 'idempotency-key': 'daily' }, body: { title: 'standup' } });
    await send();
    w.clock.advance(24 * 3600 * 1000 - 1000);
    assert.equal((await send()).headers.get('idempotent-replayed'), 'true');
    w.clock.advance(2000);
    const fresh = await send();
    assert.equal(fresh.status, 201);
    assert.equal(fresh.headers.get('idempotent-replayed'), null);
    assert.equal((await w.call('GET', '/api/tasks', { token })).body.count, 2);
  });

  test('a key must be 1 to 255 visible ASCII characters', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    for (const key of ['', 'a'.repeat(256), 'has space', 'clé']) {
      const reply = await w.call('POST', '/api/tasks', {
        token,
        headers: { 'idempotency-key': key },
        body: { title: 't' },
      });
      assert.equal(reply.status, 400, JSON.stringify(key));
      assert.equal(reply.body.error, 'ValidationError');
      assert.equal(reply.body.details[0].path, 'Idempotency-Key');
    }
    assert.equal(
      (
        await w.call('POST', '/api/tasks', {
          token,
          headers: { 'idempotency-key': 'a'.repeat(255) },
          body: { title: 't' },
        })
      ).status,
      201,
    );
  });

  test('a repeat while the first is still in flight is a 409 with Retry-After; afterwards it is replayed', async () => {
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = (): void => {};
    const inFlight = new Promise<void>((resolve) => (entered = resolve));
    const w = await httpWorld({
      rebind: (c) => {
        c.rebind(TOKENS.TaskRepository).toResolvedValue(
          (store: TaskStore): TaskRepository => {
            const real = store.tasks;
            return {
              findOwned: real.findOwned.bind(real),
              listOwned: real.listOwned.bind(real),
              pageOwned: real.pageOwned.bind(real),
              updateOwned: real.updateOwned.bind(real),
              removeOwned: real.removeOwned.bind(real),
              findIdempotencyRecord: real.findIdempotencyRecord.bind(real),
              add: async (task, record) => {
                entered();
                await gate;
                return real.add(task, record);
              },
            };
          },
          [TOKENS.TaskStore],
        );
      },
    });
    const { token } = await w.signUp();
    const headers = { 'idempotency-key': 'slow' };
    const first = w.call('POST', '/api/tasks', { token, headers, body: { title: 'slow' } });
    await inFlight; // the first request is at the store, holding its key
    const during = await w.call('POST', '/api/tasks', { token, headers, body: { title: 'slow' } });
    assert.equal(during.status, 409);
    assert.equal(during.body.error, 'IdempotencyKeyInFlight');
    assert.ok(Number(during.headers.get('retry-after')) >= 1);
    release();
    assert.equal((await first).status, 201);
    assert.equal(
      (await w.call('POST', '/api/tasks', { token, headers, body: { title: 'slow' } })).headers.get(
        'idempotent-replayed',
      ),
      'true',
    );
  });

  test('20 parallel POSTs with one key make exactly one task', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        w.call('POST', '/api/tasks', { token, headers: { 'idempotency-key': 'burst' }, body: { title: 'once' } }),
      ),
    );
    assert.ok(
      replies.every((r) => r.status === 201 || r.status === 409),
      replies.map((r) => r.status).join(','),
    );
    assert.equal(replies.filter((r) => r.status === 201 && r.headers.get('idempotent-replayed') === null).length, 1);
    assert.equal((await w.call('GET', '/api/tasks', { token })).body.count, 1);
  });

  test('the key is stored with the task: after a restart of the lowdb store the repeat is still replayed', async () => {
    const dbPath = join(root, 'restart.db');
    const open = async () => {
      const store = await openLowdbTaskStore(dbPath);
      return { store, w: await httpWorld({ rebind: (c) => c.rebind(TOKENS.TaskStore).toConstantValue(store) }) };
    };
    const one = await open();
    const { token } = await one.w.signUp();
    const headers = { 'idempotency-key': 'survives' };
    const first = await one.w.call('POST', '/api/tasks', { token, headers, body: { title: 'durable' } });
    await one.store.close();
    const two = await open();
    const again = await two.w.call('POST', '/api/tasks', { token, headers, body: { title: 'durable' } });
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.text, first.text);
    assert.equal((await two.w.call('GET', '/api/tasks', { token })).body.count, 1);
    await two.store.close();
  });
});

describe('ETag and conditional requests', () => {
  test('GET a task: a strong ETag that changes with the task; If-None-Match gives 304', async () => {
    const { w, token, task } = await worldWithTask();
    const read = await w.call('GET', `/api/tasks/${task.id}`, { token });
    const etag = read.headers.get('etag') ?? '';
    assert.match(etag, /^"[^"]+"$/, 'strong');
    const cached = await w.call('GET', `/api/tasks/${task.id}`, { token, headers: { 'if-none-match': etag } });
    assert.equal(cached.status, 304);
    assert.equal(cached.text, '');
    assert.equal(cached.headers.get('etag'), etag);
    const patched = await w.call('PATCH', `/api/tasks/${task.id}`, { token, body: { status: 'completed' } });
    assert.notEqual(patched.headers.get('etag'), etag);
    assert.equal(
      (await w.call('GET', `/api/tasks/${task.id}`, { token, headers: { 'if-none-match': etag } })).status,
      200,
    );
  });

  test('PATCH and DELETE with If-Match: 412 with the current ETag once the task has changed; * and the current tag pass', async () => {
    const { w, token, task } = await worldWithTask();
    const v1 = (await w.call('GET', `/api/tasks/${task.id}`, { token })).headers.get('etag')!;
    const ok = await w.call('PATCH', `/api/tasks/${task.id}`, {
      token,
      headers: { 'if-match': v1 },
      body: { title: 'u' },
    });
    assert.equal(ok.status, 200);
    const v2 = ok.headers.get('etag')!;
    const stale = await w.call('PATCH', `/api/tasks/${task.id}`, {
      token,
      headers: { 'if-match': v1 },
      body: { title: 'lost update' },
    });
    assert.equal(stale.status, 412);
    assert.equal(stale.body.error, 'PreconditionFailed');
    assert.equal(stale.headers.get('etag'), v2);
    assert.equal(
      (await w.call('GET', `/api/tasks/${task.id}`, { token })).body.task.title,
      'u',
      'the stale PATCH changed nothing',
    );
    assert.equal(
      (
        await w.call('PATCH', `/api/tasks/${task.id}`, {
          token,
          headers: { 'if-match': `W/${v2}` },
          body: { title: 'x' },
        })
      ).status,
      412,
      'a weak tag never matches If-Match',
    );
    assert.equal((await w.call('DELETE', `/api/tasks/${task.id}`, { token, headers: { 'if-match': v1 } })).status, 412);
    assert.equal(
      (await w.call('PATCH', `/api/tasks/${task.id}`, { token, headers: { 'if-match': '*' }, body: { title: 'any' } }))
        .status,
      200,
    );
    const v3 = (await w.call('GET', `/api/tasks/${task.id}`, { token })).headers.get('etag')!;
    assert.equal(
      (await w.call('DELETE', `/api/tasks/${task.id}`, { token, headers: { 'if-match': `"nope", ${v3}` } })).status,
      200,
    );
  });

  test('20 parallel PATCHes with the same If-Match: exactly one 200', async () => {
    const { w, token, task } = await worldWithTask();
    const etag = (await w.call('GET', `/api/tasks/${task.id}`, { token })).headers.get('etag')!;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.call('PATCH', `/api/tasks/${task.id}`, {
          token,
          headers: { 'if-match': etag },
          body: { title: `edit ${i}` },
        }),
      ),
    );
    assert.deepEqual(replies.map((r) => r.status).sort(), [200, ...Array(19).fill(412)]);
  });

  test('without If-Match, PATCH and DELETE behave as the spec says', async () => {
    const { w, token, task } = await worldWithTask();
    assert.equal((await w.call('PATCH', `/api/tasks/${task.id}`, { token, body: { title: 'u' } })).status, 200);
    assert.equal((await w.call('DELETE', `/api/tasks/${task.id}`, { token })).status, 200);
  });

  test('GET /api/tasks: a weak ETag for the list; 304 until something in it changes', async () => {
    const w = await httpWorld();
    const { token } = await w.signUp();
    await w.createTask(token, { title: 'a' });
    const list = await w.call('GET', '/api/tasks', { token });
    const etag = list.headers.get('etag') ?? '';
    assert.match(etag, /^W\/"[^"]+"$/);
    assert.equal((await w.call('GET', '/api/tasks', { token, headers: { 'if-none-match': etag } })).status, 304);
    await w.createTask(token, { title: 'b' });
    const changed = await w.call('GET', '/api/tasks', { token, headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.count, 2);
  });
});
