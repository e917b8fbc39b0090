// The proleptic Gregorian calendar's days, for every context that reads dates from users: a task's due date,
// a forecast clock or scenario time. `Date` rolls an impossible day over (2026-02-30 becomes March 2), so
// these are checked before a `Date` is made.

/** Days in each month of a common year; February has 29 in a leap year. */
const DAYS_IN_MONTH: readonly number[] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether `year`-`month`-`day` (month 1-12) is a day the calendar has. */
export function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` that names a real day of the proleptic Gregorian calendar (so 2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

// YYYY-MM-DD, then optionally a time of day and a zone (Z, ±HH:MM or ±HHMM).
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:[Zz]|[+-](\d{2}):?(\d{2}))?$/;

/**
 * Whether the fields of an ISO 8601 date or date-time name a moment the calendar has: a day within its
 * month, an hour to 23, minutes and seconds to 59, a zone offset under a day. `Date.parse` rolls an
 * impossible day over (2026-02-30T10:00Z is read as March 2) and reads T24:00 as the next midnight, so a
 * value that only matched a pattern would be moved silently. Text not of that form passes: the caller's
 * pattern judges it.
 */
export function hasCalendarFields(text: string): boolean {
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return true;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = m
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part))) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isCalendarDay(year, month, day)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  return offsetHours <= 23 && offsetMinutes <= 59;
}
