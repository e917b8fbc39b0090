import { holidayName } from './holidays.ts';
import { epochHourToMs, localTime, WEEKDAY_NAMES, type LocalTime } from './time.ts';

/**
 * Splits time into the NWS's 12-hour forecast periods (day 6am-6pm, night 6pm-6am,
 * local time) and names them as the NWS does.
 */

export interface PeriodSpan {
  /** Epoch hour of the first hour in the period. */
  readonly startHour: number;
  /** Epoch hour just after the period. */
  readonly endHour: number;
  readonly isDaytime: boolean;
  readonly name: string;
}

export function isDaytimeHour(local: LocalTime): boolean {
  return local.hour >= 6 && local.hour < 18;
}

function firstPeriodName(local: LocalTime): string {
  if (isDaytimeHour(local)) return local.hour < 12 ? 'Today' : 'This Afternoon';
  return local.hour >= 18 ? 'Tonight' : 'Overnight';
}

function laterPeriodName(
  index: number,
  previousNames: readonly string[],
  local: LocalTime,
  isDaytime: boolean,
): string {
  const previous = previousNames[index - 1];
  // "Overnight" is followed by Today and Tonight; "Today"/"This Afternoon" by Tonight.
  if (previous === 'Overnight') return 'Today';
  if (previous === 'Today' || previous === 'This Afternoon') return 'Tonight';
  const weekday = WEEKDAY_NAMES[local.weekday] ?? 'Sunday';
  if (!isDaytime) return `${weekday} Night`;
  return holidayName(local.year, local.month, local.day) ?? weekday;
}

/**
 * The first `count` periods from `issuedHour`; the first starts at the issuance hour
 * and runs to the next 6am or 6pm. Boundaries follow the local clock, so DST days
 * give 11- or 13-hour periods, as they do at the NWS.
 */
export function forecastPeriods(issuedHour: number, timeZone: string, count: number): PeriodSpan[] {
  const spans: PeriodSpan[] = [];
  const names: string[] = [];
  let start = issuedHour;
  let startLocal = localTime(epochHourToMs(start), timeZone);
  // A period never exceeds 14 hours, even across a DST change; the guard bounds the scan.
  for (let h = issuedHour + 1; spans.length < count && h < issuedHour + count * 14 + 24; h++) {
    const local = localTime(epochHourToMs(h), timeZone);
    if (local.hour !== 6 && local.hour !== 18) continue;
    const isDaytime = isDaytimeHour(startLocal);
    const name =
      spans.length === 0 ? firstPeriodName(startLocal) : laterPeriodName(spans.length, names, startLocal, isDaytime);
    spans.push({ startHour: start, endHour: h, isDaytime, name });
    names.push(name);
    start = h;
    startLocal = local;
  }
  return spans;
}
