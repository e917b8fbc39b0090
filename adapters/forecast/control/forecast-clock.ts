import type { Clock } from '../../../application/shared/clock.ts';

import type { ClockRate, ClockState } from '../../../application/forecast/forecast-controls.ts';

export type { ClockRate, ClockState } from '../../../application/forecast/forecast-controls.ts';

/**
 * The forecast service's own clock (FORECAST_NOW, PUT /_taskcast/clock, setClock). It wraps the process
 * clock rather than replacing it: the task service keeps the real time (tokens and task timestamps must
 * not travel with a test's weather), and until it is set this clock is the process clock, so nothing
 * changes for a deployment that never touches it.
 */
export class ForecastClock implements Clock {
  private anchor: { readonly atMs: number; readonly rate: ClockRate; readonly baseMs: number } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly base: Clock,
    start?: { readonly now: Date; readonly rate: ClockRate },
  ) {
    if (start) this.set(start.now, start.rate);
  }

  now(): Date {
    const a = this.anchor;
    if (!a) return this.base.now();
    return new Date(a.rate === 0 ? a.atMs : a.atMs + (this.base.now().getTime() - a.baseMs));
  }

  set(now: Date, rate: ClockRate): void {
    if (Number.isNaN(now.getTime())) throw new RangeError('The clock needs a valid instant.');
    this.anchor = { atMs: now.getTime(), rate, baseMs: this.base.now().getTime() };
    for (const listener of this.listeners) listener();
  }

  /** Back to the process clock (as before any set). */
  release(): void {
    this.anchor = undefined;
    for (const listener of this.listeners) listener();
  }

  state(): ClockState {
    return { now: this.now().toISOString(), rate: this.anchor?.rate ?? 1, controlled: this.anchor !== undefined };
  }

  /** Called after every set: a scenario's relative times are re-read against the new now. */
  onSet(listener: () => void): void {
    this.listeners.add(listener);
  }
}
