import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hash, verify } from '@node-rs/bcrypt';
import {
  BcryptPasswordHasher,
  PREHASHED_PREFIX,
  defaultHashConcurrency,
  prehash,
} from '../../../adapters/crypto/bcrypt-password-hasher.ts';
import { Login } from '../../../application/tasks/login.ts';
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

test('new hashes name their scheme and hold bcrypt over the pre-hash, never the password itself', async () => {
  const hasher = new BcryptPasswordHasher(4, 2);
  const password = 'p'.repeat(72) + 'EXTRA';
  const stored = await hasher.hash(password);
  assert.ok(stored.startsWith(PREHASHED_PREFIX), stored);
  const bcrypted = stored.slice(PREHASHED_PREFIX.length);
  assert.match(bcrypted, /^\$2b\$04\$[./A-Za-z0-9]{53}$/);
  assert.equal(await verify(prehash(password), bcrypted), true);
  assert.equal(await verify(password, bcrypted), false);
  // 64 base64 characters: within bcrypt's 72 bytes, and no NUL.
  assert.match(prehash(password), /^[A-Za-z0-9+/]{64}$/);
  assert.equal(await hasher.verify(password, stored), true);
  assert.equal(await hasher.verify('p'.repeat(72), stored), false);
  assert.equal(await hasher.verify(password + 'x', stored), false);
});

test('a plain bcrypt hash stored before the pre-hash verifies its password, and nothing longer than 72 bytes', async () => {
  const hasher = new BcryptPasswordHasher(4, 2);
  const p72 = 'p'.repeat(72);
  const legacy = await hash(p72, { cost: 4 });
  assert.equal(await hasher.verify(p72, legacy), true);
  assert.equal(await hasher.verify('p'.repeat(71), legacy), false);
  // bcrypt alone reads 72 bytes, so it would accept these; the hasher does not.
  assert.equal(await verify(`${p72}EXTRA`, legacy), true);
  assert.equal(await hasher.verify(`${p72}EXTRA`, legacy), false);
  assert.equal(await hasher.verify(`${p72}é`, legacy), false);
  // A plain hash of a short password, as most stored ones are.
  assert.equal(await hasher.verify('correct horse', await hash('correct horse', { cost: 4 })), true);
});

test("login's stand-in hash for an unknown email is of the new kind, so both failures cost the same", async () => {
  const real = new BcryptPasswordHasher(4, 2);
  const verifiedAgainst: string[] = [];
  const spy = {
    hash: (p: string) => real.hash(p),
    verify: (p: string, h: string) => {
      verifiedAgainst.push(h);
      return real.verify(p, h);
    },
  };
  const none = {
    findByEmail: async () => undefined,
    findById: async () => undefined,
    addIfEmailFree: async () => true,
  };
  const tokens = { issue: async () => 't', verify: async () => null };
  await assert.rejects(new Login(none, spy, tokens).execute({ email: 'nobody@example.com', password: 'whatever1' }));
  assert.equal(verifiedAgainst.length, 1);
  assert.ok(verifiedAgainst[0]!.startsWith(PREHASHED_PREFIX));
});
