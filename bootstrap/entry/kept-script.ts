import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
// From node:timers, not the global: a DOM test environment (Jest's jsdom) has its own timers.
import { setTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { isContext, Script } from 'node:vm';
import { readDigestedFile, writeDigestedFile } from '../../adapters/forecast/embedded/shared/kept-files.ts';
import { modelCacheDir } from '../../adapters/forecast/embedded/shared/model-cache.ts';

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
 * with V8's code cache kept in TASKCAST_CACHE_DIR/compiled-code/, and gives its exports. Node 20 has no compile
 * cache for ES modules (`module.enableCompileCache` came in Node 22), and an isolated test file, a fresh process,
 * compiled the bundle's ~0.7 MB again before its first answer, then each function the first answers call on
 * its first call: ~25 of ~105 ms of CPU (issue 40 item 4). With the cache V8 reads the bytecode instead, of
 * the top level and of every function the process that wrote it had called.
 *
 * The cache is named by a digest of the very text run and by V8's version and the architecture (V8 itself
 * checks only the text's length, then refuses a cache of another V8 or other flags, and the next process
 * writes it again). Since a cache is code, it is read only from a folder that this user owns and no one else
 * may write to, made so when written: from a shared temporary folder another user could otherwise put code in
 * this process. A process that found none, or one refused, writes it after {@link KEEP_AFTER_MS} or at exit,
 * whichever comes first; with TASKCAST_CACHE_DIR=off nothing is kept and the script is compiled as any module.
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
  const source = `${PROLOGUE}${bytes.toString('utf8')}\n})`;
  const cacheFile = codeCacheFile(bytes);
  const cachedData = cacheFile === undefined ? undefined : readCodeCache(cacheFile);
  const script = new Script(source, { filename: path, cachedData });
  const module = { exports: {} };
  // In the context of the module that loads it, as its ES module bundle ran: Jest runs a test file's modules
  // in a context of its own (vm.createContext, with jsdom's globals), whose global is a vm context.
  const run = (isContext(globalThis) ? script.runInContext(globalThis) : script.runInThisContext()) as (
    ...args: unknown[]
  ) => void;
  run(module.exports, createRequire(file), module, importMeta, importPeer);
  if (cacheFile !== undefined && (cachedData === undefined || script.cachedDataRejected === true))
    keepCodeCache(script, cacheFile);
  return module.exports;
}

/**
 * Where the code cache of the script `bytes` is kept, or undefined with TASKCAST_CACHE_DIR=off. The bytes,
 * not the text: a text with a character past ASCII is two bytes a character to V8, and hashing it as text
 * encoded it again (~1.7 ms of CPU more for the bundle's 1.2 MB).
 */
function codeCacheFile(bytes: Buffer): string | undefined {
  const dir = modelCacheDir();
  if (dir === undefined) return undefined;
  const key = createHash('sha256')
    .update(`${process.versions.v8} ${process.arch}\n${PROLOGUE}\n`)
    .update(bytes)
    .digest('hex')
    .slice(0, 32);
  return join(dir, 'compiled-code', `${key}-weather.v8c`);
}

/**
 * Whether a cache file is this user's in a folder no one else may write to. Where there are no user ids
 * (Windows), the temporary folder is the user's own.
 */
function ownedByThisUser(stats: Stats): boolean {
  return process.getuid === undefined || stats.uid === process.getuid();
}

/** Whether the cache folder of `file` is this user's, written by no one else (see {@link ownedByThisUser}). */
function privateFolder(file: string): boolean {
  if (process.getuid === undefined) return true;
  try {
    const stats = statSync(join(file, '..'));
    return stats.uid === process.getuid() && (stats.mode & 0o022) === 0;
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
      const folder = join(file, '..');
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      chmodSync(folder, 0o700); // made earlier under another umask: closed before anything is kept in it
      if (privateFolder(file)) writeDigestedFile(file, script.createCachedData());
    } catch {
      // another user's folder, or none can be made: the next process compiles the script, as now
    }
  };
  setTimeout(keep, KEEP_AFTER_MS).unref();
  process.on('exit', keep);
}

/** A script's cache, read only from a private folder and only if this user's: see {@link runKeptScript}. */
function readCodeCache(file: string): Buffer | undefined {
  return privateFolder(file) ? readDigestedFile(file, ownedByThisUser) : undefined;
}
