import type { Container } from 'inversify';
import { silentLogger, type Logger } from '../../adapters/logging/logger.ts';
import { fetchInProcess, readRequestParts } from '../../adapters/http/in-process-exchange.ts';
import type { ScenarioControls } from '../../adapters/forecast/control/forecast-controls.ts';
import { clockSettingOf } from '../../adapters/forecast/control/clock-setting.ts';
import { TOKENS } from '../composition/tokens.ts';
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

/** The forecast object over a wired container's forecast context, answering through `app`. */
export async function libraryForecast(container: Container, app: InProcessApp): Promise<LibraryForecast> {
  const useCases = await container.getAsync(TOKENS.ForecastUseCases);
  // The controls through their port, as the admin routes, taskcast/msw and taskcast/fetch see them.
  const controls: ScenarioControls = await container.getAsync(TOKENS.ForecastControls);
  const pending = new Set<AbortController>();
  const forecast: TaskcastForecast = {
    useCases,
    async fetch(input, init) {
      const parts = await readRequestParts(input, init);
      if (!parts.headers.some(([name]) => name.toLowerCase() === 'user-agent'))
        parts.headers.push(['user-agent', 'node']);
      // The caller's signal, or close(): whichever aborts first ends the request.
      const controller = new AbortController();
      const caller = parts.signal;
      const follow = (): void => controller.abort(caller?.reason);
      if (caller?.aborted) follow();
      else caller?.addEventListener('abort', follow, { once: true });
      pending.add(controller);
      try {
        return await fetchInProcess(async (request) => app.fetch(request), { ...parts, signal: controller.signal });
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
