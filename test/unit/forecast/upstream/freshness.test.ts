import assert from 'node:assert/strict';
import { test } from 'node:test';
import { freshnessOf } from '../../../../adapters/forecast/upstream/freshness.ts';

const NOW = Date.parse('2026-07-15T18:00:00Z');
const h = (init: Record<string, string>) => new Headers(init);

test('max-age, s-maxage over max-age, minus Age', () => {
  assert.deepEqual(freshnessOf(h({ 'cache-control': 'public, max-age=60' }), NOW), {
    storable: true,
    lifetimeMs: 60_000,
  });
  assert.equal(freshnessOf(h({ 'cache-control': 'max-age=60, s-maxage=300' }), NOW).lifetimeMs, 300_000);
  assert.equal(freshnessOf(h({ 'cache-control': 'max-age=60', age: '20' }), NOW).lifetimeMs, 40_000);
});

test('Expires relative to Date', () => {
  const headers = h({ date: new Date(NOW).toUTCString(), expires: new Date(NOW + 90_000).toUTCString() });
  assert.equal(freshnessOf(headers, NOW).lifetimeMs, 90_000);
});

test('Last-Modified heuristic: 10% of its age, capped at an hour', () => {
  assert.equal(freshnessOf(h({ 'last-modified': new Date(NOW - 600_000).toUTCString() }), NOW).lifetimeMs, 60_000);
  assert.equal(
    freshnessOf(h({ 'last-modified': new Date(NOW - 86_400_000 * 30).toUTCString() }), NOW).lifetimeMs,
    3_600_000,
  );
});

test('no-cache means revalidate every time; no-store and private are not kept; nothing at all is 0', () => {
  assert.deepEqual(freshnessOf(h({ 'cache-control': 'no-cache, max-age=60' }), NOW), { storable: true, lifetimeMs: 0 });
  assert.equal(freshnessOf(h({ 'cache-control': 'no-store' }), NOW).storable, false);
  assert.equal(freshnessOf(h({ 'cache-control': 'private, max-age=60' }), NOW).storable, false);
  assert.deepEqual(freshnessOf(h({}), NOW), { storable: true, lifetimeMs: 0 });
});

test('an Expires that is no HTTP-date is in the past (RFC 9111 §5.3), though Date.parse reads "3000" as a year', () => {
  for (const expires of ['3000', '0', '2030-01-01', 'tomorrow', '-1'])
    assert.deepEqual(freshnessOf(h({ expires }), NOW), { storable: true, lifetimeMs: 0 }, expires);
  // A Date that is no HTTP-date is not believed either: Expires then counts from now.
  const headers = h({ date: '1', expires: new Date(NOW + 90_000).toUTCString() });
  assert.equal(freshnessOf(headers, NOW).lifetimeMs, 90_000);
});

test('delta-seconds past 2^31 count as 2^31 (RFC 9111 §1.2.2), not a float that lost its digits', () => {
  assert.equal(freshnessOf(h({ 'cache-control': 'max-age=99999999999999999999' }), NOW).lifetimeMs, 2 ** 31 * 1000);
  assert.equal(freshnessOf(h({ 'cache-control': 's-maxage=2147483647' }), NOW).lifetimeMs, 2147483647_000);
});
