/**
 * The model's cache folders are pruned of what goes unused (shared/prune-model-cache.ts): files of an older
 * model bundle or a past alert cycle, which no process reads again, and temporary files a dead writer left,
 * once a week has passed over them; never a file still read, a live writer's temporary file, nor anything
 * the model did not name.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readKeptFile, writeKeptFile } from '../../../../adapters/forecast/embedded/shared/kept-files.ts';
import {
  pruneModelCache,
  pruneModelCacheDaily,
  UNUSED_FOR_MS,
} from '../../../../adapters/forecast/embedded/shared/prune-model-cache.ts';
import { scratchFolders } from '../../../support/scratch-folders.ts';
import { until } from '../../../support/until.ts';

const freshCache = scratchFolders('taskcast-prune-');

const DAY_MS = 24 * 3_600_000;
const KEY = 'a'.repeat(32);
const OTHER_KEY = '0123456789abcdef'.repeat(2);

/** A file at `path` last written `ageMs` ago. */
function fileAged(path: string, ageMs: number): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, 'x');
  const at = (Date.now() - ageMs) / 1000;
  utimesSync(path, at, at);
  return path;
}

describe('pruneModelCache', () => {
  it('deletes the model files unused for a week, its own and a dead writer’s temporary ones alike', async () => {
    const cache = freshCache();
    const stale = [
      fileAged(join(cache, 'alert-cycles', `${OTHER_KEY}-490000.v8`), UNUSED_FOR_MS + DAY_MS),
      fileAged(join(cache, 'alert-offices', `${KEY}-490012.v8`), 30 * DAY_MS),
      fileAged(join(cache, 'precip-months', `${OTHER_KEY}-3.f64.${randomUUID()}.tmp`), 8 * DAY_MS),
    ];
    const kept = [
      fileAged(join(cache, 'alert-cycles', `${KEY}-490024.v8`), UNUSED_FOR_MS - DAY_MS),
      fileAged(join(cache, 'precip-months', `${KEY}-4.f64.${randomUUID()}.tmp`), 0), // a live writer's
      fileAged(join(cache, 'precip-months', 'notes.txt'), 90 * DAY_MS), // not a name the model gives
      fileAged(join(cache, 'elsewhere', `${KEY}-1.v8`), 90 * DAY_MS), // not a folder the model keeps
      fileAged(join(cache, `${KEY}-2.v8`), 90 * DAY_MS),
    ];
    mkdirSync(join(cache, 'alert-offices', `${KEY}-dir`));

    const removed = await pruneModelCache(cache, Date.now());

    assert.deepEqual(removed.sort(), [...stale].sort());
    for (const path of stale) assert.equal(existsSync(path), false, path);
    for (const path of kept) assert.equal(existsSync(path), true, path);
    assert.equal(existsSync(join(cache, 'alert-offices', `${KEY}-dir`)), true, 'a folder is left alone');
  });

  it('gives nothing for a cache with no folders yet', async () => {
    assert.deepEqual(await pruneModelCache(freshCache(), Date.now()), []);
  });
});

describe('kept files', () => {
  it('a file read is marked used, so one still read is never pruned', async () => {
    const cache = freshCache();
    const file = fileAged(join(cache, 'precip-months', `${KEY}-5.f64`), 10 * DAY_MS);
    assert.deepEqual(readKeptFile(file), Buffer.from('x'));
    assert.ok(Date.now() - statSync(file).mtimeMs < DAY_MS, 'its time is now');
    assert.deepEqual(await pruneModelCache(cache, Date.now()), []);
    assert.equal(readKeptFile(join(cache, 'precip-months', `${KEY}-6.f64`)), undefined, 'none kept');
  });

  it('the first file written in a cache prunes it in the background', async () => {
    const cache = freshCache();
    const stale = fileAged(join(cache, 'alert-cycles', `${OTHER_KEY}-1.v8`), 30 * DAY_MS);
    writeKeptFile(join(cache, 'alert-offices', `${KEY}-2.v8`), Buffer.from('alerts'));
    assert.deepEqual(readKeptFile(join(cache, 'alert-offices', `${KEY}-2.v8`)), Buffer.from('alerts'));
    await until(() => !existsSync(stale), 'the stale cycle pruned');
  });
});

describe('pruneModelCacheDaily', () => {
  it('starts one pruning a day per process and cache, a turn of the event loop after the write', async () => {
    const cache = freshCache();
    const now = Date.now();
    const stale = fileAged(join(cache, 'alert-cycles', `${OTHER_KEY}-1.v8`), 30 * DAY_MS);
    const pruning = pruneModelCacheDaily(join(cache, 'precip-months', `${KEY}-1.f64`), now);
    assert.equal(existsSync(stale), true, 'not in the writer’s turn');
    assert.deepEqual(await pruning, [stale]);
    const cycle = join(cache, 'alert-cycles', `${KEY}-2.v8`);
    assert.equal(pruneModelCacheDaily(cycle, now + DAY_MS - 1), undefined, 'once within the day');
    // A server runs for weeks: the next day's first write prunes again, what went unused for a week since.
    const later = now + DAY_MS;
    const staleLater = fileAged(join(cache, 'precip-months', `${OTHER_KEY}-2.f64`), 8 * DAY_MS);
    assert.deepEqual(await pruneModelCacheDaily(cycle, later), [staleLater]);
  });

  it('starts none for a file outside the model’s folders', () => {
    const cache = freshCache();
    assert.equal(pruneModelCacheDaily(join(cache, 'scratch', `${KEY}-1.v8`)), undefined);
    assert.equal(pruneModelCacheDaily(join(cache, `${KEY}-1.v8`)), undefined);
  });
});
