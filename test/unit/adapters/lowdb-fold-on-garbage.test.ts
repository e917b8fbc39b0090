/**
 * The store folds its journal into the snapshot on garbage, not on length: creates alone fold nothing (the
 * journal holds each task once, as a snapshot would), while updates and deletes that leave three dead bytes for
 * every live one make a fold due. Either way a restart, clean or after a crash, gives the same tasks.
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, test } from 'node:test';
import { foldStoreFiles } from '../../../adapters/persistence/lowdb/fold-store-files.ts';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import type { TaskStore } from '../../../adapters/persistence/task-store.ts';
import { journalRecords } from '../../support/journal-records.ts';
import { numberedTask, scratchStorePaths, lowdbStoreWithUser } from '../../support/task-fixtures.ts';
import { until } from '../../support/until.ts';

const freshPath = scratchStorePaths('taskcast-fold-on-garbage-');
/** ~1.25 kB a task in the journal and the snapshot: a few thousand pass FOLD_AT_LEAST_BYTES (4 MiB). */
const LONG = 'd'.repeat(1_000);

/** `count` tasks from the `from`-th, with a long description, added 100 at a time (as concurrent requests). */
async function addTasks(store: TaskStore, userId: string, from: number, count: number): Promise<void> {
  for (let i = from; i < from + count; i += 100) {
    const batch = Array.from({ length: Math.min(100, from + count - i) }, (_, j) =>
      numberedTask(i + j, userId, `t${i + j}`, { description: LONG }),
    );
    await Promise.all(batch.map((task) => store.tasks.add(task)));
  }
}

/** A store of `count` long tasks, all in its snapshot, reopened with its logs kept and folds on this thread. */
async function storeOfTasks(count: number) {
  const path = freshPath();
  const first = await lowdbStoreWithUser(path);
  await addTasks(first.store, first.u.id, 0, count);
  await first.store.close();
  const logs: string[] = [];
  const store = await openLowdbTaskStore(path, { foldFiles: foldStoreFiles, log: (m) => logs.push(m) });
  return { path, store, u: first.u, logs, folded: () => logs.some((m) => /compacted \d+ tasks/.test(m)) };
}

/** The tasks a store opened on a copy of the files as they are now (what a crash would leave) lists. */
async function afterACrash(path: string, userId: string): Promise<string[]> {
  const copy = freshPath();
  mkdirSync(dirname(copy), { recursive: true, mode: 0o700 });
  for (const suffix of ['', '.journal', '.journal.compacting']) {
    if (existsSync(`${path}${suffix}`)) copyFileSync(`${path}${suffix}`, `${copy}${suffix}`);
  }
  const store = await openLowdbTaskStore(copy);
  try {
    return listing(store, userId);
  } finally {
    await store.close();
  }
}

/** A crash now (a copy of the files) and a clean close, each reopened, list `live`. Closes `store`. */
async function assertRestartsTo(live: string[], path: string, store: TaskStore, userId: string): Promise<void> {
  assert.deepEqual(await afterACrash(path, userId), live, 'a crash replays to the same tasks');
  await store.close();
  const again = await openLowdbTaskStore(path);
  assert.deepEqual(await listing(again, userId), live, 'a clean restart too');
  await again.close();
}

async function listing(store: TaskStore, userId: string): Promise<string[]> {
  return (await store.tasks.listOwned(userId, {})).map((t) => `${t.id} ${t.title} ${t.description?.length ?? '-'}`);
}

describe('folding on garbage', () => {
  test('a flood of creates past three times the snapshot and FOLD_AT_LEAST_BYTES folds nothing', async () => {
    const { path, store, u, logs, folded } = await storeOfTasks(1_000);
    await addTasks(store, u.id, 1_000, 4_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(folded(), false, logs.join('\n'));
    assert.equal(existsSync(`${path}.journal.compacting`), false, 'no journal moved aside');
    const snapshotBytes = statSync(path).size;
    const journalBytes = journalRecords(`${path}.journal`).length;
    assert.ok(journalBytes > 3 * snapshotBytes, `journal ${journalBytes} against snapshot ${snapshotBytes}`);
    assert.ok(journalBytes > 4 * 1024 * 1024, `journal ${journalBytes}`);
    const live = await listing(store, u.id);
    assert.equal(live.length, 5_000);
    await assertRestartsTo(live, path, store, u.id);
  });

  test('updates that leave three dead bytes for each live one make a fold due, short of three times the snapshot', async () => {
    const { path, store, u, logs, folded } = await storeOfTasks(4_000);
    const snapshotBytes = statSync(path).size;
    // Each update replaces a ~1.25 kB record by a ~0.25 kB one: 5 MB dead, 1 MB live, a journal of 1 MB.
    for (let i = 0; i < 4_000; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, j) =>
          store.tasks.updateOwned(u.id, numberedTask(i + j, u.id).id, (t) => ({ ...t, description: null })),
        ),
      );
    }
    await until(() => folded() && !existsSync(`${path}.journal.compacting`), 'a fold to finish', 30_000);
    assert.ok(
      logs.some((m) => /compacted 4000 tasks/.test(m)),
      logs.join('\n'),
    );
    assert.ok(statSync(path).size < snapshotBytes / 3, `the new snapshot ${statSync(path).size} dropped the garbage`);
    const live = await listing(store, u.id);
    assert.equal(live.length, 4_000);
    assert.ok(live.every((line) => line.endsWith(' -')));
    await assertRestartsTo(live, path, store, u.id);
  });

  test('deletes that leave three dead bytes for each live one make a fold due; the snapshot keeps the rest', async () => {
    const { path, store, u, folded } = await storeOfTasks(4_000);
    for (let i = 0; i < 3_600; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, (_, j) => store.tasks.removeOwned(u.id, numberedTask(i + j, u.id).id)),
      );
    }
    await until(() => folded() && !existsSync(`${path}.journal.compacting`), 'a fold to finish', 30_000);
    const snapshot = JSON.parse(readFileSync(path, 'utf8')) as { tasks: unknown[] };
    assert.ok(snapshot.tasks.length <= 1_000, `the snapshot holds ${snapshot.tasks.length} tasks`);
    const live = await listing(store, u.id);
    assert.equal(live.length, 400);
    await assertRestartsTo(live, path, store, u.id);
  });
});
