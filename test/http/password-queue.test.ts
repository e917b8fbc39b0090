import assert from 'node:assert/strict';
import { test } from 'node:test';
import { httpWorld } from '../support/http.ts';

const password = 'correct horse';

test("100 failed logins from one address do not hold up another address's login (bcrypt cost 10)", async (t) => {
  const w = await httpWorld({ bcryptCost: 10, trustProxy: true });
  const { email } = await w.signUp();
  const loginFrom = (address: string, pw: string) =>
    w.call('POST', '/api/auth/login', { body: { email, password: pw }, headers: { 'x-forwarded-for': address } });

  let alone = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    assert.equal((await loginFrom('198.51.100.7', password)).status, 200);
    alone = Math.min(alone, performance.now() - started);
  }

  const flood = Array.from({ length: 100 }, () => loginFrom('203.0.113.66', 'wrong horse'));
  await new Promise((resolve) => setImmediate(resolve));
  const started = performance.now();
  const victim = await loginFrom('198.51.100.7', password);
  const waited = performance.now() - started;
  const replies = await Promise.all(flood);

  const statuses = new Map<number, number>();
  for (const r of replies) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  t.diagnostic(
    `one login alone ${Math.round(alone)} ms; during the flood ${Math.round(waited)} ms; flood answers ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  assert.equal(victim.status, 200);
  // The one hash running, about one of the flood's in its turn, and its own: a few hashes, not 100.
  assert.ok(waited < 5 * alone + 250, `waited ${Math.round(waited)} ms, one login takes ${Math.round(alone)} ms`);
  assert.deepEqual([...statuses.keys()].sort(), [401, 503]);
  const refused = replies.find((r) => r.status === 503)!;
  assert.equal(refused.body.error, 'ServiceUnavailable');
  assert.match(refused.body.message, /nothing was done/);
  assert.ok(Number(refused.headers.get('retry-after')) >= 1, 'Retry-After');
});

test('sign-ups take their turn in the same queue: a burst from one address is bounded with 503s', async () => {
  const w = await httpWorld({ bcryptCost: 10, trustProxy: true });
  const replies = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      w.call('POST', '/api/auth/signup', {
        body: { name: 'N', email: `n${i}@example.com`, password },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      }),
    ),
  );
  const created = replies.filter((r) => r.status === 201).length;
  const refused = replies.filter((r) => r.status === 503).length;
  assert.equal(created + refused, 30);
  assert.ok(refused > 0 && created > 0, `${created} created, ${refused} refused`);
  // A refused sign-up did nothing: its email is still free.
  const again = replies.findIndex((r) => r.status === 503);
  const retry = await w.call('POST', '/api/auth/signup', {
    body: { name: 'N', email: `n${again}@example.com`, password },
  });
  assert.equal(retry.status, 201);
});
