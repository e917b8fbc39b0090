import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
// From node:timers, not the global: a DOM test environment (Jest's jsdom) has its own timers.
import { setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { runInThisContext, Script } from 'node:vm';
import { readDigestedFile, writeDigestedFile } from '../../adapters/forecast/embedded/shared/kept-files.ts';
import { modelCacheDir } from '../../adapters/forecast/embedded/shared/model-cache.ts';
import { ownedByThisUser, thisUsersAlone } from '../../adapters/forecast/embedded/shared/own-files.ts';

/**
 * How long after the script's start its code cache is written, if the process has not exited first: by then a
 * test file has had its first answers, whose functions V8 compiled on their first call and the cache now holds.
 */
export const KEEP_AFTER_MS = 1_000;

/**
 * The names the bundle's code is run with: CommonJS's three, its `import.meta` and its dynamic import (the
 * loader's: see import-peer.ts).
 */
const PARAMETERS = ['exports', 'require', 'module', '__taskcastImportMeta', '__taskcastImportPeer'] as const;
const PROLOGUE = `(function (${PARAMETERS.join(', ')}) {'use strict';`;

/**
 * Runs `file`, the weather double's CommonJS bundle (scripts/build-server-bundle.mjs), as a classic script
 * with V8's code cache kept beside the package (see {@link codeCacheFolder}), and gives its exports. Node 20
 * has no compile cache for ES modules (`module.enableCompileCache` came in Node 22), and an isolated test
 * file, a fresh process, compiled the bundle's ~0.7 MB again before its first answer, then each function the
 * first answers call on its first call: ~25 of ~105 ms of CPU (issue 40 item 4). With the cache V8 reads the
 * bytecode instead, of the top level and of every function the process that wrote it had called.
 *
 * A code cache is code: V8 checks only the length of the text it was made from, and runs a cache of another
 * text of that length. So it is kept only where whoever could write it could already rewrite the package's
 * code, `node_modules/.cache/taskcast/` (see {@link codeCacheFolder}), never in a shared temporary folder; on
 * top of that it is read only through no link, from folders that are this user's and written by no one else,
 * and only a file of this user's, written by no one else, with no other name (see {@link acceptedFile}).
 * It is named by a digest of the very text run, V8's version, the architecture and the V8 flags of the
 * process (V8 refuses a cache made under other flags, and the next process would write it again). A process
 * that found none, or one refused, writes it after {@link KEEP_AFTER_MS} or at exit, whichever comes first;
 * with TASKCAST_CACHE_DIR=off nothing is kept and the script is compiled as any module.
 *
 * Under a test runner that runs a test file's modules in a vm context of their own (Jest; vitest's vm pools),
 * the script runs in that context, as its ES module bundle did, so that its errors are the test's TypeError
 * and its clock the test's (fake) Date: compiled there by that realm's Function, without a code cache, since
 * a vm.Script run in another context would not be the same compiled code.
 *
 * `importMeta` stands for the bundle's `import.meta`: that of the ES module that loads it, beside it in
 * dist/weather/, so the model finds its worker and data as from the ES module bundle; `importPeer` is that
 * module's `import()`, for msw (import-peer.ts): a script from a code cache has no loader of its own.
 */
export function runKeptScript(
  file: URL,
  importMeta: ImportMeta,
  importPeer: (specifier: string) => Promise<unknown>,
): unknown {
  const path = fileURLToPath(file);
  const bytes = readFileSync(path);
  const module = { exports: {} };
  const args = [module.exports, createRequire(file), module, importMeta, importPeer];
  const inRealm = inForeignRealm() ? realmFunction(bytes, file) : undefined;
  if (inRealm !== undefined) {
    inRealm(...args);
    return module.exports;
  }
  const source = `${PROLOGUE}${bytes.toString('utf8')}\n})`;
  const cacheFile = codeCacheFile(path, bytes);
  const cachedData = cacheFile === undefined ? undefined : readCodeCache(cacheFile);
  const script = new Script(source, { filename: path, cachedData });
  (script.runInThisContext() as (...args: unknown[]) => void)(...args);
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true))
    keepCodeCache(script, cacheFile);
  return module.exports;
}

/**
 * The script as a function of the current realm's own Function, so that its globals (TypeError, Date, fetch)
 * are the test file's; undefined where the realm makes no code from strings (an edge-runtime context of
 * vitest's vm pools), where it runs in the main realm as in a plain process. The text is the package's own
 * file, as a module's would be: no more an eval than the vm.Script of a plain process.
 */
function realmFunction(bytes: Buffer, file: URL): ((...args: unknown[]) => void) | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    return new globalThis.Function(
      ...PARAMETERS,
      `'use strict';${bytes.toString('utf8')}\n//# sourceURL=${file.href}`,
    ) as (...args: unknown[]) => void;
  } catch (error) {
    if ((error as Error | undefined)?.name === 'EvalError') return undefined; // the realm's own EvalError
    throw error;
  }
}

/**
 * Whether this module runs in a realm other than Node's main one: a test runner's vm context (Jest gives the
 * context's global proxy as `globalThis`, which `vm.isContext` does not take for a context).
 */
function inForeignRealm(): boolean {
  return globalThis.Object !== runInThisContext('Object');
}

/**
 * The folder the code cache of the script at `path` is kept in, or undefined where none is: the
 * find-cache-dir convention (babel, eslint, ava, terser), `node_modules/.cache/taskcast/` in the nearest
 * `node_modules` above the script (installed), else in the `node_modules` of the nearest folder above it with
 * a package.json (a checkout's dist/). Whoever can write that `node_modules` can already replace the package
 * in it, so a cache there gives no one a way in they did not have. Where users exist, that `node_modules`
 * must be this user's (a checkout's walk up never ends in a shared folder's); none is made. Undefined too with
 * TASKCAST_CACHE_DIR=off.
 */
function codeCacheFolder(path: string): string | undefined {
  if (modelCacheDir() === undefined) return undefined;
  const nodeModules = nearestNodeModules(path) ?? packageNodeModules(path);
  if (nodeModules === undefined) return undefined;
  try {
    const stats = statSync(nodeModules);
    if (!stats.isDirectory() || !ownedByThisUser(stats)) return undefined;
  } catch {
    return undefined; // no node_modules: nothing to keep it beside
  }
  return join(nodeModules, '.cache', 'taskcast', 'compiled-code');
}

function nearestNodeModules(path: string): string | undefined {
  for (let dir = dirname(path); dirname(dir) !== dir; dir = dirname(dir))
    if (basename(dir) === 'node_modules') return dir;
  return undefined;
}

function packageNodeModules(path: string): string | undefined {
  for (let dir = dirname(path); dirname(dir) !== dir; dir = dirname(dir))
    if (existsSync(join(dir, 'package.json'))) return join(dir, 'node_modules');
  return undefined;
}

/**
 * Where the code cache of the script `bytes` is kept, or undefined. Named by the bytes, not the text: a text
 * with a character past ASCII is two bytes a character to V8, and hashing it as text encoded it again (~1.7 ms
 * of CPU more for the bundle's 1.2 MB).
 */
function codeCacheFile(path: string, bytes: Buffer): string | undefined {
  const folder = codeCacheFolder(path);
  if (folder === undefined) return undefined;
  const flags = JSON.stringify([process.execArgv, process.env['NODE_OPTIONS'] ?? '']);
  const key = createHash('sha256')
    .update(`${process.versions.v8} ${process.arch} ${flags}\n${PROLOGUE}\n`)
    .update(bytes)
    .digest('hex')
    .slice(0, 32);
  return join(folder, `${key}-weather.v8c`);
}

/** A code cache file fit to run: a regular file (opened through no link), this user's, theirs alone to write, one name. */
function acceptedFile(stats: Stats): boolean {
  return stats.isFile() && thisUsersAlone(stats) && stats.nlink === 1;
}

/**
 * Whether the folders of `file` below node_modules are fit to hold code: `.cache` a folder, not a link;
 * `.cache/taskcast` and its `compiled-code` folders, not links, this user's and theirs alone to write.
 */
function privateFolders(file: string): boolean {
  const folder = dirname(file);
  const taskcast = dirname(folder);
  try {
    if (!lstatSync(dirname(taskcast)).isDirectory()) return false;
    return [taskcast, folder].every((dir) => {
      const stats = lstatSync(dir);
      return stats.isDirectory() && thisUsersAlone(stats);
    });
  } catch {
    return false;
  }
}

function keepCodeCache(script: Script, file: string): void {
  let kept = false;
  const keep = (): void => {
    if (kept) return;
    kept = true;
    process.off('exit', keep);
    try {
      // 0700 where made; one made otherwise (another umask, another user) is left as it is and not used.
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      if (privateFolders(file)) writeDigestedFile(file, script.createCachedData(), 0o600);
    } catch {
      // a read-only file system, or another's folder: the next process compiles the script, as now
    }
  };
  setTimeout(keep, KEEP_AFTER_MS).unref();
  process.on('exit', keep);
}

/** A script's cache, read only as {@link runKeptScript} says. */
function readCodeCache(file: string): Buffer | undefined {
  return privateFolders(file) ? readDigestedFile(file, acceptedFile) : undefined;
}
