import type { ForecastUseCases } from '../../application/forecast/index.ts';
import { silentLogger, type Logger } from '../../adapters/logging/logger.ts';
import { fetchInProcess, readRequestParts, type RequestParts } from '../../adapters/http/in-process-exchange.ts';
import { handedOver } from './handed-over.ts';
import type { ScenarioControls } from '../../adapters/forecast/control/forecast-controls.ts';
import { clockSettingOf } from '../../adapters/forecast/control/clock-setting.ts';
import type { TaskcastForecast } from './taskcast-forecast.ts';

export type { TaskcastForecast } from './taskcast-forecast.ts';

/**
 * In-process, nothing is logged but an error that turned an answer into a 500: a test that gets one must
 * see why, on the console its runner shows.
 */
export const errorsToConsole: Logger = {
  ...silentLogger,
  error: (message, fields) => console.error(`taskcast: ${message}`, fields?.['error'] ?? fields ?? ''),
};

/** The forecast object, and what closing the library does to it. */
export interface LibraryForecast {
  readonly forecast: TaskcastForecast;
  /** Rejects every fetch still pending with `reason` and stops its fault delay, so no timer outlives close(). */
  abandonPending(reason: Error): void;
}

/** What answers the forecast object's fetch: an h3 app (the server's whole one, or the forecast API alone). */
export interface InProcessApp {
  fetch(request: Request): Response | Promise<Response>;
}

/**
 * The request itself, when it can go to the app as it is (see handed-over.ts): made for this call alone, of
 * the realm whose Request the app would otherwise be given, bodyless, with its User-Agent, and answered
 * without following redirects, so no hop needs its headers copied.
 */
function asItIs(input: unknown, init: RequestInit | undefined): Request | undefined {
  if (typeof input !== 'object' || input === null || !handedOver.has(input)) return undefined;
  if (!(input instanceof globalThis.Request) || (input.method !== 'GET' && input.method !== 'HEAD')) return undefined;
  if (init?.redirect !== 'manual' || Object.keys(init).length !== 1 || !input.headers.has('user-agent'))
    return undefined;
  return input;
}

/** What fetchInProcess reads of a request given as it is: its headers and body stay in it. */
const partsOf = (request: Request): RequestParts => ({
  url: request.url,
  method: request.method,
  headers: [],
  body: null,
  signal: request.signal,
  redirect: 'manual',
});

/** The wired forecast context: its use cases, and its controls through their port. */
export interface ForecastContextParts {
  readonly useCases: ForecastUseCases;
  /** The controls through their port, as the admin routes, taskcast/msw and taskcast/fetch see them. */
  readonly controls: ScenarioControls;
}

/** The forecast object over a wired forecast context, answering through `app`. */
export function libraryForecast({ useCases, controls }: ForecastContextParts, app: InProcessApp): LibraryForecast {
  const pending = new Set<AbortController>();
  const forecast: TaskcastForecast = {
    useCases,
    async fetch(input, init) {
      const own = asItIs(input, init);
      const parts = own ? partsOf(own) : await readRequestParts(input, init);
      if (!own && !parts.headers.some(([name]) => name.toLowerCase() === 'user-agent'))
        parts.headers.push(['user-agent', 'node']);
      // The caller's signal, or close(): whichever aborts first ends the request.
      const controller = new AbortController();
      const caller = parts.signal;
      const follow = (): void => controller.abort(caller?.reason);
      if (caller?.aborted) follow();
      else caller?.addEventListener('abort', follow, { once: true });
      pending.add(controller);
      try {
        return await fetchInProcess(
          async (request) => app.fetch(request),
          { ...parts, signal: controller.signal },
          own,
        );
      } finally {
        pending.delete(controller);
        caller?.removeEventListener('abort', follow);
      }
    },
    setClock: (now, rate) => {
      const setting = clockSettingOf(now, rate);
      return controls.setClock(setting.now, setting.rate);
    },
    clock: () => controls.clockState(),
    loadScenario: (scenario) => controls.loadScenario(scenario),
    clearScenario: () => controls.clearScenario(),
    reset: () => controls.reset(),
  };
  return {
    forecast,
    abandonPending: (reason) => {
      for (const controller of pending) controller.abort(reason);
    },
  };
}
