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
  const dir = process.env['TASKCAST_CACHE_DIR'] ?? join(tmpdir(), 'taskcast-cache');
  const module = new URL(moduleUrl);
  if (dir === 'off' || extname(module.pathname) !== '.mjs') return undefined;
  try {
    const model = readFileSync(new URL('./alert-worker.mjs', module));
    const key = createHash('sha256').update(model).update(serialize(zonesByOffice)).digest('hex').slice(0, 32);
    return join(dir, 'alert-cycles', `${key}-${cycleHour}.v8`);
  } catch {
    return undefined;
  }
}

export function readCachedCycle(file: string | undefined): AlertFeature[] | undefined {
  if (file === undefined) return undefined;
  try {
    return deserialize(readFileSync(file)) as AlertFeature[];
  } catch {
    return undefined; // absent, or unreadable: generate it
  }
}

export function writeCachedCycle(file: string | undefined, alerts: readonly AlertFeature[]): void {
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
