// What the adapters that count things share with the metrics adapter (adapters/metrics/, on prom-client):
// the metric names and the two shapes they count through. The HTTP and upstream adapters take these
// shapes, not prom-client, so they can be handed a no-op in tests and embeddings; bootstrap/ hands them
// the process's registry.

/**
 * What adapters need to count things: the upstream provider and the HTTP layer take this shape, not
 * prom-client, so they can be handed a no-op in tests and embeddings.
 */
export interface Counters {
  inc(name: string, labels?: Record<string, string>, by?: number): void;
  /** Sets a gauge (a level, such as the bytes a cache holds). */
  set(name: string, value: number, labels?: Record<string, string>): void;
  /**
   * One series of a counter, bound once, for a count made on every request of a hot route (an upstream
   * cache hit): each call adds one without the label lookup `inc` makes. Optional; see `seriesOf`.
   */
  series?(name: string, labels?: Record<string, string>): () => void;
}

/** `counters`' own bound series when it has them, else one that calls `inc` (a test's counting fake). */
export function seriesOf(counters: Counters, name: string, labels?: Record<string, string>): () => void {
  return counters.series?.(name, labels) ?? (() => counters.inc(name, labels));
}

/** Every metric Taskcast defines, in one place, so /metrics, the adapters, the dashboard and the tests agree. */
export const METRIC = {
  httpRequests: 'taskcast_http_requests_total',
  httpDuration: 'taskcast_http_request_duration_seconds',
  commitBatch: 'taskcast_store_commit_batch_entries',
  fdatasync: 'taskcast_store_fdatasync_seconds',
  upstreamCalls: 'taskcast_upstream_calls_total',
  upstreamRetries: 'taskcast_upstream_retries_total',
  upstreamCache: 'taskcast_upstream_cache_total',
  upstreamEvictions: 'taskcast_upstream_cache_evictions_total',
  upstreamCacheBytes: 'taskcast_upstream_cache_bytes',
  upstreamCacheEntries: 'taskcast_upstream_cache_entries',
} as const;

export const noCounters: Counters = { inc: () => {}, set: () => {} };

/** What the HTTP adapter needs: each answered request recorded, and the registry as /metrics shows it. */
export interface HttpMetrics {
  /** One answered request; `route` is the pattern (never the raw path, which would let clients mint series). */
  observeRequest(route: string, method: string, status: number, seconds: number): void;
  /** Prometheus text exposition format 0.0.4. */
  render(): Promise<string>;
  readonly contentType: string;
}
