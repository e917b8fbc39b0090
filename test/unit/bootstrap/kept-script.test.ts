/**
 * dist/weather/weather.cjs runs as a classic script with V8's code cache kept in the package's
 * node_modules/.cache/taskcast/ (bootstrap/entry/kept-script.ts), so an isolated test file does not compile the
 * double again (issue 40 item 4). The script must run as its ES module bundle did (strict, its import.meta,
 * msw imported through the loader); one V8 refuses, or a changed script's, is made again; `off` keeps nothing.
 *
 * A cache is code: V8 runs the cache of any text of the same length. The hostile cases plant the cache of such
 * a text (`answer` 66 instead of 42) through a link, in a folder or file others may write, or with a second
 * name, and check it is not run and nothing is written or changed through the link. Each run is a fresh process.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
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
/** A text of the same length, whose code cache V8 would run for {@link SCRIPT}. */
const EVIL = SCRIPT.replace('42', '66');

/** The loader as dist/weather/weather.mjs calls it, in a fresh process; `wait` ms before it exits. */
const LOADER = `
import { existsSync, readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { runKeptScript } from './bootstrap/entry/kept-script.ts';
const script = runKeptScript(pathToFileURL(process.env.SCRIPT), import.meta, (s) => import(s));
const os = await script.peer('node:os');
await new Promise((resolve) => setTimeout(resolve, Number(process.env.WAIT)));
const folder = process.env.FOLDER;
console.log(JSON.stringify({
  answer: script.answer, sameMeta: script.url === import.meta.url, strict: script.strict, required: script.required,
  peer: typeof os.availableParallelism, keptBeforeExit: existsSync(folder) && readdirSync(folder).length > 0,
}));
`;

interface Case {
  /** The package's node_modules. */
  nodeModules: string;
  script: string;
  /** Where the code cache is expected. */
  folder: string;
}

/** A checkout (package.json, node_modules, dist/weather/) or an installed package (node_modules/taskcast/). */
function newCase({ source = SCRIPT, installed = false } = {}): Case {
  const dir = freshCase();
  const nodeModules = join(dir, 'node_modules');
  const pkg = installed ? join(nodeModules, 'taskcast') : dir;
  mkdirSync(join(pkg, 'dist', 'weather'), { recursive: true });
  mkdirSync(nodeModules, { recursive: true });
  writeFileSync(join(pkg, 'package.json'), '{"name":"taskcast"}');
  const script = join(pkg, 'dist', 'weather', 'weather.cjs');
  writeFileSync(script, source);
  return { nodeModules, script, folder: join(nodeModules, '.cache', 'taskcast', 'compiled-code') };
}

function run(
  c: Case,
  { wait = 0, cacheDir = join(c.nodeModules, '..', 'model-cache'), nodeArgs = [] as string[] } = {},
): Record<string, unknown> {
  const result = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', LOADER], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, SCRIPT: c.script, FOLDER: c.folder, TASKCAST_CACHE_DIR: cacheDir, WAIT: String(wait) },
  });
  assert.equal(result.status, 0, result.stderr);
  assert.equal(result.stderr, '', 'no warning');
  const out = JSON.parse(result.stdout) as Record<string, unknown>;
  assert.deepEqual(
    { ...out, answer: undefined, keptBeforeExit: undefined },
    {
      sameMeta: true,
      strict: true,
      required: 'function',
      peer: 'function',
      answer: undefined,
      keptBeforeExit: undefined,
    },
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

/** A case whose script has run once (its cache kept), and the kept cache of {@link EVIL}'s text. */
function caseAndEvilCache(): { c: Case; path: string; evil: Buffer } {
  const bad = newCase({ source: EVIL });
  assert.equal(run(bad).answer, 66);
  const evil = readFileSync(cacheFile(bad).path);
  const c = newCase();
  assert.equal(run(c).answer, 42);
  return { c, path: cacheFile(c).path, evil };
}

/** Writes `bytes` as a new file at `path` with `mode` (set after, whatever the umask). */
function plant(path: string, bytes: Buffer, mode = 0o600): void {
  rmSync(path, { force: true });
  writeFileSync(path, bytes);
  chmodSync(path, mode);
}

const posix = process.getuid !== undefined;
const noModes = !posix && 'no file modes here';

describe('runKeptScript', () => {
  it('runs the script, keeps its code cache at exit in node_modules/.cache/taskcast, and a later process reads it', () => {
    const c = newCase();
    assert.equal(run(c).keptBeforeExit, false, 'a process shorter than the delay keeps it at exit');
    const made = cacheFile(c);
    if (posix) {
      assert.equal(statSync(c.folder).mode & 0o777, 0o700, 'no one else may write there');
      assert.equal(statSync(made.path).mode & 0o777, 0o600, 'nor to the file');
    }
    run(c);
    assert.equal(cacheFile(c).ino, made.ino, 'taken as it was, not made again');
  });

  it('keeps an installed package’s in the node_modules it is installed in', () => {
    const c = newCase({ installed: true });
    run(c);
    cacheFile(c);
    assert.equal(existsSync(join(c.nodeModules, 'taskcast', 'node_modules')), false);
  });

  it('keeps none where the package has no node_modules, and the script still runs', () => {
    const c = newCase();
    rmSync(c.nodeModules, { recursive: true });
    assert.equal(run(c).answer, 42);
    assert.equal(existsSync(c.nodeModules), false, 'none made');
  });

  it(`keeps it ${KEEP_AFTER_MS} ms after the start in a process that runs on`, () => {
    const c = newCase();
    assert.equal(run(c, { wait: KEEP_AFTER_MS + 500 }).keptBeforeExit, true);
    cacheFile(c);
  });

  it('makes it again where V8 refuses it, and keeps a changed script’s, or one under other V8 flags, apart', () => {
    const c = newCase();
    run(c);
    const made = cacheFile(c);
    writeDigestedFile(made.path, Buffer.from('not a code cache'.repeat(100)), 0o600); // whole, but not V8's
    const garbled = cacheFile(c);
    run(c);
    assert.notEqual(cacheFile(c).ino, garbled.ino, 'refused and written again');
    run(c, { nodeArgs: ['--stack-size=900'] });
    assert.equal(readdirSync(c.folder).length, 2, 'other flags, another file');
    writeFileSync(c.script, `${SCRIPT}\nexports.more = 1;\n`);
    run(c);
    assert.equal(readdirSync(c.folder).length, 3, 'another text, another file');
  });

  it('runs a cache of another text of the same length found where it keeps its own (what the checks guard)', () => {
    const { c, path, evil } = caseAndEvilCache();
    plant(path, evil);
    assert.equal(run(c).answer, 66);
  });

  it('follows no link to a cache file, and replaces the link instead of writing through it', () => {
    const { c, path, evil } = caseAndEvilCache();
    const elsewhere = join(c.nodeModules, '..', 'elsewhere.v8c');
    plant(elsewhere, evil);
    rmSync(path);
    symlinkSync(elsewhere, path);
    assert.equal(run(c).answer, 42, 'not read');
    assert.equal(lstatSync(path).isFile(), true, 'a file of its own written in place of the link');
    assert.deepEqual(readFileSync(elsewhere), evil, 'the link’s target untouched');
  });

  for (const link of ['compiled-code', 'taskcast'])
    it(`follows no link for its ${link} folder: reads nothing there, writes nothing, changes no mode`, () => {
      const { c, path, evil } = caseAndEvilCache();
      const linked = link === 'compiled-code' ? c.folder : dirname(c.folder);
      const victim = join(c.nodeModules, '..', 'victim');
      renameSync(linked, victim);
      chmodSync(victim, 0o755);
      if (link === 'taskcast') chmodSync(join(victim, 'compiled-code'), 0o755);
      const inVictim = link === 'compiled-code' ? victim : join(victim, 'compiled-code');
      plant(join(inVictim, path.slice(c.folder.length + 1)), evil);
      symlinkSync(victim, linked);
      const before = readdirSync(inVictim);
      assert.equal(run(c).answer, 42, 'not read');
      assert.equal(lstatSync(linked).isSymbolicLink(), true);
      assert.deepEqual(readdirSync(inVictim), before, 'nothing written there');
      if (posix) assert.equal(statSync(victim).mode & 0o777, 0o755, 'no mode changed');
    });

  for (const mode of [0o620, 0o602])
    it(`does not read a cache file others may write to (${mode.toString(8)})`, { skip: noModes }, () => {
      const { c, path, evil } = caseAndEvilCache();
      plant(path, evil, mode);
      assert.equal(run(c).answer, 42);
      assert.equal(statSync(path).mode & 0o777, 0o600, 'written again, its own');
    });

  for (const [folder, mode] of [
    ['compiled-code', 0o770],
    ['taskcast', 0o707],
  ] as const)
    it(
      `does not read from, write to or close a ${folder} folder others may write to (${mode.toString(8)})`,
      {
        skip: noModes,
      },
      () => {
        const { c, path, evil } = caseAndEvilCache();
        plant(path, evil);
        const dir = folder === 'compiled-code' ? c.folder : dirname(c.folder);
        chmodSync(dir, mode);
        assert.equal(run(c).answer, 42, 'not read');
        assert.deepEqual(readFileSync(path), evil, 'nothing written');
        assert.equal(statSync(dir).mode & 0o777, mode, 'left as it was');
      },
    );

  it('does not read a cache file with a second name (a hard link)', () => {
    const { c, path, evil } = caseAndEvilCache();
    plant(path, evil);
    linkSync(path, join(c.nodeModules, '..', 'second-name.v8c'));
    assert.equal(run(c).answer, 42);
  });

  it('does not read another user’s cache file', { skip: process.getuid?.() !== 0 && 'needs root to chown' }, () => {
    const { c, path, evil } = caseAndEvilCache();
    plant(path, evil);
    chownSync(path, 4242, 4242);
    assert.equal(run(c).answer, 42);
    assert.equal(statSync(path).uid, process.getuid!(), 'written again, its own');
  });

  it('keeps no cache beside another user’s node_modules', { skip: process.getuid?.() !== 0 && 'needs root' }, () => {
    const c = newCase();
    chownSync(c.nodeModules, 4242, 4242);
    run(c);
    assert.equal(existsSync(c.folder), false);
  });

  it('keeps nothing with TASKCAST_CACHE_DIR=off', () => {
    const c = newCase();
    run(c, { cacheDir: 'off', wait: KEEP_AFTER_MS + 200 });
    assert.equal(existsSync(join(root, 'off')), false, 'no folder named off');
    assert.deepEqual(readdirSync(c.nodeModules), [], 'no code cache');
  });
});
