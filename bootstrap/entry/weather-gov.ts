import type { ClockRate, ClockState } from '../../adapters/forecast/control/forecast-clock.ts';
import type { Scenario } from '../../adapters/forecast/control/scenario.ts';
import { URL as NodeURL } from 'node:url';
import { isForecastPath } from '../../adapters/http/forecast-paths.ts';
import { createForecast } from './forecast.ts';
import { readScenarioFile } from '../composition/scenario-file.ts';

/**
 * A scenario as a document, typed so an inline one is checked as it is written (a document parsed elsewhere:
 * `as Scenario`), or the path (or file: URL) of a JSON file that holds one.
 */
export type ScenarioSource = Scenario | string | URL;

/** What `weatherGovHandlers` (taskcast/msw) and `createWeatherGovFetch` (taskcast/fetch) take. */
export interface WeatherGovOptions {
  /** Sets the forecast clock, frozen unless `rate` is 1. Unset: the clock follows the real time until set. */
  readonly now?: Date | string;
  /** With `now`: 0 frozen (the default), 1 running in real time from `now`. */
  readonly rate?: ClockRate;
  /** Loaded once `now` is set, so its relative times are read against it (its own `clock`, if any, wins). */
  readonly scenario?: ScenarioSource;
  /** The origin answered, and the one links in bodies point at: `https://api.weather.gov` by default. */
  readonly origin?: string;
  /**
   * A recorded bundle to answer from, as FORECAST_PROVIDER=replay does: its folder, or `{ dir, strict }`.
   * A path the bundle does not hold is answered by the model, or 404 with `strict: true`.
   */
  readonly replay?: string | { readonly dir: string; readonly strict?: boolean };
}

/**
 * The test-double controls, the same as the library's forecast object but for scenario files. Plain
 * functions (`this: void`): taskcast/msw and taskcast/fetch hand them out on their own objects.
 */
export interface WeatherGovControls {
  /** Moves the forecast clock: rate 0 frozen (default), 1 real time. */
  setClock(this: void, now: Date | string, rate?: ClockRate): ClockState;
  /** Reads the forecast clock. */
  clock(this: void): ClockState;
  /**
   * Installs a scenario, replacing any other; a string or URL is a JSON file to read. Synchronous (an
   * `await` in front of it is harmless): a file that is missing or not JSON throws ScenarioFileUnreadable, a
   * document off the schema ScenarioInvalid with the `path` of the mistake, and then nothing has changed.
   */
  loadScenario(this: void, scenario: ScenarioSource): Scenario;
  /** Back to the plain model (the clock stays). */
  clearScenario(this: void): void;
  /**
   * Back to the state the options made: their clock (or the real time) and their scenario (or none), with
   * fault counts afresh. For `afterEach`, so no test sees another's clock or scenario.
   */
  reset(this: void): ClockState;
  /**
   * Releases the double: a request still pending (in a fault's delay) rejects and its timer stops. Nothing
   * else holds the process open, so calling it is optional; the object is also AsyncDisposable at run time
   * (`await using`).
   */
  close(this: void): Promise<void>;
}

export interface WeatherGov extends WeatherGovControls {
  readonly origin: string;
  /** Whether a request to this URL is one the double stands in for: its origin, and a forecast path. */
  answers(url: string): boolean;
  /**
   * The HTTP server's answer, through the same h3 app, without a socket, as the library's `forecast.fetch`
   * (AbortSignal, redirects). The request may come from any realm (a DOM test environment's classes).
   */
  respond(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

export const DEFAULT_ORIGIN = 'https://api.weather.gov';

/** The controls and origin every entry point (taskcast/msw, taskcast/fetch) hands its user, one spelling. */
export function controlsOf(nws: WeatherGov): WeatherGovControls & { readonly origin: string } {
  return {
    origin: nws.origin,
    setClock: nws.setClock,
    clock: nws.clock,
    loadScenario: nws.loadScenario,
    clearScenario: nws.clearScenario,
    reset: nws.reset,
    close: nws.close,
  };
}

/**
 * api.weather.gov in-process, for the test runner entry points: the library's forecast object (one
 * implementation of the fetch and of the controls) without the task service, with the options applied. The task
 * API, /health, /metrics and /_taskcast/ are Taskcast's own, not api.weather.gov's, so they are left out.
 */
export async function createWeatherGov(options: WeatherGovOptions = {}): Promise<WeatherGov> {
  const origin = originOf(options.origin ?? DEFAULT_ORIGIN);
  const replay = typeof options.replay === 'string' ? { dir: options.replay } : options.replay;
  // The forecast context alone: a test file that imports taskcast/msw loads nothing of the task service.
  const forecast = await createForecast({ replay });
  // A file's document is checked against the schema by loadScenario, as every document is.
  const loadScenario = (scenario: ScenarioSource): Scenario =>
    forecast.loadScenario(
      typeof scenario === 'string'
        ? (readScenarioFile(scenario) as Scenario)
        : isUrl(scenario)
          ? (readScenarioFile(new NodeURL(scenario.href)) as Scenario)
          : scenario,
    );
  const initial = (): ClockState => {
    forecast.reset();
    if (options.now !== undefined) forecast.setClock(options.now, options.rate ?? 0);
    if (options.scenario !== undefined) loadScenario(options.scenario);
    return forecast.clock();
  };
  initial();
  return {
    origin,
    answers: (text) => {
      const url = new NodeURL(text);
      return url.origin === origin && isForecastPath(url.pathname);
    },
    respond: (input, init) => forecast.fetch(input, init),
    setClock: (now, rate) => forecast.setClock(now, rate),
    clock: () => forecast.clock(),
    loadScenario,
    clearScenario: () => forecast.clearScenario(),
    reset: initial,
    close: () => forecast.close(),
  };
}

/** A URL of any realm (a DOM test environment has its own URL class). */
const isUrl = (value: object): value is URL =>
  typeof (value as { href?: unknown }).href === 'string' &&
  typeof (value as { protocol?: unknown }).protocol === 'string';

/** `https://api.weather.gov/` → `https://api.weather.gov`; a path, query or non-http(s) scheme is refused. */
function originOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new TypeError(`origin must be an http(s) origin such as ${DEFAULT_ORIGIN}, not ${JSON.stringify(text)}`);
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== ''
  ) {
    throw new TypeError(
      `origin must be an http(s) origin such as ${DEFAULT_ORIGIN}, without a path or query, not ${JSON.stringify(text)}`,
    );
  }
  return url.origin;
}
