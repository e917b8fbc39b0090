// The task service's field rules, in one place: the use cases enforce them and the HTTP adapter's schemas
// reuse them, so the two cannot drift apart.

export const TASK_STATUSES = ['pending', 'in_progress', 'completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  passwordMinChars: 8,
  /**
   * A bound against abuse, far past any passphrase. Every character counts: the crypto adapter pre-hashes
   * the password before bcrypt, which alone would read only its first 72 bytes.
   */
  passwordMaxChars: 1024,
  titleMax: 200,
  descriptionMax: 5000,
} as const;

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export function isTaskStatus(value: unknown): value is TaskStatus {
  return (TASK_STATUSES as readonly unknown[]).includes(value);
}

export function isTaskPriority(value: unknown): value is TaskPriority {
  return (TASK_PRIORITIES as readonly unknown[]).includes(value);
}

export function hasNonBlank(value: string): boolean {
  return value.trim().length > 0;
}

/**
 * A character that shows: not white space, not a control (\p{Cc}: NUL, escape, …) and not a format
 * character (\p{Cf}: zero-width spaces and joiners, bidi overrides, the BOM, …). A title or name made only
 * of the others looks empty in every client, as blank as spaces are, so "non-blank" asks for one of these.
 */
const VISIBLE = /[^\s\p{Cc}\p{Cf}]/u;

/** At least one character that shows (see VISIBLE). */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

/**
 * U+0000 anywhere. PostgreSQL text cannot hold it, so the PostgreSQL store refused it while the others kept
 * it; the rules refuse it in every stored text, so all stores take the same strings. Other controls stay
 * allowed inside text (a tab or a line break is ordinary in a description), as the API stores strings as given.
 */
export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/** Length in UTF-16 code units would undercount emoji; limits are in user-visible code points. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;

/**
 * Emails are one account regardless of case, surrounding spaces or how accents are encoded: `é` typed as one
 * code point (U+00E9) or as `e` and a combining accent (U+0301) is one address, so it is brought to its
 * composed form (NFC) first, which is also how nearly every keyboard types it.
 */
export function normaliseEmail(raw: string): string {
  return preNfcEmail(raw.normalize('NFC'));
}

/**
 * An email as sign-up stored it before it was brought to NFC: trimmed and lower-cased only. Accounts made then
 * keep that form, so sign-up and login, missing the NFC form, look this one up too.
 */
export function preNfcEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** A control or format character (zero-width, bidi override, …): an email that looks like another's. */
const HIDDEN = /[\p{Cc}\p{Cf}]/u;

/**
 * Shaped like local@domain.tld, at most emailMax characters, and no control or format character: those are
 * invisible, so `ada\u200b@example.com` would be a second account that reads as `ada@example.com`.
 */
export function isEmailShaped(normalised: string): boolean {
  return normalised.length <= LIMITS.emailMax && EMAIL_SHAPE.test(normalised) && !HIDDEN.test(normalised);
}

export { isCalendarDate } from '../shared/calendar.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The last second formatted, and its text: every task created or changed in one second shares it. */
let formattedSecond = Number.NaN;
let formattedText = '';

/** `YYYY-MM-DD HH:MM:SS` in UTC, the spec's timestamp format. */
export function formatTimestamp(at: Date): string {
  const second = Math.floor(at.getTime() / 1000);
  if (second !== formattedSecond) {
    // An invalid date (NaN) never matches, so it throws here as toISOString does.
    formattedText = new Date(second * 1000).toISOString().slice(0, 19).replace('T', ' ');
    formattedSecond = second;
  }
  return formattedText;
}

/** Parses a `YYYY-MM-DD HH:MM:SS` UTC timestamp to epoch milliseconds (NaN when it is not one). */
export function parseTimestamp(value: string): number {
  return Date.parse(`${value.replace(' ', 'T')}Z`);
}

/**
 * The `updated_at` an update gives: the current time, or one second after the previous value when the
 * clock has not moved past it. The spec's format has whole seconds and says `updated_at` changes on every
 * update, so two updates within one second must still differ and stay in order. Under a burst of updates
 * to one task the value can run a few seconds ahead of the wall clock, and it catches up as soon as the
 * burst ends; it never goes backwards, even if the system clock does.
 */
export function nextUpdatedAt(previous: string, now: Date): string {
  const previousMs = parseTimestamp(previous);
  const nowSecondMs = Math.floor(now.getTime() / 1000) * 1000;
  if (Number.isNaN(previousMs) || nowSecondMs > previousMs) return formatTimestamp(new Date(nowSecondMs));
  return formatTimestamp(new Date(previousMs + 1000));
}
