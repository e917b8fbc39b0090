import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { METRIC, type Counters, type HttpMetrics } from '../shared/metrics.ts';
import { RequestSeries } from './request-series.ts';

export { METRIC, noCounters, type Counters } from '../shared/metrics.ts';

// Request latencies of this service run from ~0.2 ms (a cached forecast) to seconds (a bcrypt login under
// load); fdatasync from ~50 µs (tmpfs) to hundreds of ms (a busy disk). Buckets cover both ends.
const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SYNC_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];

export interface TaskcastMetricsOptions {
  /** prom-client's process metrics (CPU, heap, GC, event-loop lag, handles, file descriptors); on by default. */
  readonly processMetrics?: boolean;
}

/**
 * The process's Prometheus registry (prom-client): Node's default process metrics plus Taskcast's own. Every
 * metric is declared up front, so /metrics lists each family (HELP and TYPE) even before its first sample,
 * and a dashboard query never points at a name that only appears under traffic.
 */
export class TaskcastMetrics implements Counters, HttpMetrics {
  readonly registry = new Registry();
  private readonly counters = new Map<string, Counter<string>>();
  /** Each counter's bound series (`series`), counted here and added to the counter when it is read. */
  private readonly tallies = new Map<string, Tally[]>();
  private readonly gauges = new Map<string, Gauge<string>>();
  private readonly requests = new RequestSeries(REQUEST_BUCKETS);
  private readonly batchEntries: Histogram<string>;
  private readonly syncSeconds: Histogram<string>;

  constructor(options: TaskcastMetricsOptions = {}) {
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    const counter = (name: string, help: string, labelNames: string[] = []): Counter<string> => {
      const tallies = this.tallies;
      const made: Counter<string> = new Counter({
        name,
        help,
        labelNames,
        registers,
        // The bound series' counts join the counter when it is read (/metrics, a test's `get()`).
        collect() {
          for (const tally of tallies.get(name) ?? []) {
            if (tally.count === 0) continue;
            if (tally.labels) made.inc(tally.labels, tally.count);
            else made.inc(tally.count);
            tally.count = 0;
          }
        },
      });
      this.counters.set(name, made);
      return made;
    };
    const gauge = (name: string, help: string): void => {
      this.gauges.set(name, new Gauge({ name, help, registers }));
    };
    this.registry.registerMetric(
      this.requests.counter(METRIC.httpRequests, 'HTTP requests served, by route pattern, method and status.'),
    );
    this.registry.registerMetric(
      this.requests.histogram(
        METRIC.httpDuration,
        'Time from a request reaching the app to its response being written, by route pattern, method and status.',
      ),
    );
    this.batchEntries = new Histogram({
      name: METRIC.commitBatch,
      help: 'Writes made durable by one group commit (one journal write + fdatasync).',
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.syncSeconds = new Histogram({
      name: METRIC.fdatasync,
      help: 'Time to make one group commit durable: its O_DSYNC write (Linux), or the fdatasync after a plain write.',
      buckets: SYNC_BUCKETS,
      registers,
    });
    counter(METRIC.upstreamCalls, 'Calls made to the upstream forecast API (each attempt), by status.', ['status']);
    counter(METRIC.upstreamRetries, 'Upstream attempts that were retries.');
    counter(METRIC.upstreamCache, 'Upstream provider answers, by cache result (HIT, MISS, REVALIDATED, STALE).', [
      'result',
    ]);
    counter(METRIC.upstreamEvictions, 'Upstream cache entries evicted to stay within UPSTREAM_CACHE_MB.');
    gauge(METRIC.upstreamCacheBytes, 'Body bytes the upstream cache holds (bounded by UPSTREAM_CACHE_MB).');
    gauge(METRIC.upstreamCacheEntries, 'Documents the upstream cache holds.');
  }

  inc(name: string, labels?: Record<string, string>, by = 1): void {
    const counter = this.counters.get(name);
    if (!counter) throw new Error(`no counter named ${name}`);
    if (labels) counter.inc(labels, by);
    else counter.inc(by);
  }

  /**
   * A series counted in a plain number: prom-client's `inc` hashes and checks its label object on every call,
   * which on an upstream cache hit (a ~20 µs answer) is a cost paid per request; the count is added to the
   * counter, once, when the counter is read.
   */
  series(name: string, labels?: Record<string, string>): () => void {
    if (!this.counters.has(name)) throw new Error(`no counter named ${name}`);
    const all = this.tallies.get(name) ?? [];
    this.tallies.set(name, all);
    // One tally per series, however many callers bind it (a process may build many upstream caches), so the
    // list stays as long as the counter's label sets and reading /metrics does not grow with the callers.
    const key = seriesKey(labels);
    let tally = all.find((t) => t.key === key);
    if (!tally) {
      tally = { key, labels, count: 0 };
      all.push(tally);
    }
    const bound = tally;
    return () => {
      bound.count++;
    };
  }

  set(name: string, value: number, labels?: Record<string, string>): void {
    const gauge = this.gauges.get(name);
    if (!gauge) throw new Error(`no gauge named ${name}`);
    if (labels) gauge.set(labels, value);
    else gauge.set(value);
  }

  /** One answered request; `route` is the pattern (never the raw path, which would let clients mint series). */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.requests.observe(route, method, status, seconds);
  }

  /** One group commit of the store's journal. */
  observeCommit(entries: number, syncMs: number): void {
    this.batchEntries.observe(entries);
    this.syncSeconds.observe(syncMs / 1000);
  }

  /** Prometheus text exposition format 0.0.4. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** One bound series of a counter and what it has counted since the counter was last read. */
interface Tally {
  /** The labels as one string (seriesKey), to find the series' tally again. */
  readonly key: string;
  readonly labels: Record<string, string> | undefined;
  count: number;
}

let shared: TaskcastMetrics | undefined;

/**
 * The process's registry, made on first use. The HTTP app, the store and the upstream provider are built in
 * different places (the container, the app factory, test worlds), so they meet here unless given one. Lazy,
 * so that library use without HTTP starts no event-loop monitor.
 */
export function processMetrics(): TaskcastMetrics {
  return (shared ??= new TaskcastMetrics());
}

/** A label set as one string, whatever order its names were given in. */
function seriesKey(labels: Record<string, string> | undefined): string {
  if (!labels) return '';
  return JSON.stringify(Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
