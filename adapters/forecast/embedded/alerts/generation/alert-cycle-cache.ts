import { deserialize, serialize } from 'node:v8';
import { readKeptFile, writeKeptFile } from '../../shared/kept-files.ts';
import { modelCacheFile } from '../../shared/model-cache.ts';
import type { AlertFeature, AlertZone } from '../../weather/index.ts';

/**
 * Where the `npm start` bundle keeps the cycles its workers generated, so that the next start in the same
 * 12-hour cycle (a test suite starting the server again and again) reads the alerts in milliseconds instead
 * of generating them for a second. A file is named by a digest of the worker bundle (which holds the whole
 * model: a changed model is a new bundle) and of the zones it was given, so it can only ever be read back
 * by the same model for the same inputs (model-cache.ts). TASKCAST_CACHE_DIR moves it; `off` turns it off.
 */
export function cycleCacheFile(
  moduleUrl: string,
  zonesByOffice: readonly (readonly AlertZone[])[],
  cycleHour: number,
): string | undefined {
  return modelCacheFile(moduleUrl, 'alert-cycles', zonesByOffice, `${cycleHour}.v8`);
}

/**
 * Where one office's alerts for a cycle are kept once a request had them made (a point's, a zone's or a
 * state's list, before the whole cycle is wanted): so each test file of a suite, a fresh process where the
 * test runner isolates files, reads its point's office instead of making it again. Named as the cycle's
 * file is, by the model's bundle and the office's zones alone.
 */
export function officeCacheFile(moduleUrl: string, zones: readonly AlertZone[], cycleHour: number): string | undefined {
  return modelCacheFile(moduleUrl, 'alert-offices', zones, `${cycleHour}.v8`);
}

export function readCachedAlerts(file: string | undefined): AlertFeature[] | undefined {
  const bytes = file === undefined ? undefined : readKeptFile(file);
  if (bytes === undefined) return undefined;
  try {
    return deserialize(bytes) as AlertFeature[];
  } catch {
    return undefined; // unreadable: generate it
  }
}

/** Kept whole or not at all (kept-files.ts): one that cannot be written only costs the next start its second. */
export function writeCachedAlerts(file: string | undefined, alerts: readonly AlertFeature[]): void {
  if (file !== undefined) writeKeptFile(file, serialize(alerts));
}
