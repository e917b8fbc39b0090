import { type H3, type H3Event, HTTPResponse } from 'h3';

/** What adapters need to count things; the upstream provider takes this shape, not the registry. */
export interface Counters {
  inc(name: string, labels?: Record<string, string>, by?: number): void;
}

export interface MetricsRegistry extends Counters {
  /** Prometheus text exposition format 0.0.4. */
  render(): string;
  /** The current value, for tests and logs. */
  value(name: string, labels?: Record<string, string>): number;
}

const HELP: Record<string, string> = {
  taskcast_http_requests_total: 'HTTP requests served, by route pattern, method and status.',
  taskcast_upstream_calls_total: 'Calls made to the upstream forecast API (each attempt), by status.',
  taskcast_upstream_retries_total: 'Upstream attempts that were retries.',
  taskcast_upstream_cache_total: 'Upstream provider answers, by cache result (HIT, MISS, REVALIDATED, STALE).',
  taskcast_upstream_cache_evictions_total: 'Upstream cache entries evicted to stay within UPSTREAM_CACHE_MB.',
};

const escape = (v: string): string => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

function seriesKey(labels: Record<string, string> | undefined): string {
  if (!labels) return '';
  const parts = Object.keys(labels).sort().map((k) => `${k}="${escape(labels[k] ?? '')}"`);
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

/** Monotonic counters kept in memory: small, no dependency, enough for one process. */
export function createMetricsRegistry(): MetricsRegistry {
  const counters = new Map<string, Map<string, number>>();
  return {
    inc(name, labels, by = 1) {
      let series = counters.get(name);
      if (!series) counters.set(name, (series = new Map()));
      const key = seriesKey(labels);
      series.set(key, (series.get(key) ?? 0) + by);
    },
    value(name, labels) {
      return counters.get(name)?.get(seriesKey(labels)) ?? 0;
    },
    render() {
      const lines: string[] = [];
      for (const [name, series] of [...counters].sort(([a], [b]) => a.localeCompare(b))) {
        lines.push(`# HELP ${name} ${HELP[name] ?? name}`, `# TYPE ${name} counter`);
        for (const [key, value] of series) lines.push(`${name}${key} ${value}`);
      }
      return lines.join('\n') + '\n';
    },
  };
}

/**
 * The process's registry. The HTTP app and the upstream provider are built in different places (the
 * container, the app factory, test worlds), so they meet here unless given one explicitly.
 */
export const processMetrics: MetricsRegistry = createMetricsRegistry();

/** Counts every answer by route pattern (never the raw path, which would let clients mint series). */
export function countRequest(metrics: Counters, response: Response, event: H3Event): void {
  const route = event.context.matchedRoute?.route ?? 'unmatched';
  metrics.inc('taskcast_http_requests_total', { route, method: event.req.method, status: String(response.status) });
}

/** `GET /metrics`: Prometheus text format. */
export function registerMetricsRoute(app: H3, metrics: MetricsRegistry): void {
  app.get('/metrics', () => new HTTPResponse(metrics.render(), {
    status: 200,
    headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' },
  }));
}
