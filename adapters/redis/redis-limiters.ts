import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../shared/rate-limits.ts';
import type { RedisConnection } from './redis-connection.ts';

/**
 * Auth budgets shared by every node: the counters live in Redis, so ten failed logins spread over two
 * nodes are ten, not five and five. While Redis is unreachable, rate-limiter-flexible's insurance limiter
 * counts in this node's memory instead (each node then has its own budget), and Redis counts again as
 * soon as it answers.
 */
export function redisLimiters(redis: RedisConnection): LimiterFactory {
  return (options) =>
    new RateLimiterRedis({
      ...options,
      storeClient: redis.client,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(options),
    });
}
