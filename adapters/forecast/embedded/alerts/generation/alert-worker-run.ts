import { Worker } from 'node:worker_threads';
import type { AlertJob, AlertWorkerMessage } from './alert-worker.ts';
import { keepingAlive } from '../../shared/keep-alive.ts';
import { workerSource } from '../../../../shared/worker-source.ts';
import { adoptPrecipMonths, type AlertFeature } from '../../weather/index.ts';

/** One alert worker at work (alert-worker.ts). */
export interface AlertWorkerRun {
  /**
   * Settles once the worker has taken its last office (each was handed to `onOffice` as it came); the
   * process stays open until then.
   */
  readonly done: Promise<void>;
  /** The same, without holding the process open: the worker is unref'd, for a cycle nobody waits for. */
  readonly settled: Promise<void>;
  /** Stops the worker; resolves once its thread has stopped, so it claims nothing more. */
  terminate(): Promise<void>;
}

/**
 * Starts a worker on `job`, handing each office's alerts to `onOffice` as the worker posts them.
 * `moduleUrl` is the caller's `import.meta.url`: the worker is its sibling alert-worker file, with the
 * caller's own extension (`.mjs` in the `npm start` bundle, `.js` in the compiled package, `.ts` under
 * tsx). The worker never keeps the process alive on its own.
 */
export function spawnAlertWorker(
  job: AlertJob,
  moduleUrl: string,
  onOffice: (office: number, alerts: AlertFeature[]) => void,
): AlertWorkerRun {
  const { source, evaluate } = workerSource(moduleUrl, 'alert-worker');
  const worker = new Worker(source, { eval: evaluate, workerData: job });
  const settled = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: AlertWorkerMessage) => {
      // The months the worker measured serve this thread's own forecasts and the next cycle's workers.
      if (message && 'precipMonths' in message) return adoptPrecipMonths(message.precipMonths);
      if (message) return onOffice(message.office, message.alerts);
      resolve();
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`alert worker exited with code ${code}`)));
  });
  // After the listeners: adding a 'message' listener refs the worker's port again, which kept a script
  // that had asked for alerts alive for up to a second after its last line.
  worker.unref();
  return {
    settled,
    get done() {
      return keepingAlive(settled);
    },
    terminate: async () => void (await worker.terminate()),
  };
}
