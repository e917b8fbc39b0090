import { keepingAlive } from '../shared/keep-alive.ts';
import { CYCLE_HOURS, epochHourOf, epochHourToMs, latestCycle, type AlertFeature } from '../weather/index.ts';
import type { AlertGeneration, AlertGenerator } from './generation/alert-generator.ts';
import { alertSetOf, buildAlertSet, newestFirstFacts, type AlertFacts, type AlertSet } from './alert-set.ts';
import { OfficeIndex, officeZoneIds, type AlertScope } from './alert-scope.ts';
import type { ZonesByOffice } from './alert-zone-file.ts';

/** Within this long before the next cycle, a request also starts generating it, so the switch does not wait. */
const PREFETCH_MS = 60 * 60_000;

/** One cycle: some of its offices made, or the whole being generated, or ready. */
interface Cycle {
  readonly hour: number;
  readonly generation: AlertGeneration;
  /** The whole cycle, once something asked for it (see {@link AlertCycles.whole}). */
  set?: Promise<AlertSet>;
  ready?: AlertSet;
  /** Offices' alerts as facts, for scoped requests made before the cycle is ready; each built once. */
  readonly offices: Map<number, Promise<readonly AlertFacts[]>>;
  /**
   * The scoped sets given out, by their offices: a list asked for again (every point-alerts request of a
   * test) gets the same set, so what is worked out per set (a scenario's merge, the rendered list) is kept.
   * Before the cycle is ready the offices' own alerts; once it is, the ready set's subset.
   */
  readonly scopedSets: Map<string, AlertSet>;
  readonly readySubsets: Map<string, AlertSet>;
}

/**
 * Alerts per issuance cycle. The model's output only changes when a new cycle begins, so each cycle is
 * generated once, off the request path (see alert-generator.ts), and shared by every request of the cycle.
 * A request for the whole country arriving while its cycle is being generated waits for it rather than
 * getting a partial answer; a request scoped to zones or states waits only for the offices that issue
 * alerts there ({@link scoped}), which are the same alerts the whole cycle holds, and does not start the
 * whole cycle: a test file that asks for one point's alerts pays for its office alone. The previous cycle
 * is kept so that ids served moments before a switch still resolve.
 *
 * `finish` turns generated alerts into served ones (the storm polygons fitted to their zones); it works
 * alert by alert, so an office's alerts finished alone are those the whole cycle finishes.
 */
export class AlertCycles {
  private readonly cycles = new Map<number, Cycle>();
  private zones: ZonesByOffice | undefined;
  private index: OfficeIndex | undefined;

  constructor(
    private readonly zonesByOffice: () => ZonesByOffice,
    private readonly generate: AlertGenerator,
    private readonly finish: (alerts: readonly AlertFeature[]) => AlertFeature[] | Promise<AlertFeature[]> = (
      alerts,
    ) => [...alerts],
  ) {}

  /** The cycle in force at `nowMs`. */
  current(nowMs: number): Promise<AlertSet> {
    const cycle = this.inForce(nowMs, true);
    const set = this.whole(cycle);
    return cycle.ready ? set : keepingAlive(set);
  }

  /**
   * The alerts of the cycle in force at `nowMs` that the offices issuing alerts in `scope` issued: every
   * alert that can name a zone of the scope, since an alert names the zones of one office only. The same
   * set whether the cycle is ready or not: before it is, made from those offices alone.
   */
  async scoped(nowMs: number, scope: AlertScope): Promise<AlertSet> {
    const cycle = this.inForce(nowMs, false);
    const index = (this.index ??= new OfficeIndex(officeZoneIds(this.officeZones())));
    const offices = index.officesOf(scope);
    const key = offices.join(',');
    if (cycle.ready) {
      let set = cycle.readySubsets.get(key);
      if (!set) cycle.readySubsets.set(key, (set = subset(cycle.ready, index.zonesOf(offices))));
      return set;
    }
    const made = cycle.scopedSets.get(key);
    if (made) return made;
    const parts = await keepingAlive(Promise.all(offices.map((office) => this.officeFacts(cycle, office))));
    const items = parts.flat().sort(newestFirstFacts);
    const set = cycle.scopedSets.get(key) ?? alertSetOf(cycle.hour, items);
    cycle.scopedSets.set(key, set);
    return set;
  }

  /**
   * An alert of the cycle in force found among the offices scoped requests asked for, while the cycle is
   * not ready (an id a scoped list gave).
   */
  async early(nowMs: number, id: string): Promise<AlertFacts | undefined> {
    return this.madeSoFar(this.cycles.get(cycleHourOf(nowMs)), id);
  }

  /** An alert among the offices made so far for a cycle not ready. */
  private async madeSoFar(cycle: Cycle | undefined, id: string): Promise<AlertFacts | undefined> {
    if (!cycle || cycle.ready) return undefined;
    for (const part of await keepingAlive(Promise.allSettled(cycle.offices.values()))) {
      const found = part.status === 'fulfilled' ? part.value.find((f) => f.alert.properties.id === id) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /** The cycle before the one in force, when it is still held. */
  previous(nowMs: number): Promise<AlertSet> | undefined {
    const cycle = this.cycles.get(cycleHourOf(nowMs) - CYCLE_HOURS);
    if (!cycle?.set) return undefined;
    return cycle.ready ? cycle.set : keepingAlive(cycle.set);
  }

  /** An alert of the previous cycle found among the offices scoped requests asked for, when only they were made. */
  previousEarly(nowMs: number, id: string): Promise<AlertFacts | undefined> {
    return this.madeSoFar(this.cycles.get(cycleHourOf(nowMs) - CYCLE_HOURS), id);
  }

  /** `whole`: the whole cycle is wanted, not only some offices of it. */
  private inForce(nowMs: number, whole: boolean): Cycle {
    const hour = cycleHourOf(nowMs);
    const next = hour + CYCLE_HOURS;
    this.prune(hour);
    const cycle = this.get(hour, true);
    if (whole) void this.whole(cycle);
    // The next cycle starts only once this one is ready, so the two never compete for the CPU; and only
    // where this one was wanted whole (a server), not where scoped requests made a few offices.
    if (epochHourToMs(next) - nowMs <= PREFETCH_MS && cycle.set && !this.cycles.has(next)) {
      void cycle.set.then(() => this.whole(this.get(next, false))).catch(() => undefined);
    }
    return cycle;
  }

  private officeZones(): ZonesByOffice {
    return (this.zones ??= this.zonesByOffice());
  }

  /** `urgent`: something waits for this cycle now; a cycle generated ahead is not (see AlertGenerator). */
  private get(hour: number, urgent: boolean): Cycle {
    let cycle = this.cycles.get(hour);
    if (!cycle) {
      cycle = {
        hour,
        generation: this.generate(this.officeZones(), hour, { urgent }),
        offices: new Map(),
        scopedSets: new Map(),
        readySubsets: new Map(),
      };
      this.cycles.set(hour, cycle);
    }
    return cycle;
  }

  /** The whole cycle, its generation begun by the first call. */
  private whole(cycle: Cycle): Promise<AlertSet> {
    if (!cycle.set) {
      const { generation, hour } = cycle;
      const set = (generation.background ?? generation.all).then(
        async (alerts) => (cycle.ready = buildAlertSet(hour, await this.finish(alerts))),
      );
      // A failed generation is forgotten, so the next request tries again instead of failing all cycle.
      set.catch(() => this.cycles.get(hour) === cycle && this.cycles.delete(hour));
      cycle.set = set;
    }
    return cycle.set;
  }

  private officeFacts(cycle: Cycle, office: number): Promise<readonly AlertFacts[]> {
    let facts = cycle.offices.get(office);
    if (!facts) {
      facts = cycle.generation
        .office(office)
        .then(async (alerts) => buildAlertSet(cycle.hour, await this.finish(alerts)).items);
      cycle.offices.set(office, facts);
    }
    return facts;
  }

  private prune(current: number): void {
    for (const hour of this.cycles.keys()) {
      if (hour < current - CYCLE_HOURS || hour > current + CYCLE_HOURS) this.cycles.delete(hour);
    }
  }
}

/** The cycle in force at `nowMs`: the latest one started by then. */
export function cycleHourOf(nowMs: number): number {
  return latestCycle(epochHourOf(nowMs));
}

/** The alerts of a ready cycle that name one of `zones`. */
function subset(set: AlertSet, zones: ReadonlySet<string>): AlertSet {
  return alertSetOf(
    set.cycleHour,
    set.items.filter((f) => namesAny(f.zones, zones)),
  );
}

function namesAny(named: ReadonlySet<string>, zones: ReadonlySet<string>): boolean {
  for (const zone of named) if (zones.has(zone)) return true;
  return false;
}
