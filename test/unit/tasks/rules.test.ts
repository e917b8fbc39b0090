import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  charLength,
  formatTimestamp,
  isCalendarDate,
  isEmailShaped,
  isUuid,
  nextUpdatedAt,
  normaliseEmail,
} from '../../../domain/tasks/rules.ts';
import { isValidPassword, isValidTitle } from '../../../domain/tasks/invariants.ts';

describe('domain rules', () => {
  test('calendar dates: real days only, leap years included', () => {
    for (const ok of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01'])
      assert.ok(isCalendarDate(ok), ok);
    for (const bad of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00:00Z',
      '',
    ])
      assert.ok(!isCalendarDate(bad), bad);
  });

  test('email: trimmed and lower-cased, shaped like local@domain.tld, at most 254 characters', () => {
    assert.equal(normaliseEmail('  Ada@Example.COM '), 'ada@example.com');
    assert.ok(isEmailShaped('a@b.io'));
    for (const bad of ['a@b', 'a b@c.io', '@c.io', 'a@.io', 'a@b.', 'plain']) assert.ok(!isEmailShaped(bad), bad);
    assert.ok(!isEmailShaped(`${'a'.repeat(250)}@b.io`));
  });

  test('lengths count code points; a password is 8 to 1,024 of them, not all blank', () => {
    assert.equal(charLength('😀😀'), 2);
    for (const ok of [
      'a'.repeat(8),
      'a'.repeat(73),
      'a'.repeat(1024),
      '😀'.repeat(1024),
      '😀'.repeat(19),
      'é'.repeat(600),
    ])
      assert.ok(isValidPassword(ok), `${charLength(ok)} characters`);
    for (const bad of [
      'short',
      'a'.repeat(1025),
      '😀'.repeat(1025),
      `${'a'.repeat(1000)}${'😀'.repeat(25)}`,
      ' '.repeat(8),
    ])
      assert.ok(!isValidPassword(bad), `${charLength(bad)} characters`);
    assert.ok(isValidTitle('😀'.repeat(200)));
    assert.ok(!isValidTitle('   '));
  });

  test('timestamps are UTC YYYY-MM-DD HH:MM:SS', () => {
    assert.equal(formatTimestamp(new Date('2026-03-01T23:04:05.678Z')), '2026-03-01 23:04:05');
  });

  test('updated_at: the current second, or one second after the previous value, never backwards', () => {
    const at = (iso: string) => new Date(iso);
    assert.equal(nextUpdatedAt('2026-03-01 12:00:00', at('2026-03-01T12:00:07.400Z')), '2026-03-01 12:00:07');
    assert.equal(
      nextUpdatedAt('2026-03-01 12:00:07', at('2026-03-01T12:00:07.900Z')),
      '2026-03-01 12:00:08',
      'same second',
    );
    assert.equal(
      nextUpdatedAt('2026-03-01 12:00:09', at('2026-03-01T12:00:07.000Z')),
      '2026-03-01 12:00:10',
      'ahead of the clock',
    );
    assert.equal(
      nextUpdatedAt('2026-12-31 23:59:59', at('2026-12-31T23:59:59.500Z')),
      '2027-01-01 00:00:00',
      'rolls over',
    );
  });

  test('uuid shape', () => {
    assert.ok(isUuid('0f8fad5b-d9cb-469f-a165-70867728950e'));
    assert.ok(!isUuid('0f8fad5b-d9cb-469f-a165-70867728950'));
    assert.ok(!isUuid('not-a-uuid'));
  });
});
