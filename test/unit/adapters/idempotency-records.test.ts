/**
 * How Idempotency-Key records are kept on disk by the lowdb store: a keyed create's journal line holds its
 * task once (the record names the line's task), a snapshot names an unchanged task by id and keeps a changed
 * one whole, and files written by earlier versions (the record repeating its task) still read the same.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { requestFingerprint } from '../../../adapters/http/tasks/conditional.ts';
import { createInMemoryTaskStore } from '../../../adapters/persistence/memory/in-memory-task-store.ts';
import { CreateTask } from '../../../application/tasks/create-task.ts';
import { IdempotencyKeyMismatch } from '../../../domain/tasks/errors.ts';
import { createFingerprint, isSameCreate } from '../../../domain/tasks/idempotency.ts';
import type { NewTaskFields } from '../../../domain/tasks/task.ts';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { checkChange, journalLine } from '../../../adapters/persistence/lowdb/store-records.ts';
import type { IdempotencyRecord } from '../../../domain/tasks/idempotency.ts';
import type { Task } from '../../../domain/tasks/task.ts';
import { FIXTURE_STAMP, numberedTask, scratchStorePaths } from '../../support/task-fixtures.ts';

const freshPath = scratchStorePaths('taskcast-keys-');

const user = { id: '00000000-0000-4000-8000-000000000001', name: 'Ada', email: 'ada@example.com', passwordHash: 'h' };
const task = (i: number, title = `t${i}`, updated = FIXTURE_STAMP): Task =>
  numberedTask(i, user.id, title, { updated_at: updated });
const keyed = (t: Task, key: string): IdempotencyRecord => ({
  userId: user.id,
  key,
  fingerprint: `fp-${key}`,
  task: t,
  createdAtMs: Date.now(),
});

describe('Idempotency-Key records on disk', () => {
  test('a keyed create is one journal line with its task once; read back, the record holds that very task', () => {
    const t = task(1);
    const record = keyed(t, 'retry-me');
    const line = journalLine({ kind: 'task', task: t, idempotency: record });
    assert.equal(line.split(JSON.stringify(t)).length - 1, 1, 'the task is written once');
    assert.ok(line.length < JSON.stringify({ kind: 'task', task: t, idempotency: record }).length * 0.75, line);
    const back = checkChange(JSON.parse(line));
    assert.ok(back.ok);
    assert.ok(back.value.kind === 'task' && back.value.idempotency !== undefined);
    assert.deepEqual(back.value.idempotency, record);
    assert.equal(back.value.idempotency.task, back.value.task, 'one object, as when it was stored');
  });

  test('a journal line of an earlier version (the record with its task and user) reads the same', () => {
    const t = task(1);
    const record = keyed(t, 'old-line');
    const back = checkChange(JSON.parse(JSON.stringify({ kind: 'task', task: t, idempotency: record })));
    assert.ok(back.ok && back.value.kind === 'task');
    assert.deepEqual(back.value.idempotency, record);
  });

  test('a snapshot names an unchanged task by id and keeps a changed or deleted one whole; both read back as first answered', async () => {
    const path = freshPath();
    let store = await openLowdbTaskStore(path);
    await store.users.addIfEmailFree(user);
    const records = [1, 2, 3].map((i) => keyed(task(i), `k${i}`));
    for (const r of records) assert.equal(await store.tasks.add(r.task, r), 'added');
    await store.tasks.updateOwned(user.id, task(2).id, (current) => ({
      ...current,
      title: 'renamed',
      updated_at: '2026-03-01 12:00:01',
    }));
    await store.tasks.removeOwned(user.id, task(3).id);
    await store.close();

    const onDisk = JSON.parse(readFileSync(path, 'utf8')) as { idempotency: Array<Record<string, unknown>> };
    const byKey = new Map(onDisk.idempotency.map((r) => [r['key'], r]));
    assert.equal(byKey.get('k1')?.['taskId'], task(1).id);
    assert.equal(byKey.get('k1')?.['task'], undefined, 'an unchanged task is not repeated');
    assert.equal(byKey.get('k1')?.['userId'], undefined, 'nor its owner, whom the task names');
    assert.equal(byKey.get('k2')?.['userId'], user.id, 'a record with its task whole keeps its user');
    assert.deepEqual(byKey.get('k2')?.['task'], task(2), 'a changed task is kept as first answered');
    assert.deepEqual(byKey.get('k3')?.['task'], task(3), 'a deleted task too');

    store = await openLowdbTaskStore(path);
    for (const r of records) assert.deepEqual(await store.tasks.findIdempotencyRecord(user.id, r.key), r);
    await store.close();
    // Written again from what was read: still by id where the task is unchanged.
    const again = JSON.parse(readFileSync(path, 'utf8')) as { idempotency: Array<Record<string, unknown>> };
    assert.equal(again.idempotency.find((r) => r['key'] === 'k1')?.['taskId'], task(1).id);
  });

  test("a by-id record of an earlier version (with its user) and one whose user is not the task's read back as written", async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    const other = '00000000-0000-4000-8000-000000000002';
    writeFileSync(
      path,
      JSON.stringify({
        format: 'taskcast-tasks/1',
        users: [user],
        tasks: [task(1), task(2)],
        idempotency: [
          { userId: user.id, key: 'old', fingerprint: 'f', createdAtMs: Date.now(), taskId: task(1).id },
          { userId: other, key: 'foreign', fingerprint: 'f', createdAtMs: Date.now(), taskId: task(2).id },
        ],
      }),
    );
    const store = await openLowdbTaskStore(path);
    assert.equal((await store.tasks.findIdempotencyRecord(user.id, 'old'))?.task.id, task(1).id);
    assert.equal((await store.tasks.findIdempotencyRecord(other, 'foreign'))?.task.id, task(2).id);
    assert.equal(await store.tasks.findIdempotencyRecord(user.id, 'foreign'), undefined);
    await store.close();
    const written = JSON.parse(readFileSync(path, 'utf8')) as { idempotency: Array<Record<string, unknown>> };
    assert.equal(
      written.idempotency.find((r) => r['key'] === 'foreign')?.['userId'],
      other,
      'a user that is not the owner is kept',
    );
  });

  test('a snapshot whose record names a task it does not hold stops start-up, naming the record', async () => {
    const path = freshPath();
    await (await openLowdbTaskStore(path)).close();
    writeFileSync(
      path,
      JSON.stringify({
        format: 'taskcast-tasks/1',
        users: [user],
        tasks: [task(1)],
        idempotency: [{ userId: user.id, key: 'k', fingerprint: 'f', createdAtMs: 1, taskId: task(9).id }],
      }),
    );
    await assert.rejects(openLowdbTaskStore(path), /idempotency\.0\.taskId: names no task in the store/);
  });
});

describe('telling a repeat from a different request', () => {
  const created = (fields: NewTaskFields): IdempotencyRecord => ({
    userId: user.id,
    key: 'k',
    fingerprint: createFingerprint(fields),
    createdAtMs: 0,
    task: {
      ...task(1),
      title: fields.title,
      description: fields.description ?? null,
      status: fields.status ?? 'pending',
      priority: fields.priority ?? 'medium',
      due_date: fields.due_date ?? null,
    },
  });
  const body = fc.record(
    {
      title: fc.constantFrom('a', 'b'),
      description: fc.option(fc.constantFrom('x', 'y', null), { nil: undefined }),
      status: fc.option(fc.constantFrom('pending', 'completed'), { nil: undefined }),
      priority: fc.option(fc.constantFrom('low', 'medium'), { nil: undefined }),
      due_date: fc.option(fc.constantFrom('2030-01-15', null), { nil: undefined }),
    },
    { requiredKeys: ['title'] },
  ) as fc.Arbitrary<NewTaskFields>;
  const defined = (b: NewTaskFields) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== undefined));

  test('the same request is recognised, in any key order; any other is not, exactly as the digest of earlier versions tells them apart', () => {
    fc.assert(
      fc.property(body, body, (first, second) => {
        const record = created(first);
        const reordered = Object.fromEntries(Object.entries(first).reverse()) as unknown as NewTaskFields;
        assert.equal(isSameCreate(record, reordered), true);
        assert.equal(
          isSameCreate(record, second),
          requestFingerprint(defined(first)) === requestFingerprint(defined(second)),
          JSON.stringify([first, second]),
        );
      }),
      { numRuns: 2000 },
    );
    assert.equal(
      isSameCreate(created({ title: 'a' }), { title: 'a', description: null }),
      false,
      'naming a default is another request',
    );
    assert.equal(isSameCreate(created({ title: 'a', priority: 'medium' }), { title: 'a' }), false);
  });

  test("a key stored by an earlier version (a digest) is matched through the adapter's digest, and nothing else", async () => {
    const store = createInMemoryTaskStore();
    await store.users.addIfEmailFree(user);
    const first = { title: 'Pay rent', priority: 'high' } as const;
    const old: IdempotencyRecord = {
      userId: user.id,
      key: 'before-upgrade',
      fingerprint: requestFingerprint(first),
      task: { ...task(7), title: first.title, priority: 'high' },
      createdAtMs: Date.now(),
    };
    assert.equal(await store.tasks.add(old.task, old), 'added');
    assert.equal(isSameCreate(old, first), undefined, 'a digest is not a fields fingerprint');
    let n = 0;
    const create = new CreateTask(
      store.tasks,
      { newId: () => `20000000-0000-4000-8000-${String(++n).padStart(12, '0')}` },
      { now: () => new Date() },
    );
    const again = { priority: 'high', title: 'Pay rent' } as const;
    const replayed = await create.executeOnce(user.id, again, {
      key: 'before-upgrade',
      legacyFingerprint: () => requestFingerprint(again),
    });
    assert.deepEqual(replayed, { task: old.task, replayed: true });
    const other = { title: 'Pay rent' };
    await assert.rejects(
      create.executeOnce(user.id, other, { key: 'before-upgrade', legacyFingerprint: () => requestFingerprint(other) }),
      IdempotencyKeyMismatch,
    );
    await assert.rejects(
      create.executeOnce(user.id, again, { key: 'before-upgrade' }),
      IdempotencyKeyMismatch,
      "without the adapter's digest, an old record matches nothing",
    );
    assert.equal((await store.tasks.listOwned(user.id, {})).length, 1, 'nothing else was created');
  });
});

describe('the digest of earlier versions', () => {
  // The digest of JSON.stringify(sorted [key, value] pairs): what earlier versions stored, so a key kept
  // across an upgrade still recognises its repeat.
  const reference = (body: Record<string, unknown>) =>
    createHash('sha256')
      .update(
        JSON.stringify(
          Object.keys(body)
            .sort()
            .map((k) => [k, body[k]]),
        ),
      )
      .digest('base64url');

  test('is the digest earlier versions stored, for any body of strings and nulls', () => {
    const value = fc.oneof(fc.string(), fc.constant(null), fc.string({ unit: 'grapheme' }));
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), value, { maxKeys: 6 }), (body) => {
        assert.equal(requestFingerprint(body), reference(body));
      }),
      { numRuns: 500 },
    );
  });

  test('ignores key order, and tells bodies apart', () => {
    assert.equal(
      requestFingerprint({ title: 'a', priority: 'high' }),
      requestFingerprint({ priority: 'high', title: 'a' }),
    );
    assert.notEqual(requestFingerprint({ title: 'a' }), requestFingerprint({ title: 'a', description: null }));
    assert.notEqual(requestFingerprint({ title: 'a' }), requestFingerprint({ title: 'b' }));
  });
});
