/**
 * US federal holidays, which the NWS uses in place of the weekday name for a
 * daytime period ("Columbus Day" in fixtures/forecast.json); nights keep the weekday.
 */

function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
}

function lastWeekday(year: number, month: number, weekday: number): number {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return lastDay - ((last - weekday + 7) % 7);
}

/** The holiday's name for a local calendar date, or null. */
export function holidayName(year: number, month: number, day: number): string | null {
  const is = (m: number, d: number) => month === m && day === d;
  if (is(1, 1)) return "New Year's Day";
  if (is(1, nthWeekday(year, 1, 1, 3))) return 'Martin Luther King Jr. Day';
  if (is(2, nthWeekday(year, 2, 1, 3))) return "Washington's Birthday";
  if (is(5, lastWeekday(year, 5, 1))) return 'Memorial Day';
  if (is(6, 19)) return 'Juneteenth';
  if (is(7, 4)) return 'Independence Day';
  if (is(9, nthWeekday(year, 9, 1, 1))) return 'Labor Day';
  if (is(10, nthWeekday(year, 10, 1, 2))) return 'Columbus Day';
  if (is(11, 11)) return 'Veterans Day';
  if (is(11, nthWeekday(year, 11, 4, 4))) return 'Thanksgiving Day';
  if (is(12, 25)) return 'Christmas Day';
  return null;
}
