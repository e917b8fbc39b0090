import { RateLimiterMemory, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';

// rate-limiter-flexible as Taskcast's budgets use it: the HTTP adapter's password and forecast budgets count
// in the limiters a LimiterFactory builds, and the Redis adapter builds shared ones for several nodes.

/** Builds one counter store; memory by default, and any rate-limiter-flexible store (Redis) for several nodes. */
export type LimiterFactory = (options: { keyPrefix: string; points: number; duration: number }) => Limiter;

/**
 * `onBack` is set on a limiter whose store every node shares and may be out of reach for a while (Redis).
 * Such a limiter has no fallback of its own: a call that fails with an Error did not reach the store (or its
 * answer was lost), and the caller chooses where to count meanwhile, so that it can give a point back where
 * it took it. `onBack` calls `listener` each time the store answers again.
 */
export type Limiter = RateLimiterAbstract & { readonly onBack?: (listener: () => void) => void };

export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

export const retrySeconds = (res: Pick<RateLimiterRes, 'msBeforeNext'>): number =>
  Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export const isLimiterRes = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value && !(value instanceof Error);
