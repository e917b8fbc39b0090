import { RateLimiterMemory, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible';

// rate-limiter-flexible as Taskcast's budgets use it: the HTTP adapter's password and forecast budgets count
// in the limiters a LimiterFactory builds, and the Redis adapter builds shared ones for several nodes.

/** Builds one counter store; memory by default, and any rate-limiter-flexible store (Redis) for several nodes. */
export type LimiterFactory = (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;

export const memoryLimiters: LimiterFactory = (options) => new RateLimiterMemory(options);

export const retrySeconds = (res: Pick<RateLimiterRes, 'msBeforeNext'>): number =>
  Math.max(1, Math.ceil(res.msBeforeNext / 1000));

export const isLimiterRes = (value: unknown): value is RateLimiterRes =>
  typeof value === 'object' && value !== null && 'msBeforeNext' in value && !(value instanceof Error);
