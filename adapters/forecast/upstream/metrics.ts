import { METRIC as ALL, noCounters as none, type Counters } from '../../shared/metrics.ts';

export { seriesOf } from '../../shared/metrics.ts';

/** The counting this adapter needs; bootstrap hands it the process's Prometheus registry. */
export type UpstreamCounters = Counters;

/** The structured log this adapter writes: one line per upstream call. */
export interface UpstreamLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export const silentLog: UpstreamLog = { info: () => {}, warn: () => {} };
export const noCounters: UpstreamCounters = none;

/** The names this adapter writes, from the one list /metrics and the dashboard share. */
export const METRIC = {
  calls: ALL.upstreamCalls,
  retries: ALL.upstreamRetries,
  cache: ALL.upstreamCache,
  evictions: ALL.upstreamEvictions,
  cacheBytes: ALL.upstreamCacheBytes,
  cacheEntries: ALL.upstreamCacheEntries,
} as const;
