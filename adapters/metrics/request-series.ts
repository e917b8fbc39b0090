import type { Metric, MetricValue, MetricValueWithName } from 'prom-client';

/** One series of answered requests: a route pattern, a method and a status. */
interface Series {
  readonly labels: { readonly method: string; readonly route: string; readonly status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); the last one is +Inf. */
  readonly perBucket: Float64Array;
}

/**
 * The request counter and the request duration histogram, counted here and rendered by prom-client.
 *
 * prom-client's own Counter and Histogram check and hash their label object on every observation, which
 * for the one observation every request makes cost about 2.7 µs of CPU (measured on GET /api/tasks, a 25 µs
 * request). Here an observation is three map lookups keyed by strings V8 has already hashed (the route
 * pattern's, the method's) and two additions; prom-client asks for the values only when /metrics is
 * scraped, through the `get()` a custom metric may provide, and formats them as it formats its own: the
 * same names, labels, buckets and order of lines as a prom-client Counter and Histogram would give.
 */
export class RequestSeries {
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) this.byRoute.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        perBucket: new Float64Array(this.bounds.length + 1),
      };
      byStatus.set(status, series);
    }
    series.count++;
    series.sum += seconds;
    // A value goes in the first bucket whose upper bound it does not exceed (Prometheus' `le`).
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    series.perBucket[i]!++;
  }

  /** The counter of requests, as a metric a prom-client Registry can register. */
  counter(name: string, help: string): Metric {
    return this.metric(name, help, 'counter', () => {
      const values: MetricValue<string>[] = [];
      for (const series of this.all()) values.push({ labels: { ...series.labels }, value: series.count });
      return values;
    });
  }

  /** The duration histogram, as a metric a prom-client Registry can register. */
  histogram(name: string, help: string): Metric {
    return this.metric(name, help, 'histogram', () => {
      const values: MetricValueWithName<string>[] = [];
      for (const series of this.all()) {
        let cumulative = 0;
        for (let i = 0; i <= this.bounds.length; i++) {
          cumulative += series.perBucket[i]!;
          const le = i < this.bounds.length ? this.bounds[i]! : '+Inf';
          values.push({ labels: { le, ...series.labels }, value: cumulative, metricName: `${name}_bucket` });
        }
        values.push({ labels: { ...series.labels }, value: series.sum, metricName: `${name}_sum` });
        values.push({ labels: { ...series.labels }, value: series.count, metricName: `${name}_count` });
      }
      return values;
    });
  }

  private *all(): Generator<Series> {
    for (const byMethod of this.byRoute.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  private metric(
    name: string,
    help: string,
    type: 'counter' | 'histogram',
    values: () => MetricValue<string>[],
  ): Metric {
    const get = async () => ({ name, help, type, aggregator: 'sum', values: values() });
    // The parts of prom-client's Metric a Registry uses: name, help, type, aggregator, get() and reset().
    return { name, help, type, aggregator: 'sum', get, reset: () => this.byRoute.clear() } as unknown as Metric;
  }
}
