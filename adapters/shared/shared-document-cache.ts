/** One cached upstream document as nodes share it: JSON-safe, base-free. */
export interface SharedDocument {
  readonly stripped: Record<string, unknown>;
  readonly bytes: number;
  /** ISO time the data last changed. */
  readonly lastModified: string;
  readonly etag?: string;
  readonly lastModifiedHeader?: string;
  readonly validatedAt: number;
  readonly freshUntil: number;
  /** Upstream's Cache-Control and Expires, for the revalidation's 304. */
  readonly cacheControl?: string;
  readonly expires?: string;
}

/**
 * How one node's upstream fetch ended, when it left nothing in the shared document cache: a problem (a 404
 * for a point outside coverage), a failure (upstream down, no stale copy), or a document that may not be
 * stored (no-store, or a stale copy served during an outage). Kept for a moment, for the nodes that waited
 * on that fetch, so that they answer with it instead of each asking upstream in turn.
 */
export type SharedOutcome =
  | { readonly kind: 'document'; readonly status: 'MISS' | 'REVALIDATED' | 'STALE'; readonly document: SharedDocument }
  | { readonly kind: 'problem'; readonly status: number; readonly stripped: Record<string, unknown> }
  | {
      readonly kind: 'unavailable';
      readonly detail: string;
      readonly reason: 'unavailable' | 'failed';
      readonly retryAfterSeconds?: number;
    };

/** What the shared cache holds for a path: a document to reuse, and the outcome of a fetch just ended. */
export interface SharedRead {
  readonly document?: SharedDocument;
  readonly outcome?: SharedOutcome;
}

export type LockResult = 'acquired' | 'held-elsewhere' | 'unavailable';

/**
 * A cache shared by every node, behind each node's own LRU (Redis in production). Every method answers
 * quickly and never throws: while the shared cache is unreachable it reports a miss and `unavailable`,
 * and each node then works on its own.
 */
export interface SharedDocumentCache {
  /** The document and the last outcome for `path`, in one round trip. */
  read(path: string): Promise<SharedRead>;
  /** Keeps the document for `ttlMs` (fresh time plus the stale allowance). */
  set(path: string, document: SharedDocument, ttlMs: number): Promise<void>;
  /** Keeps a fetch's outcome for `ttlMs`, for the nodes that waited on it. */
  setOutcome(path: string, outcome: SharedOutcome, ttlMs: number): Promise<void>;
  /** The right to fetch `path` from upstream for the whole cluster, for `ttlMs` unless extended. */
  lock(path: string, ttlMs: number): Promise<LockResult>;
  /** Extends this node's lock on `path` to `ttlMs` from now; false if it is no longer this node's. */
  extend(path: string, ttlMs: number): Promise<boolean>;
  unlock(path: string): Promise<void>;
}
