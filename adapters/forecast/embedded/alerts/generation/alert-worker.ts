import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { generateTakingTurns } from './alert-turns.ts';
import type { AlertFeature, AlertZone } from '../../weather/index.ts';

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

// On Linux a nice value is a thread's own, so this thread yields the cores to the server's event loop
// whenever both want them (a request's own office, generated there out of turn, or any other request),
// and takes whatever is left. Elsewhere setPriority would lower the whole process, so it is left alone.
if (process.platform === 'linux') {
  try {
    setPriority(0, 10);
  } catch {
    // not permitted here: the worker runs at the server's priority
  }
}

const job = workerData as AlertJob;
const post = (message: AlertWorkerMessage) => parentPort?.postMessage(message);
generateTakingTurns(job.zonesByOffice, job.cycleHour, job.board, (office, alerts) => post({ office, alerts }));
post(null);
