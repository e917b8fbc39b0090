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
import { isValidDescription, isValidName, isValidPassword, isValidTitle } from '../../../domain/tasks/invariants.ts';

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

  test('email: one account however its accents are encoded (NFC, before trimming and lower-casing)', () => {
    const composed = 'jos\u00e9@example.com';
    assert.equal(normaliseEmail('jose\u0301@example.com'), composed);
    assert.equal(normaliseEmail(' JOSE\u0301@Example.COM '), composed);
    assert.equal(normaliseEmail(composed), composed);
    // Idempotent: what sign-up stores is what the same rule gives again for it.
    for (const raw of ['\u212b@x.io', 'A\u030a@x.io', '\u0130@x.io', 'e\u0301\u0327@x.io'])
      assert.equal(normaliseEmail(normaliseEmail(raw)), normaliseEmail(raw), raw);
  });

  test('email: no control or format character, which would read as another address', () => {
    for (const bad of [
      'ada\u200b@example.com',
      'ada@example.com\u202e',
      'ada@example.com\u0007',
      'a@b.com\u0000',
      'a\u00ad.da@example.com',
      'ada@exam\u200dple.com',
      '\u2066ada@example.com',
    ])
      assert.ok(!isEmailShaped(normaliseEmail(bad)), JSON.stringify(bad));
    // White space at the ends, a BOM included, is trimmed as before; accents stay allowed.
    for (const ok of [' ada@example.com\n', '\ufeffada@example.com', 'jos\u00e9@example.com', 'jose\u0301@example.com'])
      assert.ok(isEmailShaped(normaliseEmail(ok)), JSON.stringify(ok));
  });

  test('titles and names need a character that shows: not white space, a control or a format character', () => {
    for (const invisible of [
      '\u200b',
      '\u0000',
      '\u202e',
      '\u200b\u200c\u200d\u2060\ufeff',
      '\u00ad',
      ' \t\n\u0007 ',
      '\u00a0\u3000',
    ]) {
      assert.ok(!isValidTitle(invisible), `title ${JSON.stringify(invisible)}`);
      assert.ok(!isValidName(invisible), `name ${JSON.stringify(invisible)}`);
    }
    for (const ok of ['a', ' a\u200b', 'é', '😀', '\u202eabc', 'tab\tinside']) {
      assert.ok(isValidTitle(ok), `title ${JSON.stringify(ok)}`);
      assert.ok(isValidName(ok), `name ${JSON.stringify(ok)}`);
    }
  });

  test('U+0000 is refused anywhere in a title, a name or a description; other controls stay', () => {
    assert.ok(!isValidTitle('a\u0000b'));
    assert.ok(!isValidName('Ada\u0000'));
    assert.ok(!isValidDescription('line\u0000'));
    assert.ok(isValidDescription('line one\nline two\tindented\r\n'));
    assert.ok(isValidDescription(''));
    assert.ok(isValidDescription(null));
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
