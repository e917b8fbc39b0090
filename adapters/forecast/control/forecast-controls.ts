import type {
  ForecastControlPort,
  ScenarioInForce as PortScenarioInForce,
} from '../../../application/forecast/forecast-controls.ts';
import { ForecastClock, type ClockRate, type ClockState } from './forecast-clock.ts';
import { FaultBook, type FaultInForce } from './fault-book.ts';
import { parseScenario, type Scenario, type ScenarioFault } from './scenario-schema.ts';

/** The scenario in force and the clock instant its relative times are read against. */
export type ScenarioInForce = PortScenarioInForce<Scenario>;

/** The control port with this adapter's scenario and fault types: what the HTTP routes and entry points hold. */
export type ScenarioControls = ForecastControlPort<Scenario, ScenarioFault>;

/**
 * What a test drives the forecast service with: the clock and the scenario in force. One instance per
 * service, shared by the admin routes, the library's forecast object and the providers, so all three see
 * the same state. `revision` changes on every change, so providers can key their caches by it and never
 * serve a document built under an older clock setting or scenario.
 */
export class ForecastControls implements ScenarioControls {
  private changes = 0;
  /** Where reset() puts the clock back: as it started (FORECAST_NOW), or the process clock. */
  private readonly initialClock: { readonly now: Date; readonly rate: ClockRate } | undefined;
  private inForce: ScenarioInForce | undefined;
  readonly faults = new FaultBook();
  private readonly verifiers: Array<(scenario: Scenario, anchorMs: number) => void> = [];

  constructor(readonly clock: ForecastClock) {
    const start = clock.state();
    this.initialClock = start.controlled ? { now: new Date(start.now), rate: start.rate } : undefined;
    // A scenario's relative times stay anchored where it was loaded: moving the clock afterwards moves
    // time through the scenario (an alert ends, a storm passes); loading it again re-anchors it.
    clock.onSet(() => this.changes++);
  }

  /** Bumped by every clock set and scenario change. */
  get revision(): number {
    return this.changes;
  }

  setClock(now: Date, rate: ClockRate = 0): ClockState {
    this.clock.set(now, rate);
    return this.clock.state();
  }

  /** The clock back to `to` (frozen or running), or to the process clock when undefined. */
  resetClock(to: { readonly now: Date; readonly rate: ClockRate } | undefined): ClockState {
    if (to) this.clock.set(to.now, to.rate);
    else this.clock.release();
    return this.clock.state();
  }

  clockState(): ClockState {
    return this.clock.state();
  }

  /**
   * Validates and installs a scenario, replacing any other; its `clock`, if any, sets the forecast clock
   * (frozen). Throws ScenarioInvalid, with the path of the first mistake, and then changes nothing.
   */
  loadScenario(input: unknown): Scenario {
    const scenario = parseScenario(input);
    const anchorMs = scenario.clock === undefined ? this.clock.now().getTime() : Date.parse(scenario.clock);
    for (const verify of this.verifiers) verify(scenario, anchorMs);
    if (scenario.clock !== undefined) this.clock.set(new Date(scenario.clock), 0);
    this.inForce = { scenario, anchorMs };
    this.faults.reset(scenario.faults ?? [], scenario.name ?? '');
    this.changes++;
    return scenario;
  }

  /** Back to the plain model (the clock stays where it is). */
  clearScenario(): void {
    this.inForce = undefined;
    this.faults.reset([], '');
    this.changes++;
  }

  reset(): ClockState {
    this.clearScenario();
    return this.resetClock(this.initialClock);
  }

  faultsInForce(): FaultInForce[] {
    return this.faults.list();
  }

  takeFault(method: string, path: string): ScenarioFault | undefined {
    return this.faults.take(method, path);
  }

  /** A provider's own checks of a scenario (zones that exist, ...), run before it is installed. */
  addVerifier(verify: (scenario: Scenario, anchorMs: number) => void): void {
    this.verifiers.push(verify);
  }

  scenario(): ScenarioInForce | undefined {
    return this.inForce;
  }
}
