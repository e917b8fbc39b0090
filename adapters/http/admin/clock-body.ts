import * as v from 'valibot';
import type { ClockRate } from '../../forecast/control/forecast-clock.ts';
import { AdminBadRequest } from './admin-responses.ts';

const isoInstant = v.pipe(
  v.string('now must be an ISO 8601 instant'),
  v.isoTimestamp('now must be an ISO 8601 instant with a zone, such as 2026-05-20T21:00:00Z'),
);

const clockBody = v.strictObject(
  {
    now: isoInstant,
    rate: v.optional(v.picklist([0, 1], 'rate must be 0 (frozen) or 1 (real time)'), 0),
  },
  (issue) =>
    `unknown member ${JSON.stringify(issue.input === undefined ? issue.expected : issue.received)}; the body is {"now": "<ISO>", "rate": 0|1}`,
);

/** PUT /_taskcast/clock's body: `{"now": "<ISO instant>", "rate": 0|1}` (rate 0 by default). */
export function parseClockSetting(input: unknown): { now: Date; rate: ClockRate } {
  const result = v.safeParse(clockBody, input);
  if (!result.success) {
    const issue = result.issues[0];
    throw new AdminBadRequest(issue.message, v.getDotPath(issue) ?? '');
  }
  return { now: new Date(result.output.now), rate: result.output.rate };
}
