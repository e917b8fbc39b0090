import { availableParallelism } from 'node:os';
// From node:timers, not the global: a DOM test environment (Jest's jsdom) has no global setImmediate.
import { setImmediate } from 'node:timers';
import { keepingAlive } from '../../shared/keep-alive.ts';
import { measuredPrecipMonths, type AlertFeature, type AlertZone } from '../../weather/index.ts';
import { generateOfficeAlerts, newestFirst } from './generate-office-alerts.ts';
import { cycleCacheFile, officeCacheFile, readCachedAlerts, writeCachedAlerts } from './alert-cycle-cache.ts';
import {
  claimOffice,
  newOfficeBoard,
  releaseOffices,
  takeNextOffice,
  wantOffice,
  type QueueCursor,
} from './alert-turns.ts';
import { spawnAlertWorker, type AlertWorkerRun } from './alert-worker-run.ts';
import { workersStartFast } from '../../../../shared/worker-source.ts';

/**
 * Generating a cycle's alerts costs half a second to a second of CPU (an hourly weather series for every
 * zone), so it runs off the request path: in worker threads, which leave the event loop free. Where a
 * worker cannot start (no TypeScript loader for it, say), it runs here in office-sized slices with
 * setImmediate between them, so other requests interleave; an office takes a few milliseconds (tens while
 * the model's code is cold). The only offices generated on the event loop otherwise are those a request
 * waits for and no worker has begun (AlertGeneration.office), one per turn.
 *
 * `urgent`: something waits for this cycle now (start-up, or a request when no cycle is held), so it may
 * use a worker per core, up to four; otherwise (the next cycle, generated ahead) one worker, to leave the
 * server's CPU to its requests.
 *
 * The whole cycle begins only when `all` or `background` is first read: a test file that asks for one
 * point's alerts gets its office made here and starts no worker (their start-up alone cost more CPU than
 * the office), while a server asks for the whole cycle at start-up (prepare) and gets it as before.
 */
export type AlertGenerator = (
  zonesByOffice: ArrayLike<readonly AlertZone[]>,
  cycleHour: number,
  options?: { readonly urgent?: boolean },
) => AlertGeneration;

/** A cycle being generated. */
export interface AlertGeneration {
  /** The whole cycle, newest first, begun when first read; the process stays open until it is ready. */
  readonly all: Promise<AlertFeature[]>;
  /**
   * The same, without holding the process open (the alert workers are unref'd): for work nobody waits for,
   * such as keeping the cycle once made. Absent: `all` serves.
   */
  readonly background?: Promise<AlertFeature[]>;
  /**
   * One office's alerts (its index in `zonesByOffice`), unsorted, as soon as they are made: a request for
   * a point, a zone or a state needs only its offices, a few of some 120, so it need not wait for the
   * cycle. The office is queued for the workers to take next, and generated here too, one office per turn
   * of the event loop, if no thread has begun it by then (a few milliseconds, tens while the model's code
   * is still cold); one under way in a worker is waited for.
   */
  office(index: number): Promise<readonly AlertFeature[]>;
}

type Strategy = 'workers, else slices' | 'workers' | 'slices';

export const generateAlertsOffThread: AlertGenerator = (zonesByOffice, cycleHour, options) =>
  new CycleGeneration(zonesByOffice, cycleHour, 'workers, else slices', options?.urgent ?? false);

/** How a cycle's workers are started: spawnAlertWorker, but for a test's worker that fails part-way. */
export type SpawnAlertWorker = typeof spawnAlertWorker;

/** generateAlertsOffThread with its workers started by `spawn` (tests: a worker lost after some offices). */
export function generateAlertsOffThreadWith(spawn: SpawnAlertWorker): AlertGenerator {
  return (zonesByOffice, cycleHour, options) =>
    new CycleGeneration(zonesByOffice, cycleHour, 'workers, else slices', options?.urgent ?? false, spawn);
}

/** The workers alone, without the fallback (tests use it to check the workers really run). */
export const generateAlertsInWorker: AlertGenerator = (zonesByOffice, cycleHour, options) =>
  new CycleGeneration(zonesByOffice, cycleHour, 'workers', options?.urgent ?? false);

export const generateAlertsInSlices: AlertGenerator = (zonesByOffice, cycleHour) =>
  new CycleGeneration(zonesByOffice, cycleHour, 'slices', false);

/**
 * A worker per core, up to four, where they start from plain JavaScript: under tsx each worker first pays
 * the loader's start-up, which two measured slower than one on a busy 2-core box. On 2 cores two workers
 * have the first /alerts after a cold start in ~0.6 s where one took ~0.75 s (measured).
 */
function workerCount(urgent: boolean): number {
  return urgent && workersStartFast(import.meta.url) ? Math.min(4, availableParallelism()) : 1;
}

/**
 * The offices' alerts as they arrive, from the workers, from slices here, or from an office a request
 * asked for out of turn, all claiming offices on one board (alert-turns.ts), so each is generated once.
 */
class CycleGeneration implements AlertGeneration {
  /** The whole cycle, once begun (see `background`). */
  private whole: Promise<AlertFeature[]> | undefined;
  private readonly board: Int32Array;
  private readonly arrived = new Map<number, AlertFeature[]>();
  private readonly waiting = new Map<
    number,
    { resolve: (alerts: AlertFeature[]) => void; reject: (error: unknown) => void }[]
  >();
  /** Once the whole cycle is known, from the cache or generated, or why it failed. */
  private outcome: { alerts: AlertFeature[] } | { error: unknown } | undefined;
  /** Set when the workers have failed and their offices are being given back: nothing is claimed here meanwhile. */
  private recovering = false;
  /** Offices requests asked for (queued on the board once), and those of them still to try here. */
  private readonly wanted = new Set<number>();
  private readonly toTryHere: number[] = [];
  private tryingHere = false;
  private every: (readonly AlertZone[])[] | undefined;
  /** The slices' place in the board's queue. */
  private readonly cursor: QueueCursor = { read: 0 };

  constructor(
    /** Each office's zones; an office's may be made only when first read (alert-zone-file.ts). */
    private readonly zonesByOffice: ArrayLike<readonly AlertZone[]>,
    private readonly cycleHour: number,
    private readonly strategy: Strategy,
    private readonly urgent: boolean,
    private readonly spawn: SpawnAlertWorker = spawnAlertWorker,
  ) {
    this.board = new Int32Array(newOfficeBoard(zonesByOffice.length));
  }

  /** The whole cycle, begun on the first read; offices already made or under way here are not made again. */
  get background(): Promise<AlertFeature[]> {
    return (this.whole ??= this.run(this.strategy, this.urgent).then(
      (alerts) => this.finish({ alerts: alerts.sort(newestFirst) }),
      (error: unknown) => this.finish({ error }),
    ));
  }

  get all(): Promise<AlertFeature[]> {
    return this.outcome ? this.background : keepingAlive(this.background);
  }

  office(index: number): Promise<readonly AlertFeature[]> {
    const arrived = this.arrived.get(index);
    if (arrived) return Promise.resolve(arrived);
    if (this.outcome) return this.background.then(() => this.fromCycle(index));
    const kept = this.wanted.has(index) ? undefined : this.fromOfficeCache(index);
    if (kept) return Promise.resolve(kept);
    return keepingAlive(
      new Promise((resolve, reject) => {
        const list = this.waiting.get(index) ?? [];
        list.push({ resolve, reject });
        this.waiting.set(index, list);
        if (this.wanted.has(index)) return;
        this.wanted.add(index);
        wantOffice(this.board, index);
        this.toTryHere.push(index);
        this.tryHereSoon();
      }),
    );
  }

  /**
   * An office's alerts as a request in an earlier process had them made (the bundle alone keeps them: see
   * alert-cycle-cache.ts), claimed on the board so no thread makes it again; undefined when none was kept,
   * or another thread has begun it.
   */
  private fromOfficeCache(index: number): AlertFeature[] | undefined {
    if (this.strategy === 'slices') return undefined;
    const alerts = readCachedAlerts(officeCacheFile(import.meta.url, this.zonesByOffice[index]!, this.cycleHour));
    if (!alerts || !claimOffice(this.board, index)) return undefined;
    this.arrive(index, alerts);
    return alerts;
  }

  /**
   * Out of turn, here, one wanted office per turn of the event loop, so other requests interleave: after
   * the current turn, so a request that asks for several offices has them all queued first.
   */
  private tryHereSoon(): void {
    if (this.tryingHere) return;
    this.tryingHere = true;
    setImmediate(() => {
      this.tryingHere = false;
      while (this.toTryHere.length > 0 && !this.generateHere(this.toTryHere.shift()!));
      if (this.toTryHere.length > 0) this.tryHereSoon();
    });
  }

  private async run(strategy: Strategy, urgent: boolean): Promise<AlertFeature[]> {
    if (strategy === 'slices') return this.inSlices();
    const file = cycleCacheFile(import.meta.url, this.everyOffice(), this.cycleHour);
    const cached = readCachedAlerts(file);
    if (cached) return cached;
    let alerts: AlertFeature[];
    try {
      alerts = await this.inWorkers(workerCount(urgent));
    } catch (error) {
      if (strategy === 'workers') throw error;
      alerts = await this.inSlices();
    }
    writeCachedAlerts(file, alerts);
    return alerts;
  }

  /** Every office's zones, as one list: what a whole cycle is made of, and named by. */
  private everyOffice(): (readonly AlertZone[])[] {
    return (this.every ??= Array.from(this.zonesByOffice));
  }

  private async inWorkers(workers: number): Promise<AlertFeature[]> {
    const job = {
      zonesByOffice: this.everyOffice(),
      cycleHour: this.cycleHour,
      board: this.board.buffer as SharedArrayBuffer,
      precipMonths: measuredPrecipMonths(),
    };
    const runs: AlertWorkerRun[] = [];
    try {
      for (let i = 0; i < workers; i++)
        runs.push(this.spawn(job, import.meta.url, (office, alerts) => this.arrive(office, alerts)));
      await Promise.all(runs.map((run) => run.settled));
    } catch (error) {
      // A worker failed (or could not start): the others are stopped, and the offices they claimed but
      // never sent go back on the board, for the slices to take.
      this.recovering = true;
      await Promise.all(runs.map((run) => run.terminate()));
      releaseOffices(
        this.board,
        [...Array(this.zonesByOffice.length).keys()].filter((office) => !this.arrived.has(office)),
      );
      this.recovering = false;
      throw error;
    }
    return this.collected();
  }

  private async inSlices(): Promise<AlertFeature[]> {
    for (
      let office = takeNextOffice(this.board, this.cursor);
      office >= 0;
      office = takeNextOffice(this.board, this.cursor)
    ) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.arrive(office, generateOfficeAlerts(this.zonesByOffice[office]!, this.cycleHour));
    }
    return this.collected();
  }

  /** Generates a wanted office here unless another thread has it (or the slices will); whether it did. */
  private generateHere(office: number): boolean {
    if (this.outcome || this.recovering || this.arrived.has(office) || !claimOffice(this.board, office)) return false;
    let alerts: AlertFeature[];
    try {
      alerts = generateOfficeAlerts(this.zonesByOffice[office]!, this.cycleHour);
    } catch (error) {
      // Its requests fail, not the process; the office stays claimed, so the cycle fails too (collected).
      for (const waiter of this.waiting.get(office) ?? []) waiter.reject(error);
      this.waiting.delete(office);
      return true;
    }
    this.arrive(office, alerts);
    if (this.strategy !== 'slices')
      writeCachedAlerts(officeCacheFile(import.meta.url, this.zonesByOffice[office]!, this.cycleHour), alerts);
    return true;
  }

  private arrive(office: number, alerts: AlertFeature[]): void {
    if (this.arrived.has(office)) return;
    this.arrived.set(office, alerts);
    for (const waiter of this.waiting.get(office) ?? []) waiter.resolve(alerts);
    this.waiting.delete(office);
  }

  /** Every office's alerts, once all have arrived (workers finish only when no office is left unclaimed). */
  private collected(): AlertFeature[] {
    if (this.arrived.size < this.zonesByOffice.length)
      throw new Error(
        `alert cycle ${this.cycleHour}: ${this.zonesByOffice.length - this.arrived.size} offices never arrived`,
      );
    return [...this.arrived.values()].flat();
  }

  private finish(outcome: { alerts: AlertFeature[] } | { error: unknown }): AlertFeature[] {
    this.outcome = outcome;
    if ('error' in outcome) {
      // Requests still waiting for an office fail with the cycle.
      for (const list of this.waiting.values()) for (const waiter of list) waiter.reject(outcome.error);
      this.waiting.clear();
      throw outcome.error;
    }
    // Requests still waiting for an office (the cycle came from the cache) take it from the cycle.
    for (const [office, list] of this.waiting) for (const waiter of list) waiter.resolve(this.fromCycle(office));
    this.waiting.clear();
    return outcome.alerts;
  }

  /** An office's alerts, picked out of the whole cycle (when it came from the cache): those naming its zones. */
  private fromCycle(office: number): AlertFeature[] {
    const arrived = this.arrived.get(office);
    if (arrived) return arrived;
    if (!this.outcome || 'error' in this.outcome) throw new Error('the cycle is not known');
    const zones = new Set(this.zonesByOffice[office]!.map((zone) => zone.id));
    const alerts = this.outcome.alerts.filter((alert) => zones.has(alert.properties.geocode.UGC[0]!));
    this.arrived.set(office, alerts);
    return alerts;
  }
}
