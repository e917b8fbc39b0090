import { ForecastUnavailable } from '../../../domain/forecast/errors.ts';
import { LRUCache } from 'lru-cache';
import { freshnessOf, mayServeStale, notModifiedHeaders } from './freshness.ts';
import { httpDate } from './http-date.ts';
import type { LinkRewriter } from './link-rewriter.ts';
import { METRIC, noCounters, seriesOf, type UpstreamCounters } from './metrics.ts';
import type { SharedDocument, SharedDocumentCache, SharedOutcome } from '../../shared/shared-document-cache.ts';
import { type UpstreamClient, UpstreamUnreachable } from './upstream-client.ts';
import { classifyReply, unreachableError } from './upstream-errors.ts';

export type CacheStatus = 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE';

/**
 * How long a fetch's outcome that left no document (a 404, an outage) stays for the nodes that waited on it:
 * they poll every 50 ms, so a moment is enough, and it is all the cluster remembers of a failure.
 */
const OUTCOME_MS = 2_000;

/** One upstream document, kept base-free. */
export class CacheEntry {
  // Rewritten bodies for the last few {base}s: a hit then returns the very same object, which the HTTP
  // layer has already serialised and hashed. Few, because Host can vary per request.
  private readonly byBase = new Map<string, Record<string, unknown>>();

  constructor(
    readonly stripped: Record<string, unknown>,
    readonly bytes: number,
    /** When the data last changed: upstream's Last-Modified, else the body's update time, else fetch time. */
    readonly lastModified: Date,
    readonly etag: string | undefined,
    readonly lastModifiedHeader: string | undefined,
    /** When upstream last vouched for it (fetched or revalidated). */
    public validatedAt: number,
    public freshUntil: number,
    /** Upstream's Cache-Control and Expires, kept for the 304s that do not repeat them. */
    public cacheControl: string | undefined = undefined,
    public expires: string | undefined = undefined,
  ) {}

  bodyFor(base: string, rewriter: LinkRewriter): Record<string, unknown> {
    let body = this.byBase.get(base);
    if (!body) {
      body = rewriter.withBase(this.stripped, base) as Record<string, unknown>;
      if (this.byBase.size >= 4) this.byBase.delete(this.byBase.keys().next().value!);
      this.byBase.set(base, body);
    }
    return body;
  }
}

export type Lookup =
  | { readonly kind: 'document'; readonly entry: CacheEntry; readonly status: CacheStatus }
  | { readonly kind: 'problem'; readonly status: number; readonly stripped: Record<string, unknown> };

/** A fresh copy found in memory, and the clock's reading it was fresh at. */
export interface FreshHit {
  readonly kind: 'document';
  readonly entry: CacheEntry;
  readonly status: 'HIT';
  readonly at: number;
}

export interface UpstreamCacheOptions {
  readonly client: UpstreamClient;
  readonly rewriter: LinkRewriter;
  readonly maxBytes: number;
  /** How old (since upstream last vouched for it) a copy may be to stand in during an outage. */
  readonly staleMaxMs: number;
  readonly now?: () => number;
  readonly counters?: UpstreamCounters;
  /** A cache shared by the cluster's nodes (Redis), behind this node's LRU; see `loadShared`. */
  readonly shared?: SharedDocumentCache;
  /**
   * How long a node waits for another node's fetch of the same document before fetching it itself, while
   * that node's lock is alive: longer than a fetch can take (the attempts' timeouts and backoffs).
   */
  readonly sharedWaitMs?: number;
  /** How long a fetching node's lock lasts unless renewed (it renews it every third of that): how long a
   * node that died while fetching holds the others up. */
  readonly sharedLockMs?: number;
}

export interface UpstreamCache {
  /**
   * The document at `path` (path plus query): a fresh copy in memory at once, as a HIT (no promise: the hot
   * path of a warm gateway), else a promise of what upstream says. Throws ForecastUnavailable.
   * `accept`: the media type to ask for when not GeoJSON (api.weather.gov's JSON-LD-only documents).
   */
  get(path: string, accept?: string): FreshHit | Promise<Lookup>;
  /**
   * Whether `entry`, which `get` gave as a HIT, is still the fresh one held for `path` at `at` (the caller's
   * clock reading): then it is served again from memory, so it counts as a hit (and as the entry's use, for
   * the LRU order) as `get` would.
   */
  stillHit(path: string, entry: CacheEntry, at: number): boolean;
  /** `calculatedSize` is the body bytes held. */
  readonly lru: LRUCache<string, CacheEntry>;
}

/**
 * A least-recently-used map bounded by the sum of its entries' body bytes rather than their count: upstream
 * bodies run from 300 bytes (a problem) to 130 kB (raw gridpoint data), so a count bound says nothing about
 * memory. An entry larger than the whole budget is not kept (lru-cache's maxEntrySize defaults to maxSize).
 */
export function byteBoundedLru<V extends { readonly bytes: number }>(
  maxBytes: number,
  onEvict: () => void = () => {},
): LRUCache<string, V> {
  return new LRUCache<string, V>({
    maxSize: maxBytes,
    // lru-cache wants a positive size; an empty body still costs its entry.
    sizeCalculation: (value) => Math.max(1, value.bytes),
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') onEvict();
    },
  });
}

/**
 * The HTTP cache in front of the upstream client: fresh hits from memory, conditional revalidation after
 * expiry, stale-if-error during outages, and one upstream call for any number of concurrent identical misses.
 */
export function createUpstreamCache(options: UpstreamCacheOptions): UpstreamCache {
  const now = options.now ?? Date.now;
  const counters = options.counters ?? noCounters;
  const lru = byteBoundedLru<CacheEntry>(options.maxBytes, () => counters.inc(METRIC.evictions));
  // The gauges follow every change of the cache's content (evictions happen inside set).
  const store = (path: string, entry: CacheEntry): void => {
    lru.set(path, entry);
    held();
  };
  const held = (): void => {
    counters.set(METRIC.cacheBytes, lru.calculatedSize);
    counters.set(METRIC.cacheEntries, lru.size);
  };
  const flights = new Map<string, Promise<Lookup>>();

  // Each result's series bound once: a hit is counted on every request of a warm gateway.
  const counted: Record<CacheStatus, () => void> = {
    HIT: seriesOf(counters, METRIC.cache, { result: 'HIT' }),
    MISS: seriesOf(counters, METRIC.cache, { result: 'MISS' }),
    REVALIDATED: seriesOf(counters, METRIC.cache, { result: 'REVALIDATED' }),
    STALE: seriesOf(counters, METRIC.cache, { result: 'STALE' }),
  };
  const count = (lookup: Lookup): Lookup => {
    counted[lookup.kind === 'document' ? lookup.status : 'MISS']();
    return lookup;
  };

  async function load(path: string, cached: CacheEntry | undefined, accept: string | undefined): Promise<Lookup> {
    const conditional: Record<string, string> = accept ? { accept } : {};
    if (cached?.etag) conditional['if-none-match'] = cached.etag;
    if (cached?.lastModifiedHeader) conditional['if-modified-since'] = cached.lastModifiedHeader;
    const staleOr = (error: ForecastUnavailable): Lookup => {
      if (cached && now() - cached.validatedAt <= options.staleMaxMs && mayServeStale(cached.cacheControl))
        return { kind: 'document', entry: cached, status: 'STALE' };
      throw error;
    };

    let reply;
    try {
      reply = await options.client.get(path, conditional);
    } catch (error) {
      if (error instanceof UpstreamUnreachable) return staleOr(unreachableError(error));
      throw error;
    }
    const at = now();
    const reading = classifyReply(reply, at);
    switch (reading.kind) {
      case 'not-modified': {
        // A 304 to a request that held no validators is upstream misbehaving; there is nothing to serve.
        if (!cached)
          return staleOr(
            new ForecastUnavailable(
              'The upstream forecast service answered 304 to an unconditional request.',
              'failed',
            ),
          );
        const headers = notModifiedHeaders(reply.headers, cached);
        const freshness = freshnessOf(headers, at);
        cached.validatedAt = at;
        cached.freshUntil = at + freshness.lifetimeMs;
        cached.cacheControl = headers.get('cache-control') ?? undefined;
        cached.expires = headers.get('expires') ?? undefined;
        if (!lru.has(path)) store(path, cached);
        return { kind: 'document', entry: cached, status: 'REVALIDATED' };
      }
      case 'document': {
        const freshness = freshnessOf(reply.headers, at);
        const entry = new CacheEntry(
          options.rewriter.strip(reading.json) as Record<string, unknown>,
          Buffer.byteLength(reply.text),
          dataTime(reply.headers, reading.json, at),
          reply.headers.get('etag') ?? undefined,
          reply.headers.get('last-modified') ?? undefined,
          at,
          at + freshness.lifetimeMs,
          reply.headers.get('cache-control') ?? undefined,
          reply.headers.get('expires') ?? undefined,
        );
        if (freshness.storable) store(path, entry);
        else if (lru.delete(path)) held();
        return { kind: 'document', entry, status: 'MISS' };
      }
      case 'problem':
        return {
          kind: 'problem',
          status: reading.status,
          stripped: options.rewriter.strip(reading.json) as Record<string, unknown>,
        };
      case 'failure':
        return staleOr(reading.error);
    }
  }

  /**
   * A miss with a shared cache: a fresh copy another node fetched is used as it is; otherwise the node that
   * takes the path's lock fetches (or revalidates) it and shares the result, while the others poll for it,
   * so upstream sees one request per document for the whole cluster. A fetch that leaves no document to
   * share (a 404, an outage with no stale copy, a no-store answer) leaves its outcome for a moment instead,
   * and the nodes that waited answer with it rather than each asking upstream in turn. The holder keeps its
   * lock alive while it fetches, however long upstream takes (retries included); a holder that died stops
   * doing so and its lock lapses within `sharedLockMs`. With the shared cache down, each node fetches.
   */
  async function loadShared(
    path: string,
    cached: CacheEntry | undefined,
    shared: SharedDocumentCache,
    accept?: string,
  ): Promise<Lookup> {
    const lockMs = options.sharedLockMs ?? 5_000;
    const giveUpAt = now() + (options.sharedWaitMs ?? 60_000);
    let known = cached;
    /** What another node left for this path: a fresh document, or the outcome of a fetch it just ended. */
    const fromShared = async (): Promise<Lookup | undefined> => {
      const { document, outcome } = await shared.read(path);
      if (document && (!known || document.validatedAt > known.validatedAt)) {
        known = entryOf(document);
        if (now() < known.freshUntil) {
          // Through store, as every other write: the gauges must count what another node's copy adds.
          store(path, known);
          return { kind: 'document', entry: known, status: 'HIT' };
        }
      }
      return outcome && lookupOf(outcome, known);
    };
    for (;;) {
      const found = await fromShared();
      if (found) return found;
      const lock = await shared.lock(path, lockMs);
      if (lock === 'acquired') {
        try {
          // The node that fetched may have shared its result and let the lock go between the read above and
          // this lock: read again before calling upstream, or the cluster fetches the document twice.
          return (await fromShared()) ?? (await fetchForCluster(path, known, shared, lockMs, accept));
        } finally {
          await shared.unlock(path);
        }
      }
      if (lock === 'unavailable' || now() >= giveUpAt) return load(path, known, accept);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The lock holder's fetch: the lock kept alive meanwhile, and what it got left for the other nodes. */
  async function fetchForCluster(
    path: string,
    known: CacheEntry | undefined,
    shared: SharedDocumentCache,
    lockMs: number,
    accept: string | undefined,
  ): Promise<Lookup> {
    const keepLock = setInterval(() => void shared.extend(path, lockMs), lockMs / 3);
    keepLock.unref();
    try {
      let lookup: Lookup;
      try {
        lookup = await load(path, known, accept);
      } catch (error) {
        if (error instanceof ForecastUnavailable) {
          const { detail, reason, retryAfterSeconds } = error;
          await shared.setOutcome(path, { kind: 'unavailable', detail, reason, retryAfterSeconds }, OUTCOME_MS);
        }
        throw error;
      }
      if (lookup.kind === 'problem') await shared.setOutcome(path, lookup, OUTCOME_MS);
      else if (lookup.status !== 'STALE' && lookup.status !== 'HIT' && lru.has(path)) {
        const entry = lookup.entry;
        await shared.set(path, recordOf(entry), Math.max(0, entry.freshUntil - now()) + options.staleMaxMs);
      } else if (lookup.status !== 'HIT') {
        const outcome = { kind: 'document', status: lookup.status, document: recordOf(lookup.entry) } as const;
        await shared.setOutcome(path, outcome, OUTCOME_MS);
      }
      return lookup;
    } finally {
      clearInterval(keepLock);
    }
  }

  /** A shared outcome as this node's answer; an outage's failure yields to this node's own stale copy. */
  function lookupOf(outcome: SharedOutcome, known: CacheEntry | undefined): Lookup {
    switch (outcome.kind) {
      case 'document':
        return { kind: 'document', entry: entryOf(outcome.document), status: outcome.status };
      case 'problem':
        return { kind: 'problem', status: outcome.status, stripped: outcome.stripped };
      case 'unavailable':
        if (known && now() - known.validatedAt <= options.staleMaxMs)
          return { kind: 'document', entry: known, status: 'STALE' };
        throw new ForecastUnavailable(outcome.detail, outcome.reason, outcome.retryAfterSeconds);
    }
  }

  return {
    lru,
    get(path, accept) {
      const cached = lru.get(path);
      const at = now();
      if (cached && at < cached.freshUntil) {
        counted.HIT();
        return { kind: 'document', entry: cached, status: 'HIT', at };
      }
      let flight = flights.get(path);
      if (!flight) {
        flight = (
          options.shared ? loadShared(path, cached, options.shared, accept) : load(path, cached, accept)
        ).finally(() => flights.delete(path));
        flights.set(path, flight);
      }
      return flight.then(count);
    },
    stillHit(path, entry, at) {
      if (at >= entry.freshUntil || lru.get(path) !== entry) return false;
      counted.HIT();
      return true;
    },
  };
}

function recordOf(entry: CacheEntry): SharedDocument {
  return {
    stripped: entry.stripped,
    bytes: entry.bytes,
    lastModified: entry.lastModified.toISOString(),
    etag: entry.etag,
    lastModifiedHeader: entry.lastModifiedHeader,
    validatedAt: entry.validatedAt,
    freshUntil: entry.freshUntil,
    cacheControl: entry.cacheControl,
    expires: entry.expires,
  };
}

function entryOf(record: SharedDocument): CacheEntry {
  return new CacheEntry(
    record.stripped,
    record.bytes,
    new Date(record.lastModified),
    record.etag,
    record.lastModifiedHeader,
    record.validatedAt,
    record.freshUntil,
    // Absent from a record an older version wrote: its next 304 is then read on its own.
    typeof record.cacheControl === 'string' ? record.cacheControl : undefined,
    typeof record.expires === 'string' ? record.expires : undefined,
  );
}

/**
 * When the data last changed, as Taskcast's Last-Modified. Upstream's header is read as an HTTP-date only
 * (Date.parse takes "3000" for the year 3000), the body's times as the ISO times they are; and a time
 * later than the answer is no time the data changed: passed on, it would match a client's
 * If-Modified-Since for ever and hide every later change behind a 304.
 */
function dataTime(headers: Headers, json: Record<string, unknown>, fetchedAt: number): Date {
  const properties = json['properties'] as Record<string, unknown> | undefined;
  const iso = (value: unknown): number | undefined => (typeof value === 'string' ? Date.parse(value) : undefined);
  for (const at of [
    httpDate(headers.get('last-modified')),
    iso(properties?.['updateTime']),
    iso(properties?.['updated']),
    iso(json['updated']),
  ]) {
    if (at !== undefined && !Number.isNaN(at) && at <= fetchedAt) return new Date(at);
  }
  return new Date(fetchedAt);
}
