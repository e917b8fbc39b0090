import * as v from 'valibot';
import { hasCalendarFields } from '../../../domain/shared/calendar.ts';

/** What a refusal says, after the name of the member (`now`) or the path of the mistake. */
export const CALENDAR_INSTANT_MESSAGE =
  'is not a date and time the calendar has: a day past the end of its month (2026-02-30, 2026-02-29), an hour past 23 or a month past 12';

/**
 * Whether an ISO 8601 instant names a time the calendar has ({@link hasCalendarFields}): otherwise a clock or
 * scenario time that only matched the pattern was moved silently, or failed later as a 500.
 */
export function isCalendarInstant(text: string): boolean {
  return hasCalendarFields(text.trim());
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

/**
 * An instant the forecast clock can be set to (PUT /_taskcast/clock's `now`, a scenario's `clock`,
 * FORECAST_NOW): ISO 8601 with a zone, a time the calendar has, in {@link CLOCK_YEARS}. `label` names the
 * field at the head of each message (none where the path already names it); `notText` is the message for a
 * value that is no string at all (valibot's own when absent).
 */
export function clockInstant(label?: string, notText?: string) {
  const named = (message: string) => (label === undefined ? message : `${label} ${message}`);
  return v.pipe(
    v.string(notText),
    v.isoTimestamp(
      label === undefined
        ? 'must be an ISO 8601 instant with a zone'
        : named('must be an ISO 8601 instant with a zone, such as 2026-05-20T21:00:00Z'),
    ),
    v.check(isCalendarInstant, named(CALENDAR_INSTANT_MESSAGE)),
    v.check(isInClockYears, named(CLOCK_YEARS_MESSAGE)),
  );
}
