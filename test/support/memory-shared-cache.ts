import type {
  LockResult,
  SharedDocument,
  SharedDocumentCache,
  SharedOutcome,
} from '../../adapters/shared/shared-document-cache.ts';

/** What one store holds, with the expiry of each entry (Date.now() ms). */
interface Held<T> {
  readonly value: T;
  expiresAt: number;
}

export interface MemorySharedCache extends SharedDocumentCache {
  readonly docs: Map<string, SharedDocument>;
  /** A view of the same store for one node: locks it takes are its own, as a Redis client's token makes them. */
  asNode(): SharedDocumentCache;
}

/**
 * A SharedDocumentCache in one process's memory: several caches built on it behave like nodes on one Redis,
 * TTLs included. Handing every node the cache itself makes them share one lock owner; `asNode()` gives each
 * its own, as Redis does.
 */
export function memorySharedCache(): MemorySharedCache {
  const docs = new Map<string, SharedDocument>();
  const outcomes = new Map<string, Held<SharedOutcome>>();
  const locks = new Map<string, Held<symbol>>();
  const live = <T>(map: Map<string, Held<T>>, key: string): Held<T> | undefined => {
    const held = map.get(key);
    if (held && held.expiresAt <= Date.now()) map.delete(key);
    return map.get(key);
  };
  const view = (owner: symbol): SharedDocumentCache => ({
    async read(path) {
      return { document: docs.get(path), outcome: live(outcomes, path)?.value };
    },
    async set(path, document) {
      docs.set(path, document);
    },
    async setOutcome(path, outcome, ttlMs) {
      outcomes.set(path, { value: outcome, expiresAt: Date.now() + ttlMs });
    },
    async lock(path, ttlMs): Promise<LockResult> {
      if (live(locks, path)) return 'held-elsewhere';
      locks.set(path, { value: owner, expiresAt: Date.now() + ttlMs });
      return 'acquired';
    },
    async extend(path, ttlMs) {
      const held = live(locks, path);
      if (held?.value !== owner) return false;
      held.expiresAt = Date.now() + ttlMs;
      return true;
    },
    async unlock(path) {
      if (live(locks, path)?.value === owner) locks.delete(path);
    },
  });
  return { ...view(Symbol('shared')), docs, asNode: () => view(Symbol('node')) };
}
