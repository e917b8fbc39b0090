import { randomBytes } from 'node:crypto';
import type { RedisConnection } from './redis-connection.ts';
import type {
  LockResult,
  SharedDocument,
  SharedDocumentCache,
  SharedOutcome,
  SharedRead,
} from '../shared/shared-document-cache.ts';

/** Deletes the lock only if it is still ours: a lock that expired and was taken by another node stays. */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";
/** Extends the lock only if it is still ours, as RELEASE deletes it. */
const EXTEND =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end";

/**
 * The upstream cache's second level in Redis: documents under `taskcast:upstream:doc:<path>` with a TTL,
 * and a short-lived lock per path so that one node in the cluster fetches a missing document while the
 * others wait for it to appear (cross-node single flight); the fetch's outcome, when it left no document
 * (a 404, an outage), under `…:outcome:<path>` for a moment, for the nodes that waited. Failures are
 * swallowed by design: Redis down means each node is on its own, which RedisConnection logs once.
 */
export function createRedisDocumentCache(redis: RedisConnection, prefix = 'taskcast:upstream'): SharedDocumentCache {
  const token = randomBytes(12).toString('hex');
  const docKey = (path: string) => `${prefix}:doc:${path}`;
  const lockKey = (path: string) => `${prefix}:lock:${path}`;
  const outcomeKey = (path: string) => `${prefix}:outcome:${path}`;
  const ms = (ttlMs: number) => Math.max(1, Math.round(ttlMs));
  return {
    async read(path): Promise<SharedRead> {
      if (!redis.available) return {};
      try {
        const [doc, outcome] = await redis.client.mget(docKey(path), outcomeKey(path));
        return {
          document: typeof doc === 'string' ? parseDocument(doc) : undefined,
          outcome: typeof outcome === 'string' ? parseOutcome(outcome) : undefined,
        };
      } catch {
        return {};
      }
    },
    async set(path, document, ttlMs) {
      if (!redis.available) return;
      try {
        await redis.client.set(docKey(path), JSON.stringify(document), 'PX', ms(ttlMs));
      } catch {
        // the next node to miss fetches it again
      }
    },
    async setOutcome(path, outcome, ttlMs) {
      if (!redis.available) return;
      try {
        await redis.client.set(outcomeKey(path), JSON.stringify(outcome), 'PX', ms(ttlMs));
      } catch {
        // the nodes that waited fetch for themselves
      }
    },
    async lock(path, ttlMs): Promise<LockResult> {
      if (!redis.available) return 'unavailable';
      try {
        const reply = await redis.client.set(lockKey(path), token, 'PX', ms(ttlMs), 'NX');
        return reply === 'OK' ? 'acquired' : 'held-elsewhere';
      } catch {
        return 'unavailable';
      }
    },
    async extend(path, ttlMs) {
      if (!redis.available) return false;
      try {
        return (await redis.client.eval(EXTEND, 1, lockKey(path), token, ms(ttlMs))) === 1;
      } catch {
        return false;
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
  const value = parseJson(text);
  return isDocument(value) ? value : undefined;
}

function parseOutcome(text: string): SharedOutcome | undefined {
  const value = parseJson(text) as SharedOutcome | undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  switch (value.kind) {
    case 'document':
      return isDocument(value.document) && ['MISS', 'REVALIDATED', 'STALE'].includes(value.status) ? value : undefined;
    case 'problem':
      return typeof value.status === 'number' && typeof value.stripped === 'object' && value.stripped !== null
        ? value
        : undefined;
    case 'unavailable':
      return typeof value.detail === 'string' && (value.reason === 'unavailable' || value.reason === 'failed')
        ? value
        : undefined;
    default:
      return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A document of the shape this version writes: another version's record is a miss, not a crash. */
function isDocument(value: unknown): value is SharedDocument {
  const doc = value as SharedDocument;
  return (
    typeof doc === 'object' &&
    doc !== null &&
    typeof doc.stripped === 'object' &&
    doc.stripped !== null &&
    typeof doc.bytes === 'number' &&
    typeof doc.lastModified === 'string' &&
    typeof doc.validatedAt === 'number' &&
    typeof doc.freshUntil === 'number'
  );
}
