import { newOfficeCounter } from './alert-turns.ts';
import { spawnAlertWorker, type AlertWorkerRun } from './alert-worker-run.ts';
import { epochHourOf, latestCycle } from './weather/index.ts';

/**
 * The start-up prefetch of the alert cycle (issue 21). Generating a cycle costs about a second of CPU, and
 * a test suite that starts the server asks for /alerts at once. So `npm start` (bootstrap/start.mjs) starts
 * a worker on it before it even loads the server: the worker reads the zones from the shipped catalogue
 * and generates the cycle of the configured clock on the second core while the first loads packages and
 * data. When the server needs its cycle, the alert generator takes the prefetch over if it is for the same
 * cycle and the same zones, and adds a helper worker that takes offices in turn with it (alert-turns.ts);
 * otherwise (a scenario moved the clock, a test injected other zones) it stops the worker and starts afresh.
 *
 * The launcher and the server are separate bundles (module state is not shared), so the one prefetch is
 * handed over on a global symbol.
 */
export interface AlertPrefetch {
  readonly cycleHour: number;
  readonly counter: SharedArrayBuffer;
  readonly run: AlertWorkerRun;
}

const REGISTRY = Symbol.for('taskcast.alertCyclePrefetch');
type Registry = { [REGISTRY]?: AlertPrefetch };

/**
 * Starts generating the cycle the server will want, if its provider is the embedded one; `env` is read the
 * way bootstrap/config.ts reads it (FORECAST_PROVIDER, FORECAST_NOW). A wrong guess costs only the worker.
 */
export function startAlertPrefetch(env: Record<string, string | undefined> = process.env, nowMs: number = Date.now()): AlertPrefetch | undefined {
  if ((env['FORECAST_PROVIDER'] ?? 'embedded') !== 'embedded' || env['TASKCAST_ALERT_PREFETCH'] === 'off') return undefined;
  const now = env['FORECAST_NOW'] ? Date.parse(env['FORECAST_NOW']) : nowMs;
  if (!Number.isFinite(now)) return undefined; // the configuration will refuse it with a message
  const cycleHour = latestCycle(epochHourOf(now));
  const counter = newOfficeCounter();
  const prefetch: AlertPrefetch = { cycleHour, counter, run: spawnAlertWorker({ cycleHour, counter }, import.meta.url) };
  prefetch.run.done.catch(() => undefined); // a failure is the taker's to see (it generates afresh)
  (globalThis as Registry)[REGISTRY]?.run.terminate();
  (globalThis as Registry)[REGISTRY] = prefetch;
  return prefetch;
}

/** The prefetch of `cycleHour`, handed over once; a prefetch of another cycle is stopped. */
export function takeAlertPrefetch(cycleHour: number): AlertPrefetch | undefined {
  const registry = globalThis as Registry;
  const prefetch = registry[REGISTRY];
  delete registry[REGISTRY];
  if (prefetch === undefined || prefetch.cycleHour === cycleHour) return prefetch;
  prefetch.run.terminate();
  return undefined;
}
