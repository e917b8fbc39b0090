/**
 * The snapshot file on a snapshot too large to read: the reader says so in one line, not a raw RangeError, and
 * the writer never writes a text its reader could not read back, leaving the old file as it was.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import fsPromises from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { mock, test } from 'node:test';
import { DocumentTooLargeError, DurableJsonFile } from '../../../adapters/persistence/lowdb/durable-json-file.ts';
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

test('a document longer than the reader can read back is not written: the old file stays, no temp file', async () => {
  const path = freshPath();
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, '{"old":true}');
  const long = `"${'a'.repeat(40)}"`;
  const slices = (): string[] => ['{"tasks":[', long, ']}'];
  const file = new DurableJsonFile<unknown>(path, (data) => data, slices, 20);
  await assert.rejects(
    file.write({}),
    (error: Error) => error instanceof DocumentTooLargeError && error.message.includes(`The store ${path} was not`),
  );
  assert.equal(readFileSync(path, 'utf8'), '{"old":true}');
  assert.equal(existsSync(`${dirname(path)}/.${path.split('/').pop()}.tmp`), false, 'the temp file is removed');

  // Within the limit the same writer writes.
  await new DurableJsonFile<unknown>(path, (data) => data, slices, 200).write({});
  assert.equal(readFileSync(path, 'utf8'), `{"tasks":[${long}]}`);
});
