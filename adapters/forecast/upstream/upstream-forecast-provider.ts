import type {
  AssetMedia,
  ForecastAsset,
  ForecastContext,
  ForecastDocument,
  ForecastProvider,
} from '../../../application/forecast/ports.ts';
import { ForecastUnavailable } from '../../../domain/forecast/errors.ts';
import { RelayedProblem } from '../../shared/relayed-problem.ts';
import { createUpstreamCache, type CacheEntry, type Lookup, type UpstreamCache } from './http-cache.ts';
import { createLinkRewriter } from './link-rewriter.ts';
import { silentLog, type UpstreamCounters, type UpstreamLog } from './metrics.ts';
import { createUpstreamClient, UpstreamUnreachable, type Fetch, type UpstreamClient } from './upstream-client.ts';
import { classifyReply, unreachableError } from './upstream-errors.ts';
import { freshnessOf } from './freshness.ts';
import { httpDate } from './http-date.ts';
import type { SharedDocumentCache } from '../../shared/shared-document-cache.ts';
import { createPathAddressedProvider } from '../by-path/path-addressed-provider.ts';
import type { BundleRecorder } from '../replay/bundle-recorder.ts';
import { UpstreamHealth } from './upstream-health.ts';

export interface UpstreamProviderOptions {
  /** UPSTREAM_URL, such as https://api.weather.gov. */
  readonly baseUrl: string;
  /** UPSTREAM_USER_AGENT. */
  readonly userAgent: string;
  /** UPSTREAM_CACHE_MB, in bytes. */
  readonly cacheBytes: number;
  /** UPSTREAM_TIMEOUT_MS. */
  readonly timeoutMs: number;
  /** UPSTREAM_STALE_MAX_S, in seconds. */
  readonly staleMaxSeconds: number;
  readonly fetch?: Fetch;
  readonly counters?: UpstreamCounters;
  readonly log?: UpstreamLog;
  /** Backoff before the first retry (doubling after); tests shorten it. */
  readonly backoffMs?: number;
  readonly now?: () => number;
  /** The cluster's shared cache (Redis), when there is one. */
  readonly shared?: SharedDocumentCache;
  /** FORECAST_RECORD_DIR: given each document (its links under `{base}`) and asset fetched from upstream. */
  readonly record?: BundleRecorder;
}

export interface UpstreamForecastProvider extends ForecastProvider {
  /** The cache, for tests and diagnostics. */
  readonly cache: UpstreamCache;
  /** Whether upstream is reachable, for GET /ready. */
  readonly health: UpstreamHealth;
}

/** The ForecastProvider that relays api.weather.gov through a cache, retries and link rewriting. */
export function createUpstreamForecastProvider(options: UpstreamProviderOptions): UpstreamForecastProvider {
  const now = options.now ?? Date.now;
  const rewriter = createLinkRewriter(options.baseUrl);
  const health = new UpstreamHealth({
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    fetch: options.fetch,
    now,
  });
  const client = createUpstreamClient({
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    backoffMs: options.backoffMs,
    counters: options.counters,
    log: options.log,
    health,
  });
  const cache = createUpstreamCache({
    client,
    rewriter,
    maxBytes: options.cacheBytes,
    staleMaxMs: options.staleMaxSeconds * 1000,
    now,
    counters: options.counters,
    shared: options.shared,
    // A node waits for another's fetch as long as that fetch can take: three attempts, each up to the
    // timeout, and the backoffs between them (at most 2 s each), with a margin.
    sharedWaitMs: 3 * options.timeoutMs + 5_000,
  });

  /**
   * The document at `path`. A fresh hit is answered as soon as it is found, without waiting on a promise
   * of the cache's: at a warm gateway's limit nearly every request is one, and each microsecond shows.
   */
  function document(path: string, ctx: ForecastContext, accept?: string): Promise<ForecastDocument> {
    const lookup = cache.get(path, accept);
    if (lookup instanceof Promise) return lookup.then((found) => fetched(path, found, ctx));
    return Promise.resolve(freshHit(path, lookup.entry, lookup.at, ctx));
  }

  /**
   * A fresh hit found at `at`. It is the answer again, to the byte, until its max-age counts down a second
   * (or the entry stops being the cache's fresh one): the HTTP adapter may serve this very document until
   * then without asking (adapters/http/forecast/kept-documents.ts), and the bytes it wrote for it once.
   */
  function freshHit(path: string, entry: CacheEntry, at: number, ctx: ForecastContext): ForecastDocument {
    const maxAgeSeconds = Math.max(0, Math.floor((entry.freshUntil - at) / 1000));
    const lastSame = entry.freshUntil - maxAgeSeconds * 1000;
    return {
      body: entry.bodyFor(ctx.baseUrl, rewriter),
      lastModified: entry.lastModified,
      maxAgeSeconds,
      cacheStatus: 'HIT',
      stillCurrent: () => {
        const t = now();
        return t >= at && t <= lastSame && cache.stillHit(path, entry, t);
      },
    };
  }

  /** What the cache gave once upstream (or the cluster's shared cache) was asked. */
  function fetched(path: string, lookup: Lookup, ctx: ForecastContext): ForecastDocument {
    if (lookup.kind === 'problem') {
      throw new RelayedProblem(
        lookup.status,
        rewriter.withBase(lookup.stripped, ctx.baseUrl) as Record<string, unknown>,
      );
    }
    const { entry, status } = lookup;
    // Recorded when this node first serves it: from upstream, or from another node's fetch through the shared
    // cache (a HIT here, which its own fresh hits never are: those go through freshHit). Recording upstream's
    // answers alone lost every document the cluster already held, after a restart of a recording node too.
    if (options.record && status !== 'STALE') {
      // A recording that cannot be written (a full disk, a full bundle) costs the bundle that file, never
      // the client its answer: upstream's 200 stays a 200.
      try {
        options.record.document(path, entry.bodyFor('{base}', rewriter), entry.lastModified);
      } catch (error) {
        (options.log ?? silentLog).warn('forecast document not recorded', { path, reason: (error as Error).message });
      }
    }
    const at = now();
    // Another node's fresh copy, from the shared cache.
    if (status === 'HIT') return freshHit(path, entry, at, ctx);
    // What is left of upstream's freshness; a stale copy must not be kept by anyone downstream.
    const maxAgeSeconds = status === 'STALE' ? 0 : Math.max(0, Math.floor((entry.freshUntil - at) / 1000));
    return {
      body: entry.bodyFor(ctx.baseUrl, rewriter),
      lastModified: entry.lastModified,
      maxAgeSeconds,
      cacheStatus: status,
    };
  }

  async function asset(path: string, media: AssetMedia): Promise<ForecastAsset> {
    const answer = await relayAsset(client, path, now, media);
    try {
      options.record?.asset(path, answer);
    } catch (error) {
      (options.log ?? silentLog).warn('forecast asset not recorded', { path, reason: (error as Error).message });
    }
    return answer;
  }

  // Every port method is its path of the route table, asked of the cache (documents) or relayed (assets).
  const byPath = createPathAddressedProvider({
    source: {
      document: (path, accept, ctx) => document(path, ctx, accept),
      asset: (path, media) => asset(path, media),
    },
    now,
  });
  return { ...byPath, cache, health };
}

/**
 * An icon, a thumbnail or an XML TAF, relayed byte for byte (api.weather.gov draws icons as PNG). Browsers
 * cache images themselves, so these skip Taskcast's document cache; failures become the same problems as
 * for documents.
 */
async function relayAsset(
  client: UpstreamClient,
  pathAndQuery: string,
  now: () => number,
  media: AssetMedia,
): Promise<ForecastAsset> {
  let reply;
  try {
    reply = await client.get(pathAndQuery, { accept: media.accept }, true);
  } catch (error) {
    if (error instanceof UpstreamUnreachable) throw unreachableError(error);
    throw error;
  }
  const type = reply.headers.get('content-type') ?? 'application/octet-stream';
  if (reply.status === 200 && reply.bytes && media.matches(type)) {
    // As a document's (http-cache.ts, dataTime): an HTTP-date, and none later than the answer.
    const at = now();
    const lastModified = httpDate(reply.headers.get('last-modified'));
    return {
      contentType: type,
      bytes: reply.bytes,
      lastModified: new Date(lastModified !== undefined && lastModified <= at ? lastModified : at),
      maxAgeSeconds: Math.floor(freshnessOf(reply.headers, now()).lifetimeMs / 1000),
    };
  }
  const kind = classifyReply(reply, now());
  if (kind.kind === 'problem') throw new RelayedProblem(kind.status, kind.json);
  if (kind.kind === 'failure') throw kind.error;
  throw new ForecastUnavailable(
    `The upstream forecast service answered ${reply.status} with ${type} for ${media.what}.`,
    'failed',
  );
}
