import { parentPort, workerData } from 'node:worker_threads';
import { generateTakingTurns } from './alert-turns.ts';
import type { AlertZone } from './weather/index.ts';

/**
 * Worker entry (see alert-generator.ts): generates a cycle's alerts, taking offices in turn with any other
 * worker given the same counter (alert-turns.ts), and posts them back as one array.
 */
export interface AlertJob {
  readonly cycleHour: number;
  readonly zonesByOffice: readonly (readonly AlertZone[])[];
  readonly counter: SharedArrayBuffer;
}

const job = workerData as AlertJob;
parentPort?.postMessage(generateTakingTurns(job.zonesByOffice, job.cycleHour, job.counter));
