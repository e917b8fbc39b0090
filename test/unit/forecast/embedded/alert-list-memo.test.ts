/**
 * The rendered alert lists kept per set (alert-list-memo.ts): the same list while the clock stays between
 * two of the alerts' own times, worked out again once it crosses one, and never shared between sets or keys.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AlertListMemo } from '../../../../adapters/forecast/embedded/alerts/alert-list-memo.ts';
import type { AlertFacts, AlertSet } from '../../../../adapters/forecast/embedded/alerts/alert-set.ts';

const facts = (sentMs: number, expiresMs: number, endsMs: number): AlertFacts =>
  ({ sentMs, effectiveMs: sentMs, expiresMs, endsMs }) as unknown as AlertFacts;
const setOf = (items: AlertFacts[]): AlertSet => ({ cycleHour: 0, issuedMs: 0, items, byId: new Map() });

/** A memo over `set` whose lists say when they were made, and how many were made. */
function counting(set: AlertSet) {
  const memo = new AlertListMemo<{ madeAt: number }>();
  let made = 0;
  const at = (nowMs: number, key = 'q') =>
    memo.of(set, key, nowMs, () => {
      made++;
      return { madeAt: nowMs };
    });
  return { at, made: () => made };
}

test('a list is kept while the clock stays between two of the alerts’ times', () => {
  const list = counting(setOf([facts(100, 300, 500), facts(200, Number.NaN, 400)]));
  const first = list.at(210);
  assert.equal(list.at(250), first);
  assert.equal(list.at(299), first);
  assert.equal(list.made(), 1);
});

test('a list is made again once the clock reaches an alert’s sent, expires or ends time', () => {
  const list = counting(setOf([facts(100, 300, 500)]));
  const before = list.at(150);
  const expired = list.at(300);
  assert.notEqual(expired, before);
  assert.equal(expired.madeAt, 300);
  assert.equal(list.at(100).madeAt, 100, 'back at the sent time: the span before the expiry, made again');
  assert.equal(list.at(99).madeAt, 99, 'before the alert was sent');
  assert.equal(list.at(600).madeAt, 600, 'after it ended');
  assert.equal(list.made(), 5);
});

test('lists are kept per set and per key', () => {
  const items = [facts(100, 300, 500)];
  const memo = new AlertListMemo<string>();
  const a = setOf(items);
  const b = setOf(items);
  /** The memo's list for the set and key at the time, `fresh` where it has to make one. */
  const listOf = (set: AlertSet, key: string, nowMs: number, fresh: string) => memo.of(set, key, nowMs, () => fresh);
  assert.equal(listOf(a, 'q', 150, 'a q'), 'a q');
  assert.equal(listOf(b, 'q', 150, 'b q'), 'b q', 'another set with the same items');
  assert.equal(listOf(a, 'r', 150, 'a r'), 'a r', 'another key');
  assert.equal(listOf(a, 'q', 160, 'again'), 'a q', 'kept for the first set and key');
});
