import { CYCLE_HOURS, epochHourOf, epochHourToMs, latestCycle, type AlertZone } from './weather/index.ts';
import type { AlertGenerator } from './alert-generator.ts';
import { buildAlertSet, type AlertSet } from './alert-set.ts';

/** Within this long before the next cycle, a request also starts generating it, so the switch does not wait. */
const PREFETCH_MS = 60 * 60_000;

/**
 * Alerts per issuance cycle. The model's output only changes when a new cycle begins, so each cycle is
 * generated once, off the request path (see alert-generator.ts), and shared by every request of the cycle.
 * A request arriving while its cycle is being generated waits for it rather than getting a partial answer.
 * The previous cycle is kept so that ids served moments before a switch still resolve.
 */
export class AlertCycles {
  private readonly cycles = new Map<number, Promise<AlertSet>>();
  private zones: AlertZone[][] | undefined;

  constructor(
    private readonly zonesByOffice: () => AlertZone[][],
    private readonly generate: AlertGenerator,
  ) {}

  /** The cycle in force at `nowMs`. */
  current(nowMs: number): Promise<AlertSet> {
    const cycle = latestCycle(epochHourOf(nowMs));
    const next = cycle + CYCLE_HOURS;
    this.prune(cycle);
    const current = this.get(cycle, true);
    // The next cycle starts only once this one is ready, so the two never compete for the CPU.
    if (epochHourToMs(next) - nowMs <= PREFETCH_MS && !this.cycles.has(next)) {
      void current.then(() => this.get(next, false)).catch(() => undefined);
    }
    return current;
  }

  /** The cycle before the one in force, when it is still held. */
  previous(nowMs: number): Promise<AlertSet> | undefined {
    return this.cycles.get(latestCycle(epochHourOf(nowMs)) - CYCLE_HOURS);
  }

  /** `urgent`: something waits for this cycle now; a cycle generated ahead is not (see AlertGenerator). */
  private get(cycle: number, urgent: boolean): Promise<AlertSet> {
    let pending = this.cycles.get(cycle);
    if (!pending) {
      this.zones ??= this.zonesByOffice();
      pending = this.generate(this.zones, cycle, { urgent }).then((alerts) => buildAlertSet(cycle, alerts));
      // A failed generation is forgotten, so the next request tries again instead of failing all cycle.
      pending.catch(() => this.cycles.delete(cycle));
      this.cycles.set(cycle, pending);
    }
    return pending;
  }

  private prune(current: number): void {
    for (const cycle of this.cycles.keys()) {
      if (cycle < current - CYCLE_HOURS || cycle > current + CYCLE_HOURS) this.cycles.delete(cycle);
    }
  }
}
