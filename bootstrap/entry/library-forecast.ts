import type { Container } from 'inversify';
import type { ClockState } from '../../adapters/forecast/control/forecast-clock.ts';
import type { Scenario } from '../../adapters/forecast/control/scenario-schema.ts';
import { silentLogger, type Logger } from '../../adapters/logging/logger.ts';
import { fetchInProcess, readRequestParts } from '../../adapters/http/in-process-exchange.ts';
import type { ForecastUseCases } from '../../application/forecast/index.ts';
import type { ScenarioControls } from '../../adapters/forecast/control/forecast-controls.ts';
import { clockSettingOf } from '../../adapters/forecast/control/clock-setting.ts';
import { TOKENS } from '../composition/tokens.ts';

/** The forecast service in-process: its use cases, a fetch that answers as api.weather.gov, the controls. */
export interface TaskcastForecast {
  readonly useCases: ForecastUseCases;
  /**
   * The forecast API without a socket, for the code under test: give it where it would call the global
   * fetch. Any origin works (the path is what counts), and links in the bodies keep that origin, so
   * `https://api.weather.gov/points/…` answers with api.weather.gov links. A request without a
   * User-Agent gets Node's fetch default (`node`), as over the network.
   */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /**
   * Moves the forecast clock (the task service keeps real time): rate 0 frozen (default), 1 real time.
   * `now` is a Date or an ISO 8601 instant with a zone; anything else throws ClockSettingInvalid, as
   * PUT /_taskcast/clock answers 400.
   */
  setClock(now: Date | string, rate?: 0 | 1): ClockState;
  /** Reads the forecast clock. */
  clock(): ClockState;
  /** Installs a scenario (see /_taskcast/scenario.schema.json); throws ScenarioInvalid with the path of a mistake. */
  loadScenario(scenario: unknown): Scenario;
  /** Back to the plain model. */
  clearScenario(): void;
  /** Back to the state at creation: no scenario, and the clock as it was then. */
  reset(): ClockState;
}

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
