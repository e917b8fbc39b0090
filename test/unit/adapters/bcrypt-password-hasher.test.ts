import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BcryptPasswordHasher, defaultHashConcurrency } from '../../../adapters/crypto/bcrypt-password-hasher.ts';
import { ConcurrencyLimit } from '../../../adapters/crypto/concurrency-limit.ts';

test("leaves two of libuv's threads for the journal and one core for the event loop", () => {
  assert.equal(defaultHashConcurrency(4, 8), 2);
  assert.equal(defaultHashConcurrency(16, 8), 7);
  assert.equal(defaultHashConcurrency(2, 8), 1);
  assert.equal(defaultHashConcurrency(4, 2), 1);
  assert.equal(defaultHashConcurrency(4, 1), 1);
});

test('ConcurrencyLimit: never more than max at once, first come first served, failures free their slot', async () => {
  const limit = new ConcurrencyLimit(2);
  let inFlight = 0;
  let peak = 0;
  const order: number[] = [];
  const results = await Promise.allSettled(
    Array.from({ length: 10 }, (_, i) =>
      limit.run(async () => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        order.push(i);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        if (i === 3) throw new Error('boom');
        return i;
      }),
    ),
  );
  assert.equal(peak, 2);
  assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 9);
  assert.equal(await limit.run(async () => 'still usable'), 'still usable');
});

test('the hasher verifies correctly under a burst bigger than its limit', async () => {
  const hasher = new BcryptPasswordHasher(4, 2);
  const hashed = await hasher.hash('correct horse');
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) => hasher.verify(i % 2 ? 'correct horse' : 'wrong horse', hashed)),
  );
  assert.deepEqual(
    results,
    Array.from({ length: 12 }, (_, i) => i % 2 === 1),
  );
});
