import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { AlertFeature, AlertZone } from './weather/index.ts';
import { generateOfficeAlerts, newestFirst } from './alert-generation.ts';

/**
 * Generating a cycle's alerts costs seconds of CPU (an hourly weather series for every zone), so it runs
 * off the request path: in a worker thread, which leaves the event loop free and uses the other core.
 * Where a worker cannot start (no TypeScript loader for it, say), it runs here in office-sized slices with
 * setImmediate between them, so other requests interleave; an office takes tens of milliseconds.
 */
export type AlertGenerator = (zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number) => Promise<AlertFeature[]>;

export const generateAlertsOffThread: AlertGenerator = async (zonesByOffice, cycleHour) => {
  let alerts: AlertFeature[];
  try {
    // One worker: two (one per core) measured slower on a busy 2-core box, each paying the loader's start-up.
    alerts = await inWorker(zonesByOffice, cycleHour);
  } catch {
    alerts = await inSlices(zonesByOffice, cycleHour);
  }
  return alerts.sort(newestFirst);
};

/** The worker alone, without the fallback (tests use it to check the worker really runs). */
export const generateAlertsInWorker: AlertGenerator = async (zonesByOffice, cycleHour) =>
  (await inWorker(zonesByOffice, cycleHour)).sort(newestFirst);

export const generateAlertsInSlices: AlertGenerator = async (zonesByOffice, cycleHour) =>
  (await inSlices(zonesByOffice, cycleHour)).sort(newestFirst);

async function inSlices(zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number): Promise<AlertFeature[]> {
  const alerts: AlertFeature[] = [];
  for (const zones of zonesByOffice) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    alerts.push(...generateOfficeAlerts(zones, cycleHour));
  }
  return alerts;
}

/**
 * Where the `npm start` bundle keeps the cycles its worker generated, so that the next start in the same
 * 12-hour cycle (a test suite starting the server again and again) reads the alerts in milliseconds instead
 * of generating them for a second. A file is named by a digest of the worker bundle (which holds the whole
 * model: a changed model is a new bundle) and of the zones it was given, so it can only ever be read back
 * by the same model for the same inputs. Only the bundle caches: elsewhere the worker's code spans many
 * files, and a digest of one would not name the model. TASKCAST_CACHE_DIR moves it; `off` turns it off.
 */
function cycleCacheFile(zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number): string | undefined {
  const dir = process.env['TASKCAST_CACHE_DIR'] ?? join(tmpdir(), 'taskcast-cache');
  const worker = new URL(import.meta.url);
  if (dir === 'off' || extname(worker.pathname) !== '.mjs') return undefined;
  try {
    const model = readFileSync(new URL('./alert-worker.mjs', worker));
    const key = createHash('sha256').update(model).update(serialize(zonesByOffice)).digest('hex').slice(0, 32);
    return join(dir, 'alert-cycles', `${key}-${cycleHour}.v8`);
  } catch {
    return undefined;
  }
}

function readCachedCycle(file: string | undefined): AlertFeature[] | undefined {
  if (file === undefined) return undefined;
  try {
    return deserialize(readFileSync(file)) as AlertFeature[];
  } catch {
    return undefined; // absent, or unreadable: generate it
  }
}

function writeCachedCycle(file: string | undefined, alerts: readonly AlertFeature[]): void {
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

async function inWorker(zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number): Promise<AlertFeature[]> {
  const file = cycleCacheFile(zonesByOffice, cycleHour);
  const cached = readCachedCycle(file);
  if (cached) return cached;
  const alerts = await runWorker(zonesByOffice, cycleHour);
  writeCachedCycle(file, alerts);
  return alerts;
}

function runWorker(zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number): Promise<AlertFeature[]> {
  return new Promise((resolve, reject) => {
    const { source, evaluate } = workerSource();
    const worker = new Worker(source, { eval: evaluate, workerData: { zonesByOffice, cycleHour } });
    worker.once('message', (alerts: AlertFeature[]) => {
      resolve(alerts);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`alert worker exited with code ${code}`)));
  });
}

/**
 * The worker runs this module's sibling alert-worker file, with this module's own extension: `.mjs` in the
 * `npm start` bundle, `.js` in the compiled package (tsconfig.build.json lists the worker, which nothing
 * imports). Under tsx (how the project runs) a worker does not inherit the TypeScript loader, so the
 * worker first registers tsx's ESM hooks, then imports the file.
 */
function workerSource(): { source: string | URL; evaluate: boolean } {
  const ext = extname(new URL(import.meta.url).pathname);
  const target = new URL(`./alert-worker${ext}`, import.meta.url);
  if (ext !== '.ts') return { source: target, evaluate: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(target.href)}); });`;
  return { source: code, evaluate: true };
}
