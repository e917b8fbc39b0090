import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { AlertFeature, AlertZone } from '../../weather/index.ts';

/**
 * Where the `npm start` bundle keeps the cycles its workers generated, so that the next start in the same
 * 12-hour cycle (a test suite starting the server again and again) reads the alerts in milliseconds instead
 * of generating them for a second. A file is named by a digest of the worker bundle (which holds the whole
 * model: a changed model is a new bundle) and of the zones it was given, so it can only ever be read back
 * by the same model for the same inputs. Only the bundle caches: elsewhere the worker's code spans many
 * files, and a digest of one would not name the model. TASKCAST_CACHE_DIR moves it; `off` turns it off.
 *
 * `moduleUrl` is the URL of a module of the bundle (the caller's `import.meta.url`): the worker bundle
 * lies beside it.
 */
export function cycleCacheFile(
  moduleUrl: string,
  zonesByOffice: readonly (readonly AlertZone[])[],
  cycleHour: number,
): string | undefined {
  return cacheFile(moduleUrl, 'alert-cycles', zonesByOffice, cycleHour);
}

/**
 * Where one office's alerts for a cycle are kept once a request had them made (a point's, a zone's or a
 * state's list, before the whole cycle is wanted): so each test file of a suite, a fresh process where the
 * test runner isolates files, reads its point's office instead of making it again. Named as the cycle's
 * file is, by the model's bundle and the office's zones alone.
 */
export function officeCacheFile(moduleUrl: string, zones: readonly AlertZone[], cycleHour: number): string | undefined {
  return cacheFile(moduleUrl, 'alert-offices', zones, cycleHour);
}

function cacheFile(moduleUrl: string, folder: string, inputs: unknown, cycleHour: number): string | undefined {
  const dir = process.env['TASKCAST_CACHE_DIR'] ?? join(tmpdir(), 'taskcast-cache');
  const module = new URL(moduleUrl);
  if (dir === 'off' || extname(module.pathname) !== '.mjs') return undefined;
  const model = modelDigest(module);
  if (model === undefined) return undefined;
  const key = createHash('sha256').update(model).update(serialize(inputs)).digest('hex').slice(0, 32);
  return join(dir, folder, `${key}-${cycleHour}.v8`);
}

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

export function readCachedAlerts(file: string | undefined): AlertFeature[] | undefined {
  if (file === undefined) return undefined;
  try {
    return deserialize(readFileSync(file)) as AlertFeature[];
  } catch {
    return undefined; // absent, or unreadable: generate it
  }
}

export function writeCachedAlerts(file: string | undefined, alerts: readonly AlertFeature[]): void {
  if (file === undefined) return;
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    // Written whole under a temporary name, then renamed: a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, serialize(alerts));
    renameSync(temporary, file);
  } catch {
    // a cache that cannot be written only costs the next start its second
  }
}
