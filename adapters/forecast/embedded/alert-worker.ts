import { parentPort, workerData } from 'node:worker_threads';
import { generateTakingTurns } from './alert-turns.ts';
import type { AlertFeature, AlertZone } from './weather/index.ts';

/**
 * Worker entry (see alert-generator.ts): generates a cycle's alerts, taking offices in turn with any other
 * thread given the same board (alert-turns.ts), and posts each office's alerts as soon as they are made,
 * so a request waiting for one office need not wait for the cycle. `null` says it has taken its last.
 */
export interface AlertJob {
  readonly cycleHour: number;
  readonly zonesByOffice: readonly (readonly AlertZone[])[];
  readonly board: SharedArrayBuffer;
}

/** One message from the worker: an office's alerts, or null when it is done. */
export type AlertWorkerMessage = { readonly office: number; readonly alerts: AlertFeature[] } | null;

const job = workerData as AlertJob;
const post = (message: AlertWorkerMessage) => parentPort?.postMessage(message);
generateTakingTurns(job.zonesByOffice, job.cycleHour, job.board, (office, alerts) => post({ office, alerts }));
post(null);
