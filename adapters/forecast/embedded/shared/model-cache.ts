import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { serialize } from 'node:v8';
import { thisUser, thisUsersAlone } from './own-files.ts';

/**
 * Where the bundled model keeps what it made for later processes (a cycle's alerts, an office's, the month
 * factors of its stations): a file in `folder` of TASKCAST_CACHE_DIR (`off` turns it off), named by a digest
 * of the worker bundle and of `inputs`, then `suffix`. The worker bundle holds the whole model, its code and
 * the climate fit compiled into it, so a changed model or fit is a new bundle and a new name: a file can only
 * ever be read back by the same model for the same inputs. Only the bundle keeps anything: elsewhere the
 * model's code spans many files, and a digest of one would not name the model.
 *
 * `moduleUrl` is the URL of a module of the bundle (the caller's `import.meta.url`): the worker bundle lies
 * beside it.
 */
export function modelCacheFile(
  moduleUrl: string,
  folder: ModelCacheFolder,
  inputs: unknown,
  suffix: string,
): string | undefined {
  const dir = modelCacheDir();
  const name = dir === undefined ? undefined : modelCacheName(moduleUrl, folder, inputs, suffix);
  return name === undefined ? undefined : join(dir!, name);
}

/**
 * The name {@link modelCacheFile} gives within the cache folder, `folder/key-suffix`, wherever the folder is:
 * also the name the package's own copy of such a file goes by (shipped-model-data.ts). Undefined outside the
 * bundle.
 */
export function modelCacheName(
  moduleUrl: string,
  folder: ModelCacheFolder,
  inputs: unknown,
  suffix: string,
): string | undefined {
  const module = new URL(moduleUrl);
  if (extname(module.pathname) !== '.mjs') return undefined;
  const model = modelDigest(module);
  if (model === undefined) return undefined;
  const key = createHash('sha256').update(model).update(serialize(inputs)).digest('hex').slice(0, 32);
  return `${folder}/${key}-${suffix}`;
}

/**
 * TASKCAST_CACHE_DIR, or undefined where it is `off`; unset, the user's own default folder, or undefined
 * where that is not this user's alone (see {@link defaultCacheDir}).
 */
export function modelCacheDir(): string | undefined {
  const dir = process.env['TASKCAST_CACHE_DIR'];
  if (dir !== undefined) return dir === 'off' ? undefined : dir;
  return defaultCacheDir(tmpdir());
}

/** The verdict on each default folder, by its path: checked once a process (see {@link defaultCacheDir}). */
const defaultDirs = new Map<string, string | undefined>();

/**
 * `<tmp>/taskcast-cache-<uid>`, made 0700 by this process if no one has made it yet, and used only if it is
 * then a folder (not a link) of this user's that no one else may write to: the temporary folder is shared,
 * and another user who made this name first could otherwise plant files that change the double's answers.
 * Since a shared temporary folder is sticky, no one else can rename or remove the folder once it is this
 * user's, so one check a process holds. Where there are no user ids (Windows, the browser build) the
 * temporary folder is the user's own: `<tmp>/taskcast-cache`.
 */
function defaultCacheDir(tmp: string): string | undefined {
  const uid = thisUser();
  if (uid === undefined) return join(tmp, 'taskcast-cache');
  const dir = join(tmp, `taskcast-cache-${uid}`);
  if (!defaultDirs.has(dir)) defaultDirs.set(dir, ownFolder(dir) ? dir : undefined);
  return defaultDirs.get(dir);
}

function ownFolder(dir: string): boolean {
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
  }
  try {
    const stats = lstatSync(dir);
    return stats.isDirectory() && thisUsersAlone(stats); // lstat: a link is no directory
  } catch {
    return false;
  }
}

/**
 * The folders of TASKCAST_CACHE_DIR the model keeps files in: the only ones pruned (prune-model-cache.ts).
 * `compiled-code` is where V8's code cache of the bundle itself is kept (bootstrap/entry/kept-script.ts),
 * now under the package's `node_modules/.cache/taskcast/`, pruned there alike; a TASKCAST_CACHE_DIR's own,
 * where an earlier version kept it, only ages out.
 */
export const MODEL_CACHE_FOLDERS = [
  'alert-cycles',
  'alert-offices',
  'compiled-code',
  'precip-months',
  'zone-offsets',
] as const;
export type ModelCacheFolder = (typeof MODEL_CACHE_FOLDERS)[number];

/**
 * Whether a name in those folders is one {@link modelCacheFile} gives (its key, a dash, the suffix), or a
 * temporary file written under it: nothing else there is the model's to delete.
 */
export const isModelCacheName = (name: string): boolean => /^[0-9a-f]{32}-/.test(name);

/** The worker bundle's digest, by the bundle's folder: read once per process, as it cannot change under it. */
const modelDigests = new Map<string, Buffer | undefined>();

function modelDigest(module: URL): Buffer | undefined {
  const worker = new URL('./alert-worker.mjs', module);
  if (!modelDigests.has(worker.href)) {
    let digest: Buffer | undefined;
    try {
      digest = createHash('sha256').update(readFileSync(worker)).digest();
    } catch {
      digest = undefined;
    }
    modelDigests.set(worker.href, digest);
  }
  return modelDigests.get(worker.href);
}
