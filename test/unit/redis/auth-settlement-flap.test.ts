import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { HttpProblem } from '../../../adapters/http/http-problem.ts';
import { AuthThrottle } from '../../../adapters/http/tasks/auth-throttle.ts';
import { RedisConnection } from '../../../adapters/redis/redis-connection.ts';
import { redisLimiters } from '../../../adapters/redis/redis-limiters.ts';
import type { LimiterFactory } from '../../../adapters/shared/rate-limits.ts';
import { TcpProxy } from '../../support/tcp-proxy.ts';
import { TEST_REDIS_URL } from '../../support/test-postgres.ts';
import { until } from '../../support/until.ts';

// One node's link to a real Redis is cut (through a TCP proxy) between a login's reservation and its
// settlement: the settlement must still land in Redis, where the reservation was counted.

const budgets = { loginFailuresPerAccount: 10, loginFailuresPerAddress: 100, signUpsPerAddress: 0 };
const refused = (e: unknown) => e instanceof HttpProblem && e.status === 429;
const ready = (c: RedisConnection) =>
  new Promise<void>((resolve) => (c.available ? resolve() : c.client.once('ready', () => resolve())));

describe(
  'auth budgets when one node loses its Redis link mid-login',
  { skip: TEST_REDIS_URL ? false : 'needs TEST_REDIS_URL (a Redis server); skipped' },
  () => {
    const prefix = `taskcast-test:settle:${process.pid}:${randomBytes(4).toString('hex')}`;
    let proxy: TcpProxy;
    let viaProxy: RedisConnection;
    let direct: RedisConnection;
    /** The node's limiters, under this run's own key prefix. */
    let limiters: LimiterFactory;

    before(async () => {
      const target = new URL(TEST_REDIS_URL!);
      proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
      await proxy.start();
      const proxied = new URL(TEST_REDIS_URL!);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      viaProxy = new RedisConnection({ url: proxied.href });
      direct = new RedisConnection({ url: TEST_REDIS_URL! });
      await Promise.all([ready(viaProxy), ready(direct)]);
      const shared = redisLimiters(viaProxy);
      limiters = (options) => shared({ ...options, keyPrefix: `${prefix}:${options.keyPrefix}` });
    });

    after(async () => {
      const keys = await direct.client.keys(`${prefix}:*`);
      if (keys.length > 0) await direct.client.del(...keys);
      await Promise.all([viaProxy.close(), direct.close()]);
      await proxy.close();
    });

    const cutLink = async () => {
      proxy.down();
      await until(() => !viaProxy.available, 'the node to see its Redis link gone');
    };
    const restoreLink = async () => {
      proxy.up();
      await until(() => viaProxy.available, 'the node to see Redis back');
    };
    /** Waits for Redis to hold `expected` at `key` (the replay runs in the background once the link is back). */
    const eventually = async (key: string, expected: string | null) => {
      const deadline = Date.now() + 5000;
      let seen = await direct.client.get(key);
      while (seen !== expected && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = await direct.client.get(key);
      }
      assert.equal(seen, expected, key);
    };

    test('9 wrong passwords, then the right one settled while the link is down: the next login is allowed', async () => {
      const throttle = new AuthThrottle(budgets, limiters);
      const email = 'victim@example.com';
      for (let i = 0; i < 9; i++) await throttle.reserveLogin(email, '10.0.0.1');
      const rightOne = await throttle.reserveLogin(email, '10.0.0.1');
      await cutLink();
      await rightOne.succeeded();
      await restoreLink();

      // Before, the success went to the node's memory: Redis kept ten failures, and the next login was a 429.
      await eventually(`${prefix}:taskcast:login-fail:account:${email}|10.0.0.1`, null);
      await eventually(`${prefix}:taskcast:login-fail:address:10.0.0.1`, '9');
      await throttle.reserveLogin(email, '10.0.0.1');
    });

    test('an attempt counted in memory during the outage is not refunded in Redis after it', async () => {
      const throttle = new AuthThrottle({ ...budgets, loginFailuresPerAccount: 3 }, limiters);
      const email = 'typist@example.com';
      await throttle.reserveLogin(email, '10.0.0.2');
      await throttle.reserveLogin(email, '10.0.0.2');
      await cutLink();
      const duringOutage = await throttle.reserveLogin(email, '10.0.0.2');
      await restoreLink();
      await duringOutage.abandoned();

      assert.equal(await direct.client.get(`${prefix}:taskcast:login-fail:account:${email}|10.0.0.2`), '2');
      await throttle.reserveLogin(email, '10.0.0.2');
      await assert.rejects(throttle.reserveLogin(email, '10.0.0.2'), refused);
    });

    test('a refund never starts a window of its own below zero', async () => {
      // What a window ending between refund()'s check and its reward did: a new window at -1, one attempt more.
      const limiter = redisLimiters(direct)({ keyPrefix: `${prefix}:refund`, points: 3, duration: 60 });
      await limiter.reward('ended', 1);
      assert.equal(await direct.client.exists(`${prefix}:refund:ended`), 0);
      await limiter.consume('counted');
      await limiter.reward('counted', 1);
      await limiter.reward('counted', 1);
      assert.equal(await direct.client.get(`${prefix}:refund:counted`), '0');
    });
  },
);
