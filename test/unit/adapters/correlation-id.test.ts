import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CorrelationIds } from '../../../adapters/http/correlation-id.ts';

/** A UUID of version 4 and the RFC 9562 variant, lower case, as api.weather.gov's correlation ids are. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('CorrelationIds', () => {
  it('gives UUID-shaped ids (version 4, RFC 9562 variant), none repeated', () => {
    const ids = new CorrelationIds();
    const seen = new Set<string>();
    for (let i = 0; i < 100_000; i++) {
      const id = ids.next();
      assert.match(id, UUID_V4);
      seen.add(id);
    }
    assert.equal(seen.size, 100_000);
  });

  it('keeps the version and variant whatever the random bytes', () => {
    for (const fill of [0x00, 0xff, 0x5a, 0xa5]) {
      const id = new CorrelationIds(new Uint8Array(16).fill(fill)).next();
      assert.match(id, UUID_V4, `bytes of 0x${fill.toString(16)}`);
    }
  });

  it('gives two processes (two random prefixes) ids that never meet', () => {
    const a = new CorrelationIds(new Uint8Array(16).fill(1));
    const b = new CorrelationIds(Uint8Array.from({ length: 16 }, (_, i) => (i < 10 ? 2 : 1)));
    const fromA = new Set(Array.from({ length: 1000 }, () => a.next()));
    for (let i = 0; i < 1000; i++) assert.ok(!fromA.has(b.next()));
  });

  it('counts from the random start and wraps after 2^48 ids, still well formed', () => {
    const start = new Uint8Array(16);
    start.fill(0xff, 10); // the counter starts at 2^48 - 1
    const ids = new CorrelationIds(start);
    const last = ids.next();
    const wrapped = ids.next();
    assert.match(last, /-ffffffffffff$/);
    assert.match(wrapped, /-000000000000$/);
    assert.equal(last.slice(0, 24), wrapped.slice(0, 24), 'the same prefix');
    assert.match(ids.next(), /-000000000001$/);
  });

  it('spells each counter value in full across the 256-id steps where its upper digits are redone', () => {
    const start = new Uint8Array(16);
    start.set([0x12, 0x34, 0x56, 0x78, 0x9a, 0xfe], 10); // the counter starts at 0x123456789afe
    const ids = new CorrelationIds(start);
    const tails = Array.from({ length: 4 }, () => ids.next().slice(-12));
    assert.deepEqual(tails, ['123456789afe', '123456789aff', '123456789b00', '123456789b01']);
  });

  it('refuses fewer than 16 random bytes', () => {
    assert.throws(() => new CorrelationIds(new Uint8Array(15)), RangeError);
  });
});
