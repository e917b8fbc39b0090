/**
 * node:worker_threads for the browser build: no worker threads. `new Worker` throws, and the alert
 * generator then makes the cycle on the page's event loop in office-sized slices (its fallback).
 */
export class Worker {
  constructor() {
    throw new Error('no worker threads in the browser build: the alerts are generated in slices instead');
  }
}
export const parentPort = null;
export const workerData = undefined;
export const isMainThread = true;
export default { Worker, parentPort, workerData, isMainThread };
