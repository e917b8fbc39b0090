/** The counting this adapter needs; bootstrap hands it the process's Prometheus registry. */
export interface UpstreamCounters {
  inc(name: string, labels?: Record<string, string>, by?: number): void;
}

/** The structured log this adapter writes: one line per upstream call. */
export interface UpstreamLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export const silentLog: UpstreamLog = { info: () => {}, warn: () => {} };
export const noCounters: UpstreamCounters = { inc: () => {} };

/** Metric names, in one place so /metrics and the tests agree. */
export const METRIC = {
  calls: 'taskcast_upstream_calls_total',
  retries: 'taskcast_upstream_retries_total',
  cache: 'taskcast_upstream_cache_total',
  evictions: 'taskcast_upstream_cache_evictions_total',
} as const;
