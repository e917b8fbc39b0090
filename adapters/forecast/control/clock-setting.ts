import * as v from 'valibot';
import { clockInstant } from './calendar-instant.ts';
import type { ClockRate } from './forecast-clock.ts';

/**
 * A clock setting that does not hold: a `now` that is not an instant with a zone, or a `rate` other than 0
 * or 1. One rule for PUT /_taskcast/clock and for setClock() in JavaScript, which used to accept any rate
 * (2, -1, NaN, '1') and a date-only `now`, report them back, and run at 1x.
 */
export class ClockSettingInvalid extends TypeError {
  override readonly name = 'ClockSettingInvalid';
  constructor(
    message: string,
    /** `now` or `rate`; empty for the body as a whole. */
    readonly path: string,
  ) {
    super(message);
  }
}

const isoInstant = clockInstant('now', 'now must be an ISO 8601 instant');

const clockSetting = v.strictObject(
  {
    now: isoInstant,
    rate: v.optional(v.picklist([0, 1], 'rate must be 0 (frozen) or 1 (real time)'), 0),
  },
  (issue) =>
    `unknown member ${JSON.stringify(issue.input === undefined ? issue.expected : issue.received)}; the body is {"now": "<ISO>", "rate": 0|1}`,
);

/** `{"now": "<ISO instant>", "rate": 0|1}` (rate 0 by default), or throws ClockSettingInvalid. */
export function parseClockSetting(input: unknown): { now: Date; rate: ClockRate } {
  const result = v.safeParse(clockSetting, input);
  if (!result.success) {
    const issue = result.issues[0];
    throw new ClockSettingInvalid(issue.message, v.getDotPath(issue) ?? '');
  }
  return { now: new Date(result.output.now), rate: result.output.rate };
}

/** setClock(now, rate)'s arguments through the same rule: a valid Date counts as its ISO instant. */
export function clockSettingOf(now: unknown, rate: unknown): { now: Date; rate: ClockRate } {
  const isDate = Object.prototype.toString.call(now) === '[object Date]';
  if (isDate && Number.isNaN((now as Date).getTime()))
    throw new ClockSettingInvalid('now must be a valid Date or an ISO 8601 instant', 'now');
  return parseClockSetting({
    now: isDate ? (now as Date).toISOString() : now,
    ...(rate === undefined ? {} : { rate }),
  });
}
