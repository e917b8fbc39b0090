import type { ClockState } from '../../adapters/forecast/control/forecast-clock.ts';
import type { Scenario } from '../../adapters/forecast/control/scenario.ts';
import type { ForecastUseCases } from '../../application/forecast/index.ts';

// The library's forecast object as its users see it, apart from how it is made (library-forecast.ts, over
// the inversify container): the published declarations must not reach inversify's.

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
  /**
   * Installs a scenario, typed so an inline one is checked as it is written (a document parsed elsewhere:
   * `as Scenario`); validated all the same, it throws ScenarioInvalid with the path of a mistake. The format
   * is also JSON Schema: taskcast/scenario.schema.json, and GET /_taskcast/scenario.schema.json.
   */
  loadScenario(scenario: Scenario): Scenario;
  /** Back to the plain model. */
  clearScenario(): void;
  /** Back to the state at creation: no scenario, and the clock as it was then. */
  reset(): ClockState;
}
