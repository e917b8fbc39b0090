import assert from 'node:assert/strict';
import * as node from 'node:crypto';
import { test } from 'node:test';
import * as browser from '../../../bootstrap/browser/crypto.ts';

// The browser build's node:crypto stands in for the real one: the same digests, in the same encodings.

test('createHash and hash give node:crypto digests, chunk by chunk and in one go', () => {
  for (const algorithm of ['sha1', 'SHA256', 'sha384', 'sha512']) {
    const expected = node.createHash(algorithm).update('hello, weather').digest('hex');
    assert.equal(browser.createHash(algorithm).update('hello, ').update('weather').digest('hex'), expected);
    assert.equal(browser.hash(algorithm, 'hello, weather'), expected);
  }
  const raw = browser
    .createHash('sha1')
    .update(new Uint8Array([1, 2, 3]))
    .digest();
  assert.ok(Buffer.isBuffer(raw));
  assert.deepEqual(
    raw,
    node
      .createHash('sha1')
      .update(new Uint8Array([1, 2, 3]))
      .digest(),
  );
});

test('createHmac gives node:crypto HMACs, keyed by a string or bytes', () => {
  const key = Buffer.from('a secret key');
  assert.equal(
    browser.createHmac('sha256', 'a secret key').update('6869', 'hex').digest('base64'),
    node.createHmac('sha256', key).update('hi').digest('base64'),
  );
  assert.equal(
    browser.createHmac('sha512', key).update('password').digest('hex'),
    node.createHmac('sha512', key).update('password').digest('hex'),
  );
});

test('an algorithm the build does not carry is refused', () => {
  assert.throws(() => browser.createHash('md5'));
});
