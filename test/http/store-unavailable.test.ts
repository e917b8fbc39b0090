/**
 * A full disk through the task API (app.fetch over the lowdb store, with a fault injected into the journal's
 * file operations): the batch's requests get 503 ServiceUnavailable with Retry-After and the contract's body,
 * a GET in the meantime never sees them, and once the disk accepts writes again they succeed and survive a
 * restart.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openLowdbTaskStore } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { createInMemoryTaskStore } from '../../adapters/persistence/memory/in-memory-task-store.ts';
import { OutcomeUnknown } from '../../domain/shared/outcome-unknown.ts';
import { TOKENS } from '../../bootstrap/composition/tokens.ts';
import { FaultyDisk } from '../support/faulty-disk.ts';
import { httpWorld } from '../support/http.ts';

const root = mkdtempSync(join(tmpdir(), 'taskcast-http-disk-'));
after(() => rmSync(root, { recursive: true, force: true }));

async function worldOn(dbPath: string, disk?: FaultyDisk) {
  const store = await openLowdbTaskStore(dbPath, { journalFileOps: disk });
  const world = await httpWorld({ rebind: (c) => c.rebind(TOKENS.TaskStore).toConstantValue(store) });
  return { ...world, store: store };
}

test('a write the disk refuses is a 503 with Retry-After, never shown, and writes resume once the disk does', async () => {
  const dbPath = join(root, 'tasks.db');
  const disk = new FaultyDisk();
  const world = await worldOn(dbPath, disk);
  const ada = await world.signUp('Ada');
  const kept = await world.createTask(ada.token, { title: 'kept' });

  disk.full = true;
  const posts = Array.from({ length: 5 }, (_, i) =>
    world.call('POST', '/api/tasks', { token: ada.token, body: { title: `refused ${i}` } }),
  );
  const patch = world.call('PATCH', `/api/tasks/${kept.id}`, { token: ada.token, body: { title: 'refused too' } });
  const signUp = world.call('POST', '/api/auth/signup', {
    body: { name: 'Bo', email: 'bo@example.com', password: 'correct horse' },
  });
  const concurrentGet = world.call('GET', '/api/tasks', { token: ada.token });
  const replies = await Promise.all([...posts, patch, signUp]);
  for (const reply of replies) {
    assert.equal(reply.status, 503, reply.text);
    assert.deepEqual(Object.keys(reply.body).sort(), ['error', 'message']);
    assert.equal(reply.body.error, 'ServiceUnavailable');
    assert.match(reply.headers.get('retry-after') ?? '', /^\d+$/);
    assert.match(reply.headers.get('content-type') ?? '', /application\/json/);
  }
  const seen = await concurrentGet;
  assert.deepEqual(
    seen.body.tasks.map((t: { title: string }) => t.title),
    ['kept'],
    'the GET during the failing batch saw none of it',
  );
  const afterwards = await world.call('GET', `/api/tasks/${kept.id}`, { token: ada.token });
  assert.equal(afterwards.body.task.title, 'kept', 'the refused PATCH left no trace');
  assert.equal((await world.call('GET', '/health')).status, 200, 'the server keeps answering');

  disk.full = false;
  const created = await world.call('POST', '/api/tasks', {
    token: ada.token,
    body: { title: 'after the disk came back' },
  });
  assert.equal(created.status, 201, created.text);
  const bo = await world.call('POST', '/api/auth/signup', {
    body: { name: 'Bo', email: 'bo@example.com', password: 'correct horse' },
  });
  assert.equal(bo.status, 201, 'the refused sign-up left its email free');
  await world.store.close();

  const restarted = await worldOn(dbPath);
  const list = await restarted.call('GET', '/api/tasks', { token: ada.token });
  assert.deepEqual(
    list.body.tasks.map((t: { title: string }) => t.title),
    ['after the disk came back', 'kept'],
  );
  await restarted.store.close();
});

test('a write whose outcome the store cannot know is a distinct 503: OutcomeUnknown, with Retry-After', async () => {
  const store = createInMemoryTaskStore();
  let unknown = false;
  const add = store.tasks.add.bind(store.tasks);
  // What the PostgreSQL store throws when the database stopped answering after COMMIT was sent.
  store.tasks.add = async (task, idempotency) => {
    if (!unknown) return add(task, idempotency);
    await add(task, idempotency); // made, as such a commit may well have been
    throw new OutcomeUnknown(2);
  };
  const world = await httpWorld({ rebind: (c) => c.rebind(TOKENS.TaskStore).toConstantValue(store) });
  const ada = await world.signUp('Ada');
  unknown = true;
  const headers = { 'idempotency-key': 'order-42' };
  const first = await world.call('POST', '/api/tasks', { token: ada.token, body: { title: 'Pay rent' }, headers });
  assert.equal(first.status, 503);
  assert.equal(first.body.error, 'OutcomeUnknown');
  assert.match(first.body.message, /may or may not have been made/);
  assert.match(first.body.message, /Idempotency-Key/);
  assert.equal(first.headers.get('retry-after'), '2');
  // What the body tells the client to do: the same request with the same key is done once.
  unknown = false;
  const retry = await world.call('POST', '/api/tasks', { token: ada.token, body: { title: 'Pay rent' }, headers });
  assert.equal(retry.status, 201);
  assert.equal(retry.headers.get('idempotent-replayed'), 'true');
  const list = await world.call('GET', '/api/tasks', { token: ada.token });
  assert.equal(list.body.tasks.length, 1);
});
