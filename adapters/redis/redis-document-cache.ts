import { randomBytes } from 'node:crypto';
import type { RedisConnection } from './redis-connection.ts';
import type { LockResult, SharedDocument, SharedDocumentCache } from '../shared/shared-document-cache.ts';

/** Deletes the lock only if it is still ours: a lock that expired and was taken by another node stays. */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * The upstream cache's second level in Redis: documents under `taskcast:upstream:doc:<path>` with a TTL,
 * and a short-lived lock per path so that one node in the cluster fetches a missing document while the
 * others wait for it to appear (cross-node single flight). Failures are swallowed by design: Redis down
 * means each node is on its own, which RedisConnection logs once.
 */
export function createRedisDocumentCache(redis: RedisConnection, prefix = 'taskcast:upstream'): SharedDocumentCache {
  const token = randomBytes(12).toString('hex');
  const docKey = (path: string) => `${prefix}:doc:${path}`;
  const lockKey = (path: string) => `${prefix}:lock:${path}`;
  return {
    async get(path) {
      if (!redis.available) return undefined;
      try {
        const text = await redis.client.get(docKey(path));
        return text === null ? undefined : parseDocument(text);
      } catch {
        return undefined;
      }
    },
    async set(path, document, ttlMs) {
      if (!redis.available) return;
      try {
        await redis.client.set(docKey(path), JSON.stringify(document), 'PX', Math.max(1, Math.round(ttlMs)));
      } catch {
        // the next node to miss fetches it again
      }
    },
    async lock(path, ttlMs): Promise<LockResult> {
      if (!redis.available) return 'unavailable';
      try {
        const reply = await redis.client.set(lockKey(path), token, 'PX', Math.max(1, Math.round(ttlMs)), 'NX');
        return reply === 'OK' ? 'acquired' : 'held-elsewhere';
      } catch {
        return 'unavailable';
      }
    },
    async unlock(path) {
      if (!redis.available) return;
      try {
        await redis.client.eval(RELEASE, 1, lockKey(path), token);
      } catch {
        // it expires by itself
      }
    },
  };
}

function parseDocument(text: string): SharedDocument | undefined {
  try {
    const doc = JSON.parse(text) as SharedDocument;
    const ok =
      typeof doc === 'object' &&
      doc !== null &&
      typeof doc.stripped === 'object' &&
      doc.stripped !== null &&
      typeof doc.bytes === 'number' &&
      typeof doc.lastModified === 'string' &&
      typeof doc.validatedAt === 'number' &&
      typeof doc.freshUntil === 'number';
    return ok ? doc : undefined;
  } catch {
    return undefined;
  }
}
