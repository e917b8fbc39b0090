/**
 * When a background fold of the journal into the snapshot is due (the store's housekeeping test), and whether
 * it may yield the CPU to the requests.
 */
import assert from 'node:assert/strict';
import { mkdirSync, openSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { Compactor, FOLD_AT_MOST_BYTES, JOURNAL_TO_SNAPSHOT } from '../../../adapters/persistence/lowdb/compactor.ts';
import type { Journal } from '../../../adapters/persistence/lowdb/journal.ts';
import { storeFiles } from '../../../adapters/persistence/lowdb/store-files.ts';
import { scratchStorePaths } from '../../support/task-fixtures.ts';

const freshPath = scratchStorePaths('taskcast-compactor-');

/**
 * A compactor over a snapshot of `snapshotBytes` bytes, then made `sparseBytes` long if given (a hole: no
 * disk used); `due` reads no more than the files' sizes.
 */
function compactorOver(snapshotBytes: number, minBytes: number, sparseBytes?: number): Compactor {
  const files = storeFiles(freshPath());
  mkdirSync(dirname(files.snapshot), { recursive: true });
  writeFileSync(files.snapshot, 'x'.repeat(snapshotBytes));
  if (sparseBytes !== undefined) truncateSync(files.snapshot, sparseBytes);
  const unused = () => {
    throw new Error('not used by due()');
  };
  return new Compactor(files, unused as never, unused as never, minBytes, () => {}, unused);
}

test('a fold is due once the journal holds three times the snapshot', () => {
  const compactor = compactorOver(10_000, 1_000);
  // Outgrowing the snapshot is not enough: a fold rereads and rewrites all of it.
  assert.equal(compactor.due(10_000), false);
  assert.equal(compactor.due(29_999), false);
  assert.equal(compactor.due(30_000), true);
});

test('below the least journal size no fold is due, however small the snapshot', () => {
  const compactor = compactorOver(100, 1_000);
  assert.equal(compactor.due(999), false);
  assert.equal(compactor.due(1_000), true);
});

test('a fold is due at FOLD_AT_MOST_BYTES of journal at the latest, however large the snapshot', () => {
  // A sparse snapshot of 200 MiB: three times it would be 600 MiB of journal to read at start-up.
  const compactor = compactorOver(0, 1_000, 200 * 1024 * 1024);
  assert.ok(JOURNAL_TO_SNAPSHOT * 200 * 1024 * 1024 > FOLD_AT_MOST_BYTES);
  assert.equal(compactor.due(FOLD_AT_MOST_BYTES - 1), false);
  assert.equal(compactor.due(FOLD_AT_MOST_BYTES), true);
});

/**
 * Starts one fold over a snapshot of `snapshotBytes` (sparse) with a journal of `journalBytes`, and returns
 * whether the compactor let it yield to the requests. `failFirst`: the first fold fails, and the answer is
 * the retry's.
 */
async function foldYields(snapshotBytes: number, journalBytes: number, failFirst = false): Promise<boolean> {
  const files = storeFiles(freshPath());
  mkdirSync(dirname(files.snapshot), { recursive: true });
  writeFileSync(files.snapshot, '');
  truncateSync(files.snapshot, snapshotBytes);
  writeFileSync(files.journal, '');
  const asked: boolean[] = [];
  const fold = async (_files: unknown, yieldToRequests: boolean) => {
    asked.push(yieldToRequests);
    if (failFirst && asked.length === 1) throw new Error('disk full');
    return { tasks: 0, users: 0 };
  };
  const compactor = new Compactor(
    files,
    undefined as never,
    undefined as never,
    1_000,
    () => {},
    (path) => openSync(path, 'a'),
    fold,
  );
  const journal = { size: journalBytes, switchTo: () => openSync(files.compacting, 'r') } as unknown as Journal;
  await compactor.start(journal);
  await compactor.idle();
  if (failFirst) {
    await compactor.start(journal);
    await compactor.idle();
  }
  return asked.at(-1)!;
}

test('a fold started when due yields the CPU to the requests', async () => {
  assert.equal(await foldYields(10_000, 30_000), true);
  assert.equal(await foldYields(10_000, 59_999), true);
});

test('a fold that is behind does not: twice its due size, or FOLD_AT_MOST_BYTES, already in the journal', async () => {
  // A whole fold's worth came in while the last one ran: the journal, and a crash's replay, must stop growing.
  assert.equal(await foldYields(10_000, 60_000), false);
  // A snapshot of 200 MiB: due at FOLD_AT_MOST_BYTES, and already there.
  assert.equal(await foldYields(200 * 1024 * 1024, FOLD_AT_MOST_BYTES), false);
});

test("a failed fold's retry does not yield either", async () => {
  assert.equal(await foldYields(10_000, 30_000, true), false);
});
