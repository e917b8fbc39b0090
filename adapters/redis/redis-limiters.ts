import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../shared/rate-limits.ts';
import type { RedisConnection } from './redis-connection.ts';

/**
 * rate-limiter-flexible's own script (open the window with SET NX EX, then INCRBY), except for a reward
 * (negative points): it gives back only points counted in the window that is running, so it never creates
 * the key and never takes it below zero. A refund is then one atomic step; as a read and then a reward, a
 * window that ended between the two opened a new one at -1, one attempt more than the budget.
 * One script for every limiter on the client: rate-limiter-flexible defines it as one command per client.
 */
const INCR_OR_REFUND = `
local points = tonumber(ARGV[1])
if points < 0 then
  local consumed = tonumber(redis.call('get', KEYS[1]) or '0')
  local given = math.min(consumed, -points)
  if given > 0 then consumed = redis.call('incrby', KEYS[1], -given) end
  return {consumed, redis.call('pttl', KEYS[1])}
end
redis.call('set', KEYS[1], 0, 'EX', ARGV[2], 'NX')
local consumed = redis.call('incrby', KEYS[1], points)
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('expire', KEYS[1], ARGV[2])
  ttl = 1000 * ARGV[2]
end
return {consumed, ttl}
`;

/**
 * Auth budgets shared by every node: the counters live in Redis, so ten failed logins spread over two
 * nodes are ten, not five and five. The limiters have no insurance limiter: while Redis is unreachable their
 * calls fail at once, and the auth throttle counts in this node's memory instead (each node then has its own
 * budget), settling each login where it was counted. rate-limiter-flexible's insurance would send a refund
 * to memory for a point Redis counted, and keep that point in Redis. `onBack` is the connection's 'ready'.
 */
export function redisLimiters(redis: RedisConnection): LimiterFactory {
  const onBack = (listener: () => void) => void redis.client.on('ready', listener);
  return (options) =>
    Object.assign(
      new RateLimiterRedis({
        ...options,
        storeClient: redis.client,
        rejectIfRedisNotReady: true,
        customIncrTtlLuaScript: INCR_OR_REFUND,
      }),
      { onBack },
    );
}
