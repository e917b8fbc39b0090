import type { ClockRate } from '../../forecast/control/forecast-clock.ts';
import { ClockSettingInvalid, parseClockSetting as parseSetting } from '../../forecast/control/clock-setting.ts';
import { AdminBadRequest } from './admin-responses.ts';

/** PUT /_taskcast/clock's body: `{"now": "<ISO instant>", "rate": 0|1}` (rate 0 by default), as setClock(). */
export function parseClockSetting(input: unknown): { now: Date; rate: ClockRate } {
  try {
    return parseSetting(input);
  } catch (error) {
    if (error instanceof ClockSettingInvalid) throw new AdminBadRequest(error.message, error.path);
    throw error;
  }
}
