/** When a background fold of the journal into the snapshot is due (the store's housekeeping test). */
import assert from 'node:assert/strict';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import { Compactor, FOLD_AT_MOST_BYTES, JOURNAL_TO_SNAPSHOT } from '../../../adapters/persistence/lowdb/compactor.ts';
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
