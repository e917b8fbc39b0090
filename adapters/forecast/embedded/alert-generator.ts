import { extname } from 'node:path';
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

function inWorker(zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number): Promise<AlertFeature[]> {
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
