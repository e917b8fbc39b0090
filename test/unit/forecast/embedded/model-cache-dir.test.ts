/**
 * With TASKCAST_CACHE_DIR unset the model keeps its files in the user's own folder of the shared temporary
 * folder, `<tmp>/taskcast-cache-<uid>`, and only if that folder is this user's alone: another user who made
 * the name first, or a link put there, must leave the double without a cache, not reading planted files
 * (adapters/forecast/embedded/shared/model-cache.ts).
 */
import assert from 'node:assert/strict';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { modelCacheDir } from '../../../../adapters/forecast/embedded/shared/model-cache.ts';

const uid = process.getuid?.();
const scratch = mkdtempSync(join(tmpdir(), 'model-cache-dir-'));
const saved = { TMPDIR: process.env['TMPDIR'], TASKCAST_CACHE_DIR: process.env['TASKCAST_CACHE_DIR'] };
after(() => {
  for (const [name, value] of Object.entries(saved))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  rmSync(scratch, { recursive: true, force: true });
});

/** modelCacheDir() as if the temporary folder were a fresh one, prepared by `prepare`. */
function defaultIn(name: string, prepare: (dir: string) => void = () => {}): { dir: string; got: string | undefined } {
  const tmp = join(scratch, name);
  mkdirSync(tmp);
  const dir = join(tmp, `taskcast-cache-${uid}`);
  prepare(dir);
  process.env['TMPDIR'] = tmp;
  delete process.env['TASKCAST_CACHE_DIR'];
  return { dir, got: modelCacheDir() };
}

test('TASKCAST_CACHE_DIR is taken as given, and off is no cache', { skip: uid === undefined }, () => {
  process.env['TASKCAST_CACHE_DIR'] = join(scratch, 'chosen');
  assert.equal(modelCacheDir(), join(scratch, 'chosen'));
  process.env['TASKCAST_CACHE_DIR'] = 'off';
  assert.equal(modelCacheDir(), undefined);
});

test("unset, the default is made as the user's own folder, 0700", { skip: uid === undefined }, () => {
  const { dir, got } = defaultIn('fresh');
  assert.equal(got, dir);
  assert.equal(statSync(dir).mode & 0o777, 0o700);
});

test('a default folder others may write to is not used', { skip: uid === undefined }, () => {
  const { got } = defaultIn('open', (dir) => {
    mkdirSync(dir);
    chmodSync(dir, 0o777);
  });
  assert.equal(got, undefined);
});

test('a link in place of the default folder is not followed', { skip: uid === undefined }, () => {
  const { got } = defaultIn('linked', (dir) => {
    const elsewhere = join(scratch, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, dir);
  });
  assert.equal(got, undefined);
});

test("another user's default folder is not used", { skip: uid !== 0 && 'needs root to give a folder away' }, () => {
  const { got } = defaultIn('taken', (dir) => {
    mkdirSync(dir, { mode: 0o700 });
    chownSync(dir, 65534, 65534);
  });
  assert.equal(got, undefined);
});
