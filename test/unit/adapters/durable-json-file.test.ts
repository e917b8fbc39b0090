/** The snapshot file's reader on a snapshot too large to read: one line naming it, not a raw RangeError. */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { mock, test } from 'node:test';
import { DurableJsonFile } from '../../../adapters/persistence/lowdb/durable-json-file.ts';
import { StoreOpenError } from '../../../adapters/persistence/lowdb/store-open-error.ts';
import { scratchStorePaths } from '../../support/task-fixtures.ts';

const freshPath = scratchStorePaths('taskcast-durable-json-');

test('a snapshot over the longest string V8 makes is refused with a StoreOpenError saying so', async () => {
  const path = freshPath();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '{}');
  // What readFile(path, 'utf8') throws for a file over 2^29 - 24 characters (a 540 MB file did, on Node 20).
  const readFile = mock.method(fsPromises, 'readFile', async () => {
    throw new RangeError('Invalid string length');
  });
  syncBuiltinESMExports();
  try {
    await assert.rejects(
      new DurableJsonFile(path, (data) => data).read(),
      (error: Error) =>
        error instanceof StoreOpenError &&
        error.message.startsWith(`The store ${path} is too large to read`) &&
        error.message.includes('~512 MiB') &&
        !error.message.includes('\n'),
    );
    assert.equal(readFile.mock.callCount(), 1);
  } finally {
    readFile.mock.restore();
    syncBuiltinESMExports();
  }
});
