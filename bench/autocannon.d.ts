// Minimal types for the parts of autocannon's programmatic API the benchmarks use. autocannon ships none.
declare module 'autocannon' {
  /** One entry of `requests`; `setupRequest` may rewrite it before each send (return a falsy value to skip). */
  export interface RequestSpec {
    method?: Options['method'];
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (
      request: RequestSpec & { path: string },
      context: Record<string, unknown>,
    ) => (RequestSpec & { path: string }) | null | undefined;
  }

  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    /** Requests per second over all connections together: a fixed rate instead of as fast as answered. */
    overallRate?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';
    headers?: Record<string, string>;
    body?: string;
    /** Seconds before a request counts as a timeout. */
    timeout?: number;
    pipelining?: number;
    /** Each connection cycles through these in order. */
    requests?: RequestSpec[];
  }

  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }

  export interface Result {
    url: string;
    connections: number;
    /** Seconds, as measured. */
    duration: number;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    statusCodeStats: Record<string, { count: number }>;
    /** Milliseconds. */
    latency: Histogram;
    /** Requests per second, sampled once a second. */
    requests: Histogram;
    throughput: Histogram;
  }

  /** The run: awaited for its Result, and an emitter of each answer as it comes. */
  export interface Instance extends Promise<Result> {
    /** Each answer: its status and its latency (ms, from the request's first byte sent). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void;
  }

  export default function autocannon(options: Options): Instance;
}
