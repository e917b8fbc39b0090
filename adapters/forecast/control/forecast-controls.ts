import { ForecastClock, type ClockRate, type ClockState } from './forecast-clock.ts';

/**
 * What a test drives the forecast service with: the clock, and (see loadScenario) the scenario in force.
 * One instance per service, shared by the admin routes, the library's forecast object and the providers,
 * so all three see the same state. `revision` changes on every change, so providers can key their caches
 * by it and never serve a document built under an older clock setting or scenario.
 */
export class ForecastControls {
  private changes = 0;

  constructor(readonly clock: ForecastClock) {
    clock.onSet(() => this.changed());
  }

  /** Bumped by every clock set and scenario change. */
  get revision(): number {
    return this.changes;
  }

  setClock(now: Date, rate: ClockRate = 0): ClockState {
    this.clock.set(now, rate);
    return this.clock.state();
  }

  clockState(): ClockState {
    return this.clock.state();
  }

  protected changed(): void {
    this.changes++;
  }
}
