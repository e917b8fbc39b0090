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
}

export type LockResult = 'acquired' | 'held-elsewhere' | 'unavailable';

/**
 * A cache shared by every node, behind each node's own LRU (Redis in production). Every method answers
 * quickly and never throws: while the shared cache is unreachable it reports a miss and `unavailable`,
 * and each node then works on its own.
 */
export interface SharedDocumentCache {
  get(path: string): Promise<SharedDocument | undefined>;
  /** Keeps the document for `ttlMs` (fresh time plus the stale allowance). */
  set(path: string, document: SharedDocument, ttlMs: number): Promise<void>;
  /** The right to fetch `path` from upstream for the whole cluster, for at most `ttlMs`. */
  lock(path: string, ttlMs: number): Promise<LockResult>;
  unlock(path: string): Promise<void>;
}
