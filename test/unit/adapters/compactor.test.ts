/** When a background fold of the journal into the snapshot is due (the store's housekeeping test). */
import assert from 'node:assert/strict';
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { test } from 'node:test';
import {
  Compactor,
  DEAD_TO_LIVE,
  FOLD_AT_LEAST_BYTES,
  FOLD_AT_MOST_BYTES,
} from '../../../adapters/persistence/lowdb/compactor.ts';
import { storeFiles } from '../../../adapters/persistence/lowdb/store-files.ts';
import { scratchStorePaths } from '../../support/task-fixtures.ts';

const freshPath = scratchStorePaths('taskcast-compactor-');
const MiB = 1024 * 1024;

/**
 * A compactor over a snapshot of `snapshotBytes` bytes (a hole of that size: no disk used), folding at
 * `foldAtBytes` of journal whatever its garbage; `due` reads no more than the snapshot's size.
 */
function compactorOver(snapshotBytes: number, foldAtBytes = FOLD_AT_MOST_BYTES): Compactor {
  const files = storeFiles(freshPath());
  mkdirSync(dirname(files.snapshot), { recursive: true });
  writeFileSync(files.snapshot, '');
  truncateSync(files.snapshot, snapshotBytes);
  const unused = () => {
    throw new Error('not used by due()');
  };
  return new Compactor(files, unused as never, unused as never, foldAtBytes, () => {}, unused);
}

test('a journal of new records alone is not folded, however many times the snapshot it holds', () => {
  const compactor = compactorOver(10 * MiB);
  // It holds every task once, as a snapshot would: a fold would rewrite it and drop nothing.
  for (const times of [1, 3, 4, 20]) assert.equal(compactor.due(times * 10 * MiB), false, `${times} times`);
});

test('a fold is due once the files hold DEAD_TO_LIVE dead bytes for every live one', () => {
  const compactor = compactorOver(20 * MiB);
  const journal = 4 * MiB;
  // Live: 24 MiB less what is dead. Dead 18 MiB leaves 6 live: three to one.
  compactor.superseded(17 * MiB);
  assert.equal(compactor.due(journal), false, '17 dead, 7 live');
  compactor.superseded(MiB);
  assert.equal(DEAD_TO_LIVE, 3);
  assert.equal(compactor.due(journal), true, '18 dead, 6 live');
});

test('below FOLD_AT_LEAST_BYTES of garbage no fold is due, however small the store', () => {
  const compactor = compactorOver(1_000);
  compactor.superseded(FOLD_AT_LEAST_BYTES - 1);
  assert.equal(compactor.due(FOLD_AT_LEAST_BYTES), false);
  compactor.superseded(1);
  assert.equal(compactor.due(FOLD_AT_LEAST_BYTES), true);
});

test('a fold is due at FOLD_AT_MOST_BYTES of journal at the latest, without garbage', () => {
  const compactor = compactorOver(200 * MiB);
  assert.equal(compactor.due(FOLD_AT_MOST_BYTES - 1), false);
  assert.equal(compactor.due(FOLD_AT_MOST_BYTES), true);
});

test('compactAfterBytes folds at that journal size, and at that much garbage if it is below the least', () => {
  const compactor = compactorOver(100, 1_000);
  assert.equal(compactor.due(999), false);
  assert.equal(compactor.due(1_000), true);
  compactor.superseded(600);
  assert.equal(compactor.due(500), false, '600 dead, 0 live, but below compactAfterBytes of garbage');
  compactor.superseded(400);
  assert.equal(compactor.due(500), true);
});
