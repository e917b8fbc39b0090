import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retryAfterSeconds } from '../../../../adapters/forecast/upstream/retry-after.ts';

const NOW = Date.parse('2026-07-15T18:00:00Z');

test('delta-seconds and the three HTTP-date forms; a date past is 0', () => {
  assert.equal(retryAfterSeconds(' 120 ', NOW), 120);
  assert.equal(retryAfterSeconds('Wed, 15 Jul 2026 18:01:30 GMT', NOW), 90);
  assert.equal(retryAfterSeconds('Wednesday, 15-Jul-26 18:01:30 GMT', NOW), 90);
  assert.equal(retryAfterSeconds('Wed Jul 15 18:01:30 2026', NOW), 90);
  assert.equal(retryAfterSeconds('Wed, 21 Oct 2015 07:28:00 GMT', NOW), 0);
});

test('what is neither is no Retry-After, not "retry at once" (Date.parse reads "-1" and "1.5" as dates)', () => {
  for (const garbled of ['-1', '1.5', '+30', '30s', 'soon', '', '12 Jul', 'Jul 2026'])
    assert.equal(retryAfterSeconds(garbled, NOW), undefined, garbled);
  assert.equal(retryAfterSeconds(null, NOW), undefined);
});

test('a delta-seconds past 2^31 is 2^31, an integer a client can read', () => {
  assert.equal(retryAfterSeconds('99999999999999999999', NOW), 2 ** 31);
  assert.equal(String(retryAfterSeconds('1000000000000000000000', NOW)), '2147483648');
});
