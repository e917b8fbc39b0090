import { Worker } from 'node:worker_threads';
import type { AlertJob, AlertWorkerMessage } from './alert-worker.ts';
import { keepingAlive } from '../../shared/keep-alive.ts';
import { workerSource } from '../../../../shared/worker-source.ts';
import { adoptPrecipMonths, type AlertFeature } from '../../weather/index.ts';

/**
 * The V8 heap an alert worker is given. A worker keeps ~10-20 MB live (the model's code and data, an office's
 * series), but with V8's defaults its heap reached 45-95 MB: a young generation of 32 MB (both semi-spaces at
 * their 16 MB maximum) and an old one holding up to 60 MB, mostly garbage promoted from it. Under V8's default
 * maximum (4 GB here) the old generation may grow to 4x its live size before a full collection; a smaller
 * maximum scales that factor towards 1.3 (MaxGrowingFactor in
 * https://github.com/v8/v8/blob/main/src/heap/heap-controller.cc). The two workers of a start-up were most of
 * the server's peak RSS: with these limits each heap stays near 25 MB, and an idle start's peak (VmHWM, empty
 * cache, 2 cores) fell from 221-274 MB to 173-186 MB, for 5-7 % more time to the first `/alerts`
 * (docs/benchmarks.md). 128 MB of old generation is 6x or more what a worker keeps live; a worker that ran out
 * of it would fail as any other does (an 'error', ERR_WORKER_OUT_OF_MEMORY): under generateAlertsOffThread
 * ('workers, else slices', the generator alertResources uses, so `npm start`'s and the library's), the offices it
 * had not sent would then be made on the main thread; under generateAlertsInWorker (the workers alone, for
 * tests) the cycle fails instead (alert-generator.ts).
 */
const ALERT_WORKER_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 128 } as const;

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
  const worker = new Worker(source, { eval: evaluate, workerData: job, resourceLimits: ALERT_WORKER_LIMITS });
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
