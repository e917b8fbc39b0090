import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { SignJWT, UnsecuredJWT } from 'jose';
import { isCanonicalBase64url } from '../../../adapters/crypto/canonical-base64url.ts';
import { JoseTokenService } from '../../../adapters/crypto/jose-token-service.ts';
import { FixedClock } from '../../support/fakes.ts';

const secret = 'test-secret-that-is-at-least-32-characters';
const key = new TextEncoder().encode(secret);
const sub = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('JoseTokenService', () => {
  test('issues HS256 tokens with sub, iat and exp = iat + 7 days', async () => {
    const clock = new FixedClock(new Date('2026-03-01T00:00:00Z'));
    const tokens = new JoseTokenService(secret, clock);
    const token = await tokens.issue(sub);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    assert.equal(header.alg, 'HS256');
    assert.deepEqual(Object.keys(payload).sort(), ['exp', 'iat', 'sub']);
    assert.equal(payload.exp - payload.iat, 604800);
    assert.equal(await tokens.verify(token), sub);
  });

  test('refuses tokens Taskcast never issues: a lifetime over 7 days, or an iat in the future', async () => {
    const clock = new FixedClock(new Date('2026-03-01T00:00:00Z'));
    const tokens = new JoseTokenService(secret, clock);
    const now = Math.floor(clock.now().getTime() / 1000);
    const sign = (iat: number, exp: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    assert.equal(await tokens.verify(await sign(now, Date.UTC(2999, 0, 1) / 1000)), null, 'exp in the year 2999');
    assert.equal(await tokens.verify(await sign(now, now + 604801)), null, 'one second too long');
    assert.equal(
      await tokens.verify(await sign(now + 10 * 365 * 86400, now + 10 * 365 * 86400 + 600)),
      null,
      'iat ten years ahead',
    );
    assert.equal(await tokens.verify(await sign(now - 8 * 86400, now + 600)), null, 'issued over 7 days ago');
    assert.equal(await tokens.verify(await sign(now + 30, now + 30 + 604800)), sub, 'a little clock skew is fine');
    assert.equal(await tokens.verify(await sign(now - 60, now + 600)), sub, 'a shorter lifetime is fine');
  });

  test('expires after seven days, even once cached', async () => {
    const clock = new FixedClock(new Date('2026-03-01T00:00:00Z'));
    const tokens = new JoseTokenService(secret, clock);
    const token = await tokens.issue(sub);
    assert.equal(await tokens.verify(token), sub);
    clock.advance(604800 * 1000 - 1000);
    assert.equal(await tokens.verify(token), sub);
    clock.advance(2000);
    assert.equal(await tokens.verify(token), null);
    assert.equal(await new JoseTokenService(secret, clock).verify(token), null, 'uncached path too');
  });

  test('refuses alg none, other algorithms, bad signatures, other secrets and junk', async () => {
    const clock = new FixedClock();
    const tokens = new JoseTokenService(secret, clock);
    const iat = Math.floor(clock.now().getTime() / 1000);
    const none = new UnsecuredJWT({})
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .encode();
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(new TextEncoder().encode(secret.repeat(2)));
    const good = await tokens.issue(sub);
    const tampered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
    const otherSecret = await new JoseTokenService('another-secret-that-is-32-characters-long', clock).issue(sub);
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt(iat).sign(key);
    for (const bad of [none, hs512, tampered, otherSecret, noExp, 'a.b.c', '', 'x'.repeat(500)]) {
      assert.equal(await tokens.verify(bad), null, bad.slice(0, 40));
    }
  });

  test('refuses a signature spelled another way: unused low bits set in its last character', async () => {
    const tokens = new JoseTokenService(secret, new FixedClock());
    const good = await tokens.issue(sub);
    assert.equal(await tokens.verify(good), sub);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(good.at(-1)!);
    assert.equal(last & 3, 0, 'jose issues the canonical spelling');
    for (let low = 1; low < 4; low++) {
      const sibling = `${good.slice(0, -1)}${alphabet[last | low]}`;
      assert.equal(await tokens.verify(sibling), null, sibling.slice(-4));
      // A fresh service, so the refusal does not rest on the cache of the issued spelling.
      assert.equal(await new JoseTokenService(secret, new FixedClock()).verify(sibling), null, sibling.slice(-4));
    }
  });
});

describe('isCanonicalBase64url', () => {
  test('the unused bits of the last character must be zero, and no length is 1 mod 4', () => {
    // 43 characters (32 bytes, an HS256 signature): 2 unused bits.
    const stem = 'A'.repeat(42);
    const canonical = [...'AEIMQUYcgkosw048'];
    for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_')
      assert.equal(isCanonicalBase64url(stem + c), canonical.includes(c), c);
    // 2 mod 4 (one trailing byte): 4 unused bits, so only A, Q, g and w.
    assert.deepEqual(
      [...'AQgwBRhx'].map((c) => isCanonicalBase64url(`A${c}`)),
      [true, true, true, true, false, false, false, false],
    );
    assert.equal(isCanonicalBase64url('AAAA'), true, 'no unused bits');
    assert.equal(isCanonicalBase64url(''), true);
    assert.equal(isCanonicalBase64url('AAAAA'), false, '1 mod 4 encodes no byte count');
    assert.equal(isCanonicalBase64url(`${stem}=`), false, 'padding or any other character');
    assert.equal(Buffer.from(stem + 'w', 'base64url').toString('base64url'), stem + 'w', "Node's encoder agrees");
  });
});
