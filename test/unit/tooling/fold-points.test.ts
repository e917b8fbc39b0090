/**
 * bench/lib/fold-points.ts tells the tasks-compaction benchmark how many PATCHes bring a store to its next
 * fold, so that the fold starts inside the measured load. Checked against a real store: the journal it moves
 * aside when the fold starts holds the PATCHes that made it due, as many as predicted (up to one round of
 * concurrent ones), whether the live tasks lie in the snapshot (the ratio decides) or in the journal (the
 * 4 MiB floor does).
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { describe, test } from 'node:test';
import { patchesUntilFold } from '../../../bench/lib/fold-points.ts';
import type { StoreFiles } from '../../../adapters/persistence/lowdb/store-files.ts';
import { foldStoreFiles } from '../../../adapters/persistence/lowdb/fold-store-files.ts';
import { openLowdbTaskStore } from '../../../adapters/persistence/lowdb/lowdb-task-store.ts';
import type { TaskStore } from '../../../adapters/persistence/task-store.ts';
import { journalRecords } from '../../support/journal-records.ts';
import { lowdbStoreWithUser, numberedTask, scratchStorePaths } from '../../support/task-fixtures.ts';
import { until } from '../../support/until.ts';

const freshPath = scratchStorePaths('taskcast-fold-points-');
const LONG = 'd'.repeat(1_000);
/** PATCHes sent together: the fold may start up to one such round after the predicted one. */
const ROUND = 50;

/** Adds `count` long tasks, titled `t<i>`, 100 at a time. */
async function addTasks(store: TaskStore, userId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, j) =>
      numberedTask(i + j, userId, `t${i + j}`, { description: LONG }),
    );
    await Promise.all(batch.map((task) => store.tasks.add(task)));
  }
}

/**
 * A store of `count` long tasks (folded into its snapshot when `inSnapshot`, else left in its journal),
 * then PATCHed round-robin, each change keeping the record's length (`t<i>` becomes `u<i>`, and back), until
 * its fold starts. Returns the prediction and the PATCHes in the journal the fold took.
 */
async function patchUntilFolded(count: number, inSnapshot: boolean) {
  const path = freshPath();
  let patchesFolded: number | undefined;
  const foldFiles = (files: StoreFiles) => {
    // The journal moved aside is exactly what was written before the fold was due; a PATCH's line has no seq.
    patchesFolded ??= journalRecords(files.compacting)
      .split('\n')
      .filter((line) => line.startsWith('{"kind":"task"') && !line.includes('"seq":')).length;
    return foldStoreFiles(files);
  };
  const first = await lowdbStoreWithUser(path, { foldFiles });
  const userId = first.u.id;
  await addTasks(first.store, userId, count);
  let store = first.store;
  if (inSnapshot) {
    await store.close();
    store = await openLowdbTaskStore(path, { foldFiles });
  }
  const one = await store.tasks.findOwned(userId, numberedTask(0, userId).id);
  const recordBytes = Buffer.byteLength(JSON.stringify(one));
  const start = { snapshotBytes: statSync(path).size, journalBytes: journalRecords(`${path}.journal`).length };
  const predicted = patchesUntilFold(start, recordBytes);
  const swap = (title: string) => (title.startsWith('t') ? 'u' : 't') + title.slice(1);
  let sent = 0;
  while (patchesFolded === undefined && sent < predicted + 20 * ROUND) {
    await Promise.all(
      Array.from({ length: ROUND }, (_, j) =>
        store.tasks.updateOwned(userId, numberedTask((sent + j) % count, userId).id, (t) => ({
          ...t,
          title: swap(t.title),
        })),
      ),
    );
    sent += ROUND;
  }
  await until(() => patchesFolded !== undefined, 'the fold to start', 10_000);
  await store.close();
  return { start, predicted, patchesFolded: patchesFolded! };
}

describe('patchesUntilFold', () => {
  test('predicts the fold of a store whose live tasks lie in its snapshot (three dead bytes a live one)', async () => {
    const { start, predicted, patchesFolded } = await patchUntilFolded(2_000, true);
    assert.equal(start.journalBytes < 1_000, true, `journal ${start.journalBytes}`);
    // The ratio, not the 4 MiB floor, decides here: more PATCHes than the floor alone would take.
    assert.ok(predicted > (4 * 1024 * 1024) / 1_000, `predicted ${predicted}`);
    assert.ok(
      patchesFolded >= predicted && patchesFolded < predicted + ROUND,
      `folded after ${patchesFolded} PATCHes, predicted ${predicted}`,
    );
  });

  test('predicts the fold of a store whose live tasks lie in its journal (the 4 MiB floor)', async () => {
    const { start, predicted, patchesFolded } = await patchUntilFolded(600, false);
    assert.ok(start.journalBytes > 600 * 1_000, `journal ${start.journalBytes}`);
    assert.ok(
      patchesFolded >= predicted && patchesFolded < predicted + ROUND,
      `folded after ${patchesFolded} PATCHes, predicted ${predicted}`,
    );
  });

  test("counts a fold at the journal's most bytes whatever the garbage", () => {
    const atMost = 10 * 1024 * 1024;
    // A journal of creates 1 kB short of the limit: the first PATCH of a 2 kB record takes it past.
    assert.equal(patchesUntilFold({ snapshotBytes: 0, journalBytes: atMost - 1_000 }, 2_000, atMost), 1);
    assert.equal(patchesUntilFold({ snapshotBytes: 0, journalBytes: atMost }, 2_000, atMost), 0);
  });
});
