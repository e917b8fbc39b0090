import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, test } from 'node:test';
import { HttpProblem } from '../../../adapters/http/http-problem.ts';
import { AuthThrottle } from '../../../adapters/http/tasks/auth-throttle.ts';
import { RedisConnection } from '../../../adapters/redis/redis-connection.ts';
import { redisLimiters } from '../../../adapters/redis/redis-limiters.ts';
import { TEST_REDIS_URL } from '../../support/test-postgres.ts';
import {
  freePort,
  hasRedisServerBinary,
  reconnectAttempts,
  ThrowawayRedis,
  withUnreachableRedis,
} from '../../support/redis-server.ts';
import { until } from '../../support/until.ts';

const budgets = { loginFailuresPerAccount: 3, loginFailuresPerAddress: 0, signUpsPerAddress: 0 };
const email = () => `guess-${randomBytes(6).toString('hex')}@example.com`;
const refused = (e: unknown) => e instanceof HttpProblem && e.status === 429;
const ready = (c: RedisConnection) =>
  new Promise<void>((resolve) => (c.available ? resolve() : c.client.once('ready', () => resolve())));

describe('auth budgets with Redis unreachable', () => {
  test('each node counts in its own memory, and says so once', async () => {
    await withUnreachableRedis(async (redis) => {
      const throttle = new AuthThrottle(budgets, redisLimiters(redis));
      const who = email();
      for (let i = 0; i < 3; i++) {
        await throttle.reserveLogin(who, '10.0.0.1'); // a wrong password keeps its reservation
      }
      await assert.rejects(throttle.reserveLogin(who, '10.0.0.1'), refused);
    });
  });
});

describe(
  'auth budgets shared through Redis',
  { skip: TEST_REDIS_URL ? false : 'needs TEST_REDIS_URL (a Redis server); skipped' },
  () => {
    test('failed logins on two nodes spend one budget', async () => {
      const a = new RedisConnection({ url: TEST_REDIS_URL! });
      const b = new RedisConnection({ url: TEST_REDIS_URL! });
      try {
        await Promise.all([ready(a), ready(b)]);
        const nodeA = new AuthThrottle(budgets, redisLimiters(a));
        const nodeB = new AuthThrottle(budgets, redisLimiters(b));
        const who = email();
        await nodeA.reserveLogin(who, '10.0.0.2');
        await nodeA.reserveLogin(who, '10.0.0.2');
        await nodeB.reserveLogin(who, '10.0.0.2');
        await assert.rejects(nodeA.reserveLogin(who, '10.0.0.2'), refused);
        await assert.rejects(nodeB.reserveLogin(who, '10.0.0.2'), refused);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });

    test('250 concurrent attempts on one account over two nodes: at most the budget are admitted', async () => {
      const a = new RedisConnection({ url: TEST_REDIS_URL! });
      const b = new RedisConnection({ url: TEST_REDIS_URL! });
      try {
        await Promise.all([ready(a), ready(b)]);
        const shared = { loginFailuresPerAccount: 10, loginFailuresPerAddress: 100, signUpsPerAddress: 0 };
        const nodes = [new AuthThrottle(shared, redisLimiters(a)), new AuthThrottle(shared, redisLimiters(b))];
        const who = email();
        const address = `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
        const outcomes = await Promise.allSettled(
          Array.from({ length: 250 }, (_, i) => nodes[i % 2]!.reserveLogin(who, address)),
        );
        const admitted = outcomes.filter((o) => o.status === 'fulfilled').length;
        assert.equal(admitted, 10, 'exactly the budget is admitted');
        assert.ok(outcomes.every((o) => o.status === 'fulfilled' || refused(o.reason)));
        // The refused attempts spent nothing of the address's budget: 90 more accounts may still be tried.
        const others = await Promise.allSettled(
          Array.from({ length: 91 }, (_, i) => nodes[i % 2]!.reserveLogin(`other${i}-${who}`, address)),
        );
        assert.equal(others.filter((o) => o.status === 'fulfilled').length, 90);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  },
);

describe(
  'a Redis connection closed by its node',
  { skip: TEST_REDIS_URL ? false : 'needs TEST_REDIS_URL; skipped' },
  () => {
    test('says it connected, and nothing about Redis being unreachable when it closes', async () => {
      const notes: string[] = [];
      const connection = new RedisConnection({ url: TEST_REDIS_URL!, log: (m) => notes.push(m) });
      await ready(connection);
      await connection.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.deepEqual(
        notes.map((n) => n.replace(/ to .*/, '')),
        ['redis: connected'],
      );
    });
  },
);

describe(
  'auth budgets when Redis goes away and comes back',
  { skip: hasRedisServerBinary() ? false : 'needs the redis-server binary to start a throwaway server; skipped' },
  () => {
    test('falls back to memory, logs once each way, and shares budgets again after recovery', async () => {
      const server = new ThrowawayRedis(await freePort());
      await server.start();
      const notes: string[] = [];
      const a = new RedisConnection({ url: server.url, log: (m) => notes.push(`A ${m}`) });
      const b = new RedisConnection({ url: server.url });
      try {
        await Promise.all([ready(a), ready(b)]);
        const nodeA = new AuthThrottle(budgets, redisLimiters(a));
        const nodeB = new AuthThrottle(budgets, redisLimiters(b));

        await server.stop();
        await until(() => !a.available && !b.available, 'both nodes to see Redis gone');
        const who = email();
        for (let i = 0; i < 3; i++) await nodeA.reserveLogin(who, '10.0.0.3'); // counted in A's memory
        await assert.rejects(nodeA.reserveLogin(who, '10.0.0.3'), refused);
        await (await nodeB.reserveLogin(who, '10.0.0.3')).abandoned(); // B has its own memory meanwhile
        await reconnectAttempts(a, 2);
        assert.equal(notes.filter((n) => n.includes('unreachable')).length, 1, notes.join('\n'));

        await server.start();
        await until(() => a.available && b.available, 'both nodes to see Redis back');
        assert.equal(notes.filter((n) => n.includes('is back')).length, 1, notes.join('\n'));
        const next = email();
        for (let i = 0; i < 3; i++) await nodeA.reserveLogin(next, '10.0.0.3');
        await assert.rejects(nodeB.reserveLogin(next, '10.0.0.3'), refused, 'shared again');
      } finally {
        await Promise.all([a.close(), b.close()]);
        await server.stop();
      }
    });
  },
);
