import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { generateTakingTurns } from './alert-turns.ts';
import { adoptPrecipMonths, measuredPrecipMonths, type AlertFeature, type AlertZone } from '../../weather/index.ts';

/**
 * Worker entry (see alert-generator.ts): generates a cycle's alerts, taking offices in turn with any other
 * thread given the same board (alert-turns.ts), and posts each office's alerts as soon as they are made,
 * so a request waiting for one office need not wait for the cycle. `null` says it has taken its last.
 */
export interface AlertJob {
  readonly cycleHour: number;
  readonly zonesByOffice: readonly (readonly AlertZone[])[];
  readonly board: SharedArrayBuffer;
  /**
   * The normals stations' months whose precipitation the process has measured (monthly-precip.ts): a worker
   * is a new thread each cycle, and measuring them again cost it ~10-15% of its cycle's CPU.
   */
  readonly precipMonths?: Float64Array;
}

/**
 * One message from the worker: an office's alerts; the station-months it measured (`precipMonths`, for the
 * next cycle's workers), sent once before it is done; or null when it is done.
 */
export type AlertWorkerMessage =
  { readonly office: number; readonly alerts: AlertFeature[] } | { readonly precipMonths: Float64Array } | null;

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
if (job.precipMonths) adoptPrecipMonths(job.precipMonths);
generateTakingTurns(job.zonesByOffice, job.cycleHour, job.board, (office, alerts) => post({ office, alerts }));
post({ precipMonths: measuredPrecipMonths() });
post(null);
