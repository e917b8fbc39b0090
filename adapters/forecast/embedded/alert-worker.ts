import { parentPort, workerData } from 'node:worker_threads';
import type { AlertZone } from './weather/index.ts';
import { generateOfficeAlerts } from './alert-generation.ts';

/** Worker entry (see alert-generator.ts): one cycle's alerts for every office, posted back as one array. */
interface Job {
  readonly zonesByOffice: readonly (readonly AlertZone[])[];
  readonly cycleHour: number;
}

const job = workerData as Job;
parentPort?.postMessage(job.zonesByOffice.flatMap((zones) => generateOfficeAlerts(zones, job.cycleHour)));
