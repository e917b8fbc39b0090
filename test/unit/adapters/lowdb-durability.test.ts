/**
 * The lowdb store through a faulty disk (the journal's file-operation seam): a change is visible only once
 * durable; a batch the disk refuses is undone (file cut back, nothing visible, ServiceUnavailable) and the
 * store takes writes again as soon as the disk does; check-and-set stays atomic across all of it.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { createInMemoryTaskStore } from '../../../adapters/persistence/memory/in-memory-task-store.ts';
import { ServiceUnavailable } from '../../../domain/shared/service-unavailable.ts';
import { FaultyDisk } from '../../support/faulty-disk.ts';
import { journalRecords } from '../../support/journal-records.ts';
import {
  numberedTask as task,
  numberedUser as user,
  scratchStorePaths,
  lowdbStoreWithUser,
} from '../../support/task-fixtures.ts';

const freshPath = scratchStorePaths('taskcast-durability-');
const turn = () => new Promise((r) => setImmediate(r));

describe('lowdb store on a faulty disk', () => {
  test('a write is invisible to readers until its fdatasync is done', async () => {
    const disk = new FaultyDisk();
    const store = await openLowdbTaskStore(freshPath(), { journalFileOps: disk });
    const u = user(1);
    await store.users.addIfEmailFree(u);

    const release = disk.holdSyncs();
    const adding = store.tasks.add(task(1, u.id));
    const updating = store.tasks.updateOwned(u.id, task(1, u.id).id, (t) => t); // waits for the add: not there yet
    await turn();
    await turn();
    assert.ok(disk.writes >= 2, 'the batch was written, its sync is held');
    assert.deepEqual(await store.tasks.listOwned(u.id, {}), [], 'a list in the commit window does not see it');
    assert.equal(await store.tasks.findOwned(u.id, task(1, u.id).id), undefined, 'nor does a get');
    assert.equal(await store.users.findByEmail('u2@x.io'), undefined);
    release();
    await adding;
    assert.equal((await store.tasks.listOwned(u.id, {})).length, 1, 'visible once durable');
    assert.equal(await updating, undefined, 'the update had decided before the add was durable');
    await store.close();
  });

  test('a failed batch answers ServiceUnavailable, is cut out of the journal and undone; writes resume with the disk', async () => {
    const path = freshPath();
    const disk = new FaultyDisk();
    const logs: string[] = [];
    const store = await openLowdbTaskStore(path, {
      journalFileOps: disk,
      retryAfterSeconds: 3,
      log: (m) => logs.push(m),
    });
    const u = user(1);
    await store.users.addIfEmailFree(u);
    await store.tasks.add(task(1, u.id, 'before'));
    const good = journalRecords(`${path}.journal`);

    disk.full = true;
    const failing = [
      store.tasks.add(task(2, u.id)),
      store.tasks.updateOwned(u.id, task(1, u.id).id, (t) => ({ ...t, title: 'lost' })),
      store.users.addIfEmailFree(user(2)),
    ];
    const outcomes = await Promise.allSettled(failing);
    for (const outcome of outcomes) {
      assert.equal(outcome.status, 'rejected');
      assert.ok(outcome.reason instanceof ServiceUnavailable, String(outcome.reason));
      assert.equal(outcome.reason.code, 'ServiceUnavailable');
      assert.equal(outcome.reason.retryAfterSeconds, 3);
    }
    assert.equal(journalRecords(`${path}.journal`), good, 'the half-written batch was cut off');
    const rest = readFileSync(`${path}.journal`).subarray(Buffer.byteLength(good));
    assert.ok(
      rest.every((byte) => byte === 0),
      'nothing of it is left further on either (zeros over it)',
    );
    assert.deepEqual(
      (await store.tasks.listOwned(u.id, {})).map((t) => t.title),
      ['before'],
      'nothing of the batch is visible',
    );
    assert.equal(await store.users.findByEmail('u2@x.io'), undefined);
    assert.equal(logs.filter((m) => /refused and undone/.test(m)).length, 1, logs.join('\n'));

    // Still full: refused again, but reported once per interval, not once per batch.
    await assert.rejects(store.tasks.add(task(3, u.id)), ServiceUnavailable);
    assert.equal(logs.filter((m) => /refused and undone/.test(m)).length, 1, logs.join('\n'));

    disk.full = false;
    await store.tasks.add(task(4, u.id, 'after'));
    assert.equal(await store.users.addIfEmailFree(user(2)), true, 'the email of the undone sign-up is free');
    assert.ok(
      logs.some((m) => /succeed again/.test(m)),
      logs.join('\n'),
    );
    await store.close();

    const again = await openLowdbTaskStore(path);
    assert.deepEqual(
      (await again.tasks.listOwned(u.id, {})).map((t) => t.title),
      ['after', 'before'],
    );
    assert.equal((await again.users.findByEmail('u2@x.io'))?.id, user(2).id);
    await again.close();
  });

  test('when the cut-back itself fails, nothing is written until it succeeds', async () => {
    const path = freshPath();
    const disk = new FaultyDisk();
    const { store, u } = await lowdbStoreWithUser(path, { journalFileOps: disk });
    const good = journalRecords(`${path}.journal`);
    disk.full = true;
    disk.failingTruncates = 2; // the cut-back after the failure, and the retry before the next batch
    await assert.rejects(store.tasks.add(task(1, u.id)), ServiceUnavailable);
    disk.full = false;
    await assert.rejects(store.tasks.add(task(2, u.id)), ServiceUnavailable, 'the torn tail is still there: refuse');
    await store.tasks.add(task(3, u.id, 'kept'));
    const records = journalRecords(`${path}.journal`);
    assert.ok(records.startsWith(good) && records.length > good.length);
    const lines = records.split('\n').filter(Boolean);
    for (const line of lines) JSON.parse(line); // no torn line in the middle
    await store.close();
    const again = await openLowdbTaskStore(path);
    assert.deepEqual(
      (await again.tasks.listOwned(u.id, {})).map((t) => t.title),
      ['kept'],
    );
    await again.close();
  });

  for (const [name, open] of [
    ['lowdb', () => openLowdbTaskStore(freshPath())],
    ['memory', async () => createInMemoryTaskStore()],
  ] as const) {
    test(`${name}: check-and-set stays atomic: one of two sign-ups with one email, and read-modify-writes compose`, async () => {
      const store = await open();
      const results = await Promise.all([
        store.users.addIfEmailFree(user(1, 'same@x.io')),
        store.users.addIfEmailFree(user(2, 'same@x.io')),
      ]);
      assert.deepEqual(results.sort(), [false, true]);
      const u = user(3);
      await store.users.addIfEmailFree(u);
      await store.tasks.add(task(1, u.id, ''));
      await Promise.all(
        ['a', 'b', 'c', 'd'].map((letter) =>
          store.tasks.updateOwned(u.id, task(1, u.id).id, (t) => ({ ...t, title: t.title + letter })),
        ),
      );
      assert.equal(
        (await store.tasks.findOwned(u.id, task(1, u.id).id))?.title,
        'abcd',
        'every update saw the one before',
      );
      const removed = await Promise.all([
        store.tasks.removeOwned(u.id, task(1, u.id).id),
        store.tasks.removeOwned(u.id, task(1, u.id).id),
      ]);
      assert.deepEqual(removed, [true, false]);
      await store.close();
    });
  }

  test('an Idempotency-Key: an add waiting on the key gets it when the first fails, and takes it from anyone after', async () => {
    const disk = new FaultyDisk();
    const store = await openLowdbTaskStore(freshPath(), { journalFileOps: disk });
    const u = user(1);
    await store.users.addIfEmailFree(u);
    const keyed = (i: number) => {
      const t = task(i, u.id);
      return [
        t,
        {
          userId: u.id,
          key: 'same-key',
          fingerprint: `fp${i}`,
          task: t,
          createdAtMs: Date.parse('2026-03-01T12:00:00Z'),
        },
      ] as const;
    };
    disk.full = true;
    const first = store.tasks.add(...keyed(1));
    const second = store.tasks.add(...keyed(2)); // waits for the first to settle, then decides
    await assert.rejects(first, ServiceUnavailable);
    disk.full = false;
    const release = disk.holdSyncs();
    await turn();
    await turn();
    const third = store.tasks.add(...keyed(3)); // the second is written, its sync held: the third must wait
    await turn();
    assert.equal(
      await store.tasks.findIdempotencyRecord(u.id, 'same-key'),
      undefined,
      'nothing visible before it is durable',
    );
    release();
    assert.equal(await second, 'added');
    assert.equal(await third, 'key-taken');
    assert.equal((await store.tasks.findIdempotencyRecord(u.id, 'same-key'))?.task.id, task(2, u.id).id);
    assert.deepEqual(
      (await store.tasks.listOwned(u.id, {})).map((t) => t.id),
      [task(2, u.id).id],
    );
    await store.close();
  });

  test('a sign-up waiting on an email whose first sign-up fails gets the email', async () => {
    const disk = new FaultyDisk();
    const store = await openLowdbTaskStore(freshPath(), { journalFileOps: disk });
    disk.full = true;
    const first = store.users.addIfEmailFree(user(1, 'same@x.io'));
    const second = store.users.addIfEmailFree(user(2, 'same@x.io'));
    await assert.rejects(first, ServiceUnavailable);
    disk.full = false;
    assert.equal(await second, true);
    assert.equal((await store.users.findByEmail('same@x.io'))?.id, user(2).id);
    await store.close();
  });
});
