import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_AUTH_BUDGETS } from '../../adapters/http/tasks/auth-throttle.ts';
import { httpWorld } from '../support/http.ts';
import type { Reply } from '../support/reply.ts';

const password = 'correct horse';

/** A login from a given client address (X-Forwarded-For, believed only with trustProxy). */
function loginFrom(
  w: Awaited<ReturnType<typeof httpWorld>>,
  email: string,
  pw: string,
  forwardedFor?: string,
): Promise<Reply> {
  return w.call('POST', '/api/auth/login', {
    body: { email, password: pw },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
}

const retryAfter = (reply: Reply): number => Number(reply.headers.get('retry-after'));

describe('failed-login budget per account and address (OWASP: count failures, not logins)', () => {
  test('10 failures, then 429 with Retry-After; the same answer whether or not the account exists', async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAccount: 10 } });
    const { email } = await w.signUp();
    for (const who of [email, 'nobody@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await loginFrom(w, who, 'wrong horse')).status);
      assert.deepEqual(statuses, Array(10).fill(401), who);
    }
    const known = await loginFrom(w, email, 'wrong horse');
    const unknown = await loginFrom(w, 'nobody@example.com', 'wrong horse');
    for (const reply of [known, unknown]) {
      assert.equal(reply.status, 429);
      assert.equal(reply.body.error, 'TooManyRequests');
      assert.ok(retryAfter(reply) >= 1 && retryAfter(reply) <= 15 * 60, `Retry-After ${retryAfter(reply)}`);
    }
    assert.equal(known.text.replace(/\d+ s/, 'N s'), unknown.text.replace(/\d+ s/, 'N s'), 'identical bodies');
    assert.equal((await loginFrom(w, email, password)).status, 429, 'the right password does not bypass the lock');
  });

  test('the emails are one account whatever their case and spaces', async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAccount: 3 } });
    const { email } = await w.signUp();
    for (const variant of [email, email.toUpperCase(), `  ${email} `])
      assert.equal((await loginFrom(w, variant, 'wrong horse')).status, 401);
    assert.equal((await loginFrom(w, email, 'wrong horse')).status, 429);
  });

  test("a successful login resets that account's failures", async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAccount: 10 } });
    const { email } = await w.signUp();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) assert.equal((await loginFrom(w, email, 'wrong horse')).status, 401);
      assert.equal((await loginFrom(w, email, password)).status, 200, `round ${round}`);
    }
  });

  test("another user at the same address is not locked out by someone else's typos", async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAccount: 5 } });
    const ada = await w.signUp('Ada');
    const bob = await w.signUp('Bob');
    for (let i = 0; i < 6; i++) await loginFrom(w, ada.email, 'wrong horse');
    assert.equal((await loginFrom(w, ada.email, password)).status, 429);
    assert.equal((await loginFrom(w, bob.email, password)).status, 200);
    assert.equal(
      (await w.call('POST', '/api/auth/signup', { body: { name: 'C', email: 'c@example.com', password } })).status,
      201,
    );
  });
});

describe('failed-login budgets under concurrency (each attempt is counted before its password is checked)', () => {
  test('250 concurrent wrong logins on one account: at most the budget get 401, the rest 429', async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAccount: 10, loginFailuresPerAddress: 100 } });
    const { email } = await w.signUp();
    const replies = await Promise.all(Array.from({ length: 250 }, () => loginFrom(w, email, 'wrong horse')));
    const counts = new Map<number, number>();
    for (const r of replies) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(counts), { 401: 10, 429: 240 });
    assert.equal(
      (await loginFrom(w, email, password)).status,
      429,
      'the right password after the burst is refused too',
    );
  });

  test('a right guess inside a burst is only checked within the budget, and cannot reset it for the others', async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAccount: 5 } });
    const { email } = await w.signUp();
    const guesses = Array.from({ length: 40 }, (_, i) => (i === 30 ? password : 'wrong horse'));
    const replies = await Promise.all(guesses.map((guess) => loginFrom(w, email, guess)));
    assert.equal(replies.filter((r) => r.status === 401).length, 5);
    assert.equal(replies[30]!.status, 429, 'the 31st attempt is past the budget, right or not');
  });

  test('the refused attempts spend nothing of the address budget, and a success gives its attempt back', async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAccount: 3, loginFailuresPerAddress: 5 } });
    const ada = await w.signUp('Ada');
    await Promise.all(Array.from({ length: 50 }, () => loginFrom(w, ada.email, 'wrong horse')));
    // 3 failures are counted for this address; 2 remain, and successes do not spend them.
    const bob = await w.signUp('Bob');
    for (let i = 0; i < 5; i++) assert.equal((await loginFrom(w, bob.email, password)).status, 200);
    assert.equal((await loginFrom(w, 'x@example.com', 'guess1234')).status, 401);
    assert.equal((await loginFrom(w, 'y@example.com', 'guess1234')).status, 401);
    assert.equal((await loginFrom(w, 'z@example.com', 'guess1234')).status, 429);
  });
});

describe('failed-login budget per address (credential stuffing)', () => {
  test('failures across many accounts from one address end in 429', async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAddress: 5 } });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await loginFrom(w, `victim${i}@example.com`, 'guess1234')).status);
    assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('sign-up budget per address', () => {
  test('only mass account creation meets it', async () => {
    const w = await httpWorld({ authBudgets: { signUpsPerAddress: 3 } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await w.call('POST', '/api/auth/signup', { body: { name: 'N', email: `n${i}@example.com`, password } }))
          .status,
      );
    }
    assert.deepEqual(statuses, [201, 201, 201, 429, 429]);
  });
});

describe('client address behind a proxy', () => {
  test('without TRUST_PROXY, X-Forwarded-For is ignored: nobody dodges a budget by inventing addresses', async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAddress: 3 } });
    for (let i = 0; i < 3; i++) await loginFrom(w, `x${i}@example.com`, 'guess1234', `203.0.113.${i}`);
    assert.equal((await loginFrom(w, 'y@example.com', 'guess1234', '198.51.100.7')).status, 429);
  });

  test("with TRUST_PROXY=1, the last hop (added by our proxy) is the client; earlier entries are the client's own words", async () => {
    const w = await httpWorld({ authBudgets: { loginFailuresPerAddress: 3 }, trustProxy: true });
    for (let i = 0; i < 3; i++) await loginFrom(w, `x${i}@example.com`, 'guess1234', `10.9.9.${i}, 203.0.113.1`);
    assert.equal(
      (await loginFrom(w, 'y@example.com', 'guess1234', 'anything, 203.0.113.1')).status,
      429,
      'same last hop, same budget',
    );
    assert.equal(
      (await loginFrom(w, 'y@example.com', 'guess1234', '203.0.113.2')).status,
      401,
      'another client behind the proxy',
    );
  });
});

describe('the defaults never stand in the way of exercising the spec from one machine', () => {
  test('200 sign-ups and 50 failed logins on different accounts within a minute: only 201, 200, 401, 409', async () => {
    const w = await httpWorld({ authBudgets: DEFAULT_AUTH_BUDGETS });
    const seen = new Set<number>();
    const emails: string[] = [];
    for (let i = 0; i < 200; i++) {
      const email = `user${i}@example.com`;
      emails.push(email);
      seen.add((await w.call('POST', '/api/auth/signup', { body: { name: 'U', email, password } })).status);
    }
    seen.add((await w.call('POST', '/api/auth/signup', { body: { name: 'U', email: emails[0], password } })).status);
    for (let i = 0; i < 50; i++) seen.add((await loginFrom(w, emails[i]!, 'wrong horse')).status);
    for (let i = 0; i < 50; i++) seen.add((await loginFrom(w, emails[i]!, password)).status);
    assert.deepEqual([...seen].sort(), [200, 201, 401, 409]);
  });
});
