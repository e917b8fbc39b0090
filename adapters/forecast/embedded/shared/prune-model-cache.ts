import { promises as fs } from 'node:fs';
import { basename, dirname, join } from 'node:path';
// From node:timers, not the global: a DOM test environment (Jest's jsdom) has no global setImmediate.
import { setImmediate } from 'node:timers';
import { isModelCacheName, MODEL_CACHE_FOLDERS, type ModelCacheFolder } from './model-cache.ts';

/**
 * How long a kept file may go unused (neither written nor read, kept-files.ts) before it is deleted. Files are
 * named by the model's bundle and their inputs (model-cache.ts), so those of an older bundle, and an alert
 * cycle's once the clock has left it, are never read again and would otherwise pile up for good (0.8 MB a
 * cycle, two cycles a day). A week keeps what a weekly CI cache or a second installed version still reads.
 */
export const UNUSED_FOR_MS = 7 * 24 * 3_600_000;

/** How often a process prunes a cache it writes to: a server runs for weeks and writes two cycles a day. */
export const PRUNE_EVERY_MS = 24 * 3_600_000;

/** When this process last started pruning each cache, ms. */
const lastStarted = new Map<string, number>();

/**
 * Prunes the cache that `written` (a file just written in a folder of it) lies in, at most once a day per
 * process and cache: a turn of the event loop later, with the file system's promises, so no request waits on
 * it. Gives the pruning it started (the paths removed), or undefined where it started none.
 */
export function pruneModelCacheDaily(written: string, nowMs = Date.now()): Promise<string[]> | undefined {
  const folder = dirname(written);
  if (!(MODEL_CACHE_FOLDERS as readonly string[]).includes(basename(folder))) return undefined;
  const cache = dirname(folder);
  const last = lastStarted.get(cache);
  if (last !== undefined && nowMs - last < PRUNE_EVERY_MS) return undefined;
  lastStarted.set(cache, nowMs);
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => pruneModelCache(cache, nowMs))
    .catch(() => []);
}

/**
 * Deletes the files of the model's cache folders under `cache` unused for {@link UNUSED_FOR_MS} at `nowMs`,
 * and gives their paths. Only names the model gives (a temporary one included: a writer holds one for
 * milliseconds, so one a week old was left by a process that died mid-write) and only regular files; a
 * file another process removes or renews meanwhile costs at most its making again.
 */
export async function pruneModelCache(cache: string, nowMs: number): Promise<string[]> {
  const removed: string[] = [];
  for (const folder of MODEL_CACHE_FOLDERS) {
    for (const name of await namesIn(cache, folder)) {
      const path = join(cache, folder, name);
      try {
        const stats = await fs.lstat(path);
        if (!stats.isFile() || nowMs - stats.mtimeMs <= UNUSED_FOR_MS) continue;
        await fs.unlink(path);
        removed.push(path);
      } catch {
        // gone already, or not ours to remove
      }
    }
  }
  return removed;
}

async function namesIn(cache: string, folder: ModelCacheFolder): Promise<string[]> {
  try {
    return (await fs.readdir(join(cache, folder))).filter(isModelCacheName);
  } catch {
    return []; // no such folder yet
  }
}
