import type { Clock } from '../shared/clock.ts';

/**
 * The forecast's test-double controls as a port: the clock, the scenario in force and its faults. The HTTP
 * admin routes (/_taskcast/), the library's forecast object, taskcast/msw and taskcast/fetch drive the
 * double through it and nothing else; adapters/forecast/control/ implements it (ForecastControls), and the
 * forecast handler asks it which request fails.
 *
 * The scenario document's shape is the validating adapter's (its schema lives there, with the package that
 * checks it), so this port names it by type parameter: `S` a scenario, `F` one of its faults.
 */
export interface ForecastControlPort<S = unknown, F = unknown> {
  /** The forecast's own clock: what every forecast document is built against. */
  readonly clock: Clock;
  /** Bumped by every clock set and scenario change, so a cache can key by it. */
  readonly revision: number;
  clockState(): ClockState;
  /** Moves the forecast clock (a validated setting: see the adapters' clock-setting rule). */
  setClock(now: Date, rate?: ClockRate): ClockState;
  /**
   * Validates and installs a scenario, replacing any other; its `clock`, if any, sets the forecast clock.
   * Throws the adapter's ScenarioInvalid, with the path of the first mistake, and then changes nothing.
   */
  loadScenario(input: unknown): S;
  /** Back to the plain model (the clock stays where it is). */
  clearScenario(): void;
  /** Back to the state at creation: no scenario, faults afresh, the clock where it started (or released). */
  reset(): ClockState;
  scenario(): ScenarioInForce<S> | undefined;
  /** The scenario's faults in order, with what is left of each one's count. */
  faultsInForce(): FaultInForce<F>[];
  /** The fault to apply to this request, if any (spending one of its count). */
  takeFault(method: string, path: string): F | undefined;
}

export type ClockRate = 0 | 1;

export interface ClockState {
  /** The forecast's current instant, ISO 8601 UTC. */
  readonly now: string;
  /** 0: frozen; 1: running in real time. */
  readonly rate: ClockRate;
  /** False while the clock simply follows the process clock (never set). */
  readonly controlled: boolean;
}

/** The scenario in force and the clock instant its relative times are read against. */
export interface ScenarioInForce<S> {
  readonly scenario: S;
  /** The forecast clock when the scenario was loaded (its own `clock`, if it has one): `now` in it. */
  readonly anchorMs: number;
}

export interface FaultInForce<F> {
  readonly index: number;
  readonly fault: F;
  /** Failures still to give; null without a count. */
  readonly remaining: number | null;
}
