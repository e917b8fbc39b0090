/**
 * Whether an ISO 8601 instant names a time the calendar has. `Date.parse` rolls an impossible date over
 * (2026-02-30 is read as March 2, 2026-02-29 as March 1) and refuses an hour 25 or a month 13 with NaN, so
 * a clock or scenario time that only matched the pattern was moved silently, or failed later as a 500.
 * Text that is not of the `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)` form passes: other rules judge it.
 */
const ISO = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-](\d{2}):?(\d{2}))$/;

/** What a refusal says, after the name of the member (`now`) or the path of the mistake. */
export const CALENDAR_INSTANT_MESSAGE =
  'is not a date and time the calendar has: a day past the end of its month (2026-02-30, 2026-02-29), an hour past 23 or a month past 12';

export function isCalendarInstant(text: string): boolean {
  const m = ISO.exec(text.trim());
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
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59) return false;
  return offsetHours <= 23 && offsetMinutes <= 59;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * The years the forecast clock may be set in. Before 1913 some of the model's zones kept local mean time
 * (Detroit until 1905, Pago Pago until 1911: offsets in seconds, -05:32:11), so periods began at 11:09 and
 * their offsets were written a fraction of a minute off, and before year 1000 the years lost their four digits
 * (`999-06-01T…`, `+173:53` at year 1). A clock in 9999 gives forecasts whose last days are in year 10000,
 * which ISO 8601's four-digit year cannot write.
 */
export const CLOCK_YEARS = { from: 1913, to: 9998 } as const;

export const CLOCK_YEARS_MESSAGE = `must be in the years ${CLOCK_YEARS.from} to ${CLOCK_YEARS.to}: before ${CLOCK_YEARS.from} some of the model's time zones kept local mean time, whose offsets in seconds forecast times cannot be written in, and a forecast from 9999 runs into year 10000`;

/** Whether an instant the pattern already accepted is within {@link CLOCK_YEARS} (UTC). */
export function isInClockYears(text: string): boolean {
  const ms = Date.parse(text);
  return ms >= Date.UTC(CLOCK_YEARS.from, 0, 1) && ms < Date.UTC(CLOCK_YEARS.to + 1, 0, 1);
}
