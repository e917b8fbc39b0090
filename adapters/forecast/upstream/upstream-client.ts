import { METRIC, noCounters, silentLog, type UpstreamCounters, type UpstreamLog } from './metrics.ts';
import { retryAfterSeconds } from './retry-after.ts';
import { withoutTrailingSlashes } from '../../shared/trailing-slashes.ts';

export type Fetch = typeof globalThis.fetch;

export interface UpstreamClientOptions {
  /** The upstream origin, e.g. https://api.weather.gov. */
  readonly baseUrl: string;
  /** api.weather.gov asks every client to identify itself (and blocks those that do not). */
  readonly userAgent: string;
  /** Per attempt, covering the body as well as the headers. */
  readonly timeoutMs: number;
  readonly fetch?: Fetch;
  readonly maxRetries?: number;
  /** First backoff; doubles per retry, with jitter, capped at maxBackoffMs. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly random?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly counters?: UpstreamCounters;
  readonly log?: UpstreamLog;
  /** Told whether each call, retries included, got an answer (anything below 500) or not. */
  readonly health?: { record(outcome: { reachable: true } | { reachable: false; reason: string }): void };
}

export interface UpstreamReply {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly text: string;
  /** The raw body, for binary answers (icons); set when the request asked for bytes. */
  readonly bytes?: Uint8Array;
  /** Retries made before this reply (0 when the first attempt answered). */
  readonly retries: number;
}

/** No HTTP answer at all after every retry: a timeout or a network failure. */
export class UpstreamUnreachable extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'redirect',
    readonly retries: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Upstream redirected off its own origin (or in circles). Not followed: an answer from another host would
 * be served, cached and recorded as api.weather.gov's, and a redirect is no reason to fetch another host.
 */
class RedirectRefused extends Error {}

/**
 * Upstream answered, then its body broke off (a reset mid-way, a gzip that does not inflate). Retried as a
 * network failure, but named apart: "could not be reached" would send an operator looking at DNS and
 * firewalls when upstream did answer.
 */
class BodyUnreadable extends Error {
  constructor(
    readonly answered: string,
    readonly failure: unknown,
  ) {
    super(`answered ${answered} but its body could not be read`);
  }
}

/** Same-origin redirects followed per request; more is a loop. */
const MAX_REDIRECTS = 5;

/** The statuses api.weather.gov is known to give intermittently (weather-gov/api #160, #19, #76). */
const TRANSIENT = new Set([500, 502, 503, 504]);

export interface UpstreamClient {
  /** `asBytes` keeps the body as bytes (images) instead of decoding it as text. */
  get(path: string, headers?: Record<string, string>, asBytes?: boolean): Promise<UpstreamReply>;
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const doFetch = options.fetch ?? globalThis.fetch;
  const maxRetries = options.maxRetries ?? 2;
  const backoffMs = options.backoffMs ?? 200;
  const maxBackoffMs = options.maxBackoffMs ?? 2000;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const counters = options.counters ?? noCounters;
  const log = options.log ?? silentLog;
  const origin = withoutTrailingSlashes(options.baseUrl);

  // Equal jitter: half the exponential step is fixed, half random, so a burst of clients spreads out. A
  // Retry-After within the cap is honoured as the wait; a longer one ends the retries (see below), so a
  // delay is never asked for it.
  const delay = (retry: number, retryAfter: number | undefined): number => {
    const step = Math.min(maxBackoffMs, backoffMs * 2 ** retry);
    const jittered = step / 2 + random() * (step / 2);
    return retryAfter !== undefined ? Math.max(jittered, retryAfter * 1000) : jittered;
  };
  // Upstream asked for a longer wait than a request can spend: asking again within the backoff would go
  // against its word (and, at api.weather.gov, count against this gateway), so the answer goes to the caller
  // at once, which serves a stale copy or passes the 503 on with that Retry-After.
  const waitsTooLong = (retryAfter: number | undefined): boolean =>
    retryAfter !== undefined && retryAfter * 1000 > maxBackoffMs;

  async function attempt(
    path: string,
    headers: Record<string, string>,
    asBytes: boolean,
  ): Promise<Omit<UpstreamReply, 'retries'>> {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const home = new URL(origin).origin;
    let url = `${origin}${path}`;
    let response: Response;
    for (let hop = 0; ; hop++) {
      response = await doFetch(url, {
        headers: { accept: 'application/geo+json', 'user-agent': options.userAgent, ...headers },
        signal,
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) break;
      await response.body?.cancel();
      const next = new URL(location, url);
      if (next.origin !== home) throw new RedirectRefused(`redirected to another origin (${next.origin})`);
      if (hop >= MAX_REDIRECTS) throw new RedirectRefused(`redirected more than ${MAX_REDIRECTS} times`);
      url = next.href;
    }
    const head = { status: response.status, statusText: response.statusText, headers: response.headers };
    let bytes: Uint8Array;
    try {
      if (!asBytes) return { ...head, text: await response.text() };
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      // A timeout stays one: the attempt's time ran out, whether in the headers or the body.
      if (isTimeout(error)) throw error;
      throw new BodyUnreadable(`${response.status}${response.statusText ? ` ${response.statusText}` : ''}`, error);
    }
    return {
      ...head,
      bytes,
      text: /json/i.test(response.headers.get('content-type') ?? '') ? new TextDecoder().decode(bytes) : '',
    };
  }

  return {
    async get(path, headers = {}, asBytes = false) {
      const started = performance.now();
      const finish = (status: number | string, retries: number, level: 'info' | 'warn' = 'info'): void => {
        log[level]('upstream call', {
          method: 'GET',
          path,
          status,
          durationMs: Math.round(performance.now() - started),
          retries,
        });
      };
      for (let retry = 0; ; retry++) {
        if (retry > 0) counters.inc(METRIC.retries);
        try {
          const reply = await attempt(path, headers, asBytes);
          counters.inc(METRIC.calls, { status: String(reply.status) });
          if (TRANSIENT.has(reply.status) && retry < maxRetries) {
            const retryAfter = retryAfterSeconds(reply.headers.get('retry-after'), Date.now());
            if (!waitsTooLong(retryAfter)) {
              await sleep(delay(retry, retryAfter));
              continue;
            }
          }
          finish(reply.status, retry, reply.status >= 500 ? 'warn' : 'info');
          options.health?.record(
            reply.status >= 500
              ? { reachable: false, reason: `${reply.status} after ${retry + 1} attempts` }
              : { reachable: true },
          );
          return { ...reply, retries: retry };
        } catch (error) {
          if (error instanceof RedirectRefused) {
            // Not transient: asking again would be redirected again.
            counters.inc(METRIC.calls, { status: 'redirect' });
            finish('redirect', retry, 'warn');
            throw new UpstreamUnreachable(
              'redirect',
              retry,
              `The upstream forecast service ${error.message}; it was not followed.`,
            );
          }
          const reason = isTimeout(error) ? 'timeout' : 'network';
          counters.inc(METRIC.calls, { status: reason });
          if (retry < maxRetries) {
            await sleep(delay(retry, undefined));
            continue;
          }
          finish(reason, retry, 'warn');
          options.health?.record({ reachable: false, reason: `${reason} after ${retry + 1} attempts` });
          const what =
            reason === 'timeout'
              ? `did not answer within ${options.timeoutMs} ms`
              : error instanceof BodyUnreadable
                ? `${error.message} (${describe(error.failure)})`
                : `could not be reached (${describe(error)})`;
          throw new UpstreamUnreachable(reason, retry, `The upstream forecast service ${what}, ${retry + 1} attempts.`);
        }
      }
    },
  };
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** A network error in a word: fetch's own message is only "fetch failed"; its cause names what (ECONNREFUSED). */
export function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}
