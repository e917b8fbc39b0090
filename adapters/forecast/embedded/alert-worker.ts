import { existsSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { cycleCacheFile, zonesDigest } from './alert-cycle-cache.ts';
import { generateTakingTurns, takeAllTurns } from './alert-turns.ts';
import { shippedAlertZones } from './alert-zones-shipped.ts';
import type { AlertZone } from './weather/index.ts';

/**
 * Worker entry (see alert-generator.ts): generates a cycle's alerts, taking offices in turn with any other
 * worker given the same counter (alert-turns.ts), and posts them back as one array.
 *
 * Without zones (the start-up prefetch, alert-prefetch.ts) it reads them from the shipped catalogue first
 * and posts their digest, so the server can check they are the zones it would have used; and when the
 * cycle cache already holds the cycle it stops there, leaving the server to read the file.
 */
export interface AlertJob {
  readonly cycleHour: number;
  /** The zones by office; absent, read from the shipped catalogue. */
  readonly zonesByOffice?: readonly (readonly AlertZone[])[];
  readonly counter: SharedArrayBuffer;
}

/** What the worker posts: the zones' digest (prefetch only, first), then the alerts or word of the cache. */
export type AlertWorkerMessage =
  | { readonly kind: 'zones'; readonly digest: string }
  | { readonly kind: 'cached' }
  | { readonly kind: 'alerts'; readonly alerts: readonly unknown[] };

function run(job: AlertJob): AlertWorkerMessage {
  let zones = job.zonesByOffice;
  if (zones === undefined) {
    zones = shippedAlertZones();
    const digest = zonesDigest(zones);
    parentPort?.postMessage({ kind: 'zones', digest } satisfies AlertWorkerMessage);
    const cached = cycleCacheFile(import.meta.url, digest, job.cycleHour);
    if (cached !== undefined && existsSync(cached)) {
      takeAllTurns(job.counter);
      return { kind: 'cached' };
    }
  }
  return { kind: 'alerts', alerts: generateTakingTurns(zones, job.cycleHour, job.counter) };
}

parentPort?.postMessage(run(workerData as AlertJob));
