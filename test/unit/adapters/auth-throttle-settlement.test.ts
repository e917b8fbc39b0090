import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { HttpProblem } from '../../../adapters/http/http-problem.ts';
import { AuthThrottle, MAX_KEPT_SETTLEMENTS } from '../../../adapters/http/tasks/auth-throttle.ts';
import type { LimiterFactory } from '../../../adapters/shared/rate-limits.ts';

// The auth throttle over a shared store (Redis in production) whose link this node loses and gets back: a
// login's reservation must be settled in the store that counted it, whenever the settlement comes.

/**
 * Stands in for a Redis-backed limiter: counts in memory, fails every call while its link is cut, and says
 * when the link is back (as Redis's 'ready').
 */
class CuttableLimiter extends RateLimiterMemory {
  cut = false;
  deletes = 0;
  readonly listeners: Array<() => void> = [];
  onBack(listener: () => void) {
    this.listeners.push(listener);
  }
  private unreachable() {
    return Promise.reject(new Error('Redis connection is not ready'));
  }
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    return this.cut ? this.unreachable() : super.consume(...args);
  }
  override get(...args: Parameters<RateLimiterMemory['get']>) {
    return this.cut ? this.unreachable() : super.get(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory['reward']>) {
    return this.cut ? this.unreachable() : super.reward(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory['delete']>) {
    if (this.cut) return this.unreachable();
    this.deletes++;
    return super.delete(...args);
  }
}

/** A shared store of cuttable limiters, one per budget. */
function sharedStore() {
  const limiters = new Map<string, CuttableLimiter>();
  const factory: LimiterFactory = (options) => {
    const limiter = new CuttableLimiter(options);
    limiters.set(options.keyPrefix, limiter);
    return limiter;
  };
  const limiter = (budget: 'account' | 'address') => limiters.get(`taskcast:login-fail:${budget}`)!;
  return {
    factory,
    limiter,
    cut: () => limiters.forEach((l) => (l.cut = true)),
    restore: async () => {
      limiters.forEach((l) => (l.cut = false)); // one link for every budget, as one Redis connection
      limiters.forEach((l) => l.listeners.forEach((listener) => listener()));
      await new Promise((resolve) => setImmediate(resolve)); // the replay runs in the background
    },
    /** Points the shared store counts for `key` in one budget. */
    counted: async (budget: 'account' | 'address', key: string) =>
      (await limiter(budget).get(key))?.consumedPoints ?? 0,
  };
}

const budgets = { loginFailuresPerAccount: 10, loginFailuresPerAddress: 100, signUpsPerAddress: 0 };
const refused = (e: unknown) => e instanceof HttpProblem && e.status === 429;

describe('a login reservation is settled in the store that counted it', () => {
  test('a success settled while the link is cut clears the account in the shared store once it is back', async () => {
    const store = sharedStore();
    const throttle = new AuthThrottle(budgets, store.factory);
    for (let i = 0; i < 9; i++) await throttle.reserveLogin('ada@example.com', '10.0.0.1'); // nine wrong passwords
    const rightOne = await throttle.reserveLogin('ada@example.com', '10.0.0.1');
    assert.equal(await store.counted('account', 'ada@example.com|10.0.0.1'), 10);

    store.cut();
    await rightOne.succeeded(); // kept, not lost, and not sent to this node's memory
    await store.restore();

    assert.equal(await store.counted('account', 'ada@example.com|10.0.0.1'), 0, 'the failures are cleared');
    assert.equal(await store.counted('address', '10.0.0.1'), 9, 'the success is given back to the address');
    // Before, the shared store still counted ten: the user who had just logged in got a 429 for 15 minutes.
    for (let i = 0; i < 10; i++) await throttle.reserveLogin('ada@example.com', '10.0.0.1');
    await assert.rejects(throttle.reserveLogin('ada@example.com', '10.0.0.1'), refused);
  });

  test('an attempt counted in memory while the link is cut is given back in memory, not in the shared store', async () => {
    const store = sharedStore();
    const throttle = new AuthThrottle({ ...budgets, loginFailuresPerAccount: 3 }, store.factory);
    await throttle.reserveLogin('bob@example.com', '10.0.0.2');
    await throttle.reserveLogin('bob@example.com', '10.0.0.2');

    store.cut();
    const duringOutage = await throttle.reserveLogin('bob@example.com', '10.0.0.2'); // this node's memory counts it
    await store.restore();
    await duringOutage.abandoned();

    // Before, the refund went to the shared store, and erased one of the two real failures counted there.
    assert.equal(await store.counted('account', 'bob@example.com|10.0.0.2'), 2);
    await throttle.reserveLogin('bob@example.com', '10.0.0.2');
    await assert.rejects(throttle.reserveLogin('bob@example.com', '10.0.0.2'), refused);
  });

  test('settlements kept while the link is cut are bounded, and dropped once their window has ended', async (t) => {
    const store = sharedStore();
    // The account's budget alone, so that one success is one settlement.
    const throttle = new AuthThrottle({ ...budgets, loginFailuresPerAddress: 0 }, store.factory);
    const reservations = [];
    for (let i = 0; i <= MAX_KEPT_SETTLEMENTS; i++) {
      reservations.push(await throttle.reserveLogin(`user${i}@example.com`, `10.1.${i >> 8}.${i & 255}`));
    }
    store.cut();
    for (const reservation of reservations) await reservation.succeeded();
    await store.restore();
    // One more than the bound: the oldest was dropped (its point stays counted until its window ends).
    assert.equal(store.limiter('account').deletes, MAX_KEPT_SETTLEMENTS);
    assert.equal(await store.counted('account', 'user0@example.com|10.1.0.0'), 1);

    t.mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const late = await throttle.reserveLogin('late@example.com', '10.0.0.3');
    store.cut();
    await late.succeeded();
    t.mock.timers.tick(15 * 60 * 1000); // the window the point was counted in ends, and Redis drops it
    await store.restore();
    assert.equal(store.limiter('account').deletes, MAX_KEPT_SETTLEMENTS, 'nothing replayed into a new window');
  });
});
