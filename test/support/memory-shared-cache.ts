import type { LockResult, SharedDocument, SharedDocumentCache } from '../../adapters/shared/shared-document-cache.ts';

/** A SharedDocumentCache in one process's memory: several caches built on it behave like nodes on one Redis. */
export function memorySharedCache(): SharedDocumentCache & { readonly docs: Map<string, SharedDocument> } {
  const docs = new Map<string, SharedDocument>();
  const locks = new Set<string>();
  return {
    docs,
    async get(path) {
      return docs.get(path);
    },
    async set(path, document) {
      docs.set(path, document);
    },
    async lock(path): Promise<LockResult> {
      if (locks.has(path)) return 'held-elsewhere';
      locks.add(path);
      return 'acquired';
    },
    async unlock(path) {
      locks.delete(path);
    },
  };
}
