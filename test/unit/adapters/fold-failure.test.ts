/**
 * The start-up fold's failure is worded by its cause: a full disk, a store too large to read back as one
 * JSON text, or any other write error (the log once said "not enough room" for all three).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DocumentTooLargeError } from '../../../adapters/persistence/lowdb/durable-json-file.ts';
import { foldFailure } from '../../../adapters/persistence/lowdb/fold-failure.ts';

const errno = (code: string, message: string): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

test('a full disk or quota says there was no room', () => {
  for (const code of ['ENOSPC', 'EDQUOT']) {
    const failure = foldFailure(errno(code, `${code}: no space left on device, write`));
    assert.equal(failure.cause, 'the disk had no room for a new snapshot');
    assert.equal(failure.message, `${code}: no space left on device, write`);
  }
});

test('a snapshot too long to read back is named as such, not as a full disk', () => {
  const failure = foldFailure(new DocumentTooLargeError('/srv/tasks.db', 536_870_888));
  assert.equal(failure.cause, 'the new snapshot would be too large to read back');
  assert.match(failure.message, /^The store \/srv\/tasks\.db was not rewritten/);
});

test('any other write error is a snapshot that could not be written', () => {
  assert.equal(foldFailure(errno('EIO', 'EIO: i/o error, write')).cause, 'the new snapshot could not be written');
  assert.equal(foldFailure('odd').message, 'odd');
});
