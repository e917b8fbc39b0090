/**
 * dist/weather/weather.cjs runs as a classic script with V8's code cache kept in TASKCAST_CACHE_DIR
 * (bootstrap/entry/kept-script.ts), so an isolated test file does not compile the double again (issue 40
 * item 4). The script must run as its ES module bundle did (strict, its import.meta, msw imported through the
 * loader); a cache is code, so it is read only from a folder of this user's that no one else may write to;
 * one V8 refuses, or a changed script's, is made again; `off` keeps nothing. Each case is a fresh process.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { writeDigestedFile } from '../../../adapters/forecast/embedded/shared/kept-files.ts';
import { KEEP_AFTER_MS } from '../../../bootstrap/entry/kept-script.ts';
import { scratchFolders } from '../../support/scratch-folders.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const freshCase = scratchFolders('taskcast-kept-script-');

/** What esbuild's CommonJS bundle looks like to the loader: free `__taskcastImportMeta`, `__taskcastImportPeer`. */
const SCRIPT = `
exports.answer = 42;
exports.url = __taskcastImportMeta.url;
exports.strict = (function () { return this === undefined; })();
exports.required = typeof require('node:path').join;
exports.peer = (specifier) => __taskcastImportPeer(specifier);
`;

/** The loader as dist/weather/weather.mjs calls it, in a fresh process; `wait` ms before it exits. */
const LOADER = `
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runKeptScript } from './bootstrap/entry/kept-script.ts';
const script = runKeptScript(pathToFileURL(process.env.SCRIPT), import.meta, (s) => import(s));
const os = await script.peer('node:os');
await new Promise((resolve) => setTimeout(resolve, Number(process.env.WAIT)));
const folder = join(process.env.TASKCAST_CACHE_DIR, 'compiled-code');
console.log(JSON.stringify({
  answer: script.answer, sameMeta: script.url === import.meta.url, strict: script.strict, required: script.required,
  peer: typeof os.availableParallelism, keptBeforeExit: existsSync(folder) && readdirSync(folder).length > 0,
}));
`;

interface Case {
  cache: string;
  script: string;
  folder: string;
}

function newCase(source = SCRIPT): Case {
  const dir = freshCase();
  mkdirSync(dir, { recursive: true });
  const script = join(dir, 'weather.cjs');
  writeFileSync(script, source);
  const cache = join(dir, 'cache');
  return { cache, script, folder: join(cache, 'compiled-code') };
}

function run(c: Case, { wait = 0, cacheDir = c.cache } = {}): Record<string, unknown> {
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', LOADER], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SCRIPT: c.script, TASKCAST_CACHE_DIR: cacheDir, WAIT: String(wait) },
  });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stderr, '', 'no warning');
  const out = JSON.parse(result.stdout) as Record<string, unknown>;
  assert.deepEqual(
    { ...out, keptBeforeExit: undefined },
    { answer: 42, sameMeta: true, strict: true, required: 'function', peer: 'function', keptBeforeExit: undefined },
    'the script ran as its ES module bundle did',
  );
  return out;
}

/** The one cache file of the case, and its inode: a file written again is renamed into place, a new inode. */
function cacheFile(c: Case): { path: string; ino: number } {
  const names = readdirSync(c.folder);
  assert.equal(names.length, 1, `one cache file: ${names.join(', ')}`);
  assert.match(names[0]!, /^[0-9a-f]{32}-weather\.v8c$/, 'a name the cache pruning knows');
  const path = join(c.folder, names[0]!);
  return { path, ino: statSync(path).ino };
}

const posix = process.getuid !== undefined;

describe('runKeptScript', () => {
  it('runs the script, keeps its code cache at exit in a folder of its own, and a later process reads it', () => {
    const c = newCase();
    assert.equal(run(c).keptBeforeExit, false, 'a process shorter than the delay keeps it at exit');
    const made = cacheFile(c);
    if (posix) assert.equal(statSync(c.folder).mode & 0o777, 0o700, 'no one else may write there');
    run(c);
    assert.equal(cacheFile(c).ino, made.ino, 'taken as it was, not made again');
  });

  it(`keeps it ${KEEP_AFTER_MS} ms after the start in a process that runs on`, () => {
    const c = newCase();
    assert.equal(run(c, { wait: KEEP_AFTER_MS + 500 }).keptBeforeExit, true);
    cacheFile(c);
  });

  it('makes it again where V8 refuses it, and keeps a changed script’s apart', () => {
    const c = newCase();
    run(c);
    const made = cacheFile(c);
    writeDigestedFile(made.path, Buffer.from('not a code cache'.repeat(100))); // whole, but not V8's
    const garbled = cacheFile(c);
    run(c);
    assert.notEqual(cacheFile(c).ino, garbled.ino, 'refused and written again');
    writeFileSync(c.script, `${SCRIPT}\nexports.more = 1;\n`);
    run(c);
    assert.equal(readdirSync(c.folder).length, 2, 'another text, another file');
  });

  it(
    'does not read a cache from a folder others may write to, and closes the folder when it writes',
    {
      skip: !posix && 'no file modes here',
    },
    () => {
      const c = newCase();
      run(c);
      const made = cacheFile(c);
      chmodSync(c.folder, 0o777);
      run(c);
      assert.notEqual(cacheFile(c).ino, made.ino, 'not read, so written again');
      assert.equal(statSync(c.folder).mode & 0o777, 0o700);
    },
  );

  it('does not read another user’s cache file', { skip: process.getuid?.() !== 0 && 'needs root to chown' }, () => {
    const c = newCase();
    run(c);
    const made = cacheFile(c);
    chownSync(made.path, 4242, 4242);
    run(c);
    const again = cacheFile(c);
    assert.notEqual(again.ino, made.ino, 'not read, so written again');
    assert.equal(statSync(again.path).uid, process.getuid!());
  });

  it('keeps nothing with TASKCAST_CACHE_DIR=off', () => {
    const c = newCase();
    run(c, { cacheDir: 'off', wait: KEEP_AFTER_MS + 200 });
    assert.equal(existsSync(join(root, 'off')), false, 'no folder named off');
    assert.equal(existsSync(c.cache), false);
  });
});
