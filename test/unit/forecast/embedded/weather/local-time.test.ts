import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatterFor, localTime } from '../../../../../adapters/forecast/embedded/weather/time.ts';

// localTime derives the wall clock from a per-hour offset cache; it must agree with Intl's own formatting of
// each minute (formatterFor, whose offsets fill the cache), including across DST switches at :00 (US), :30
// (St John's, Lord Howe) and :45 (Chatham).
const CASES: Array<[string, number, number]> = [
  ['America/Chicago', Date.UTC(2026, 2, 8, 6), Date.UTC(2026, 2, 8, 10)],
  ['America/Chicago', Date.UTC(2026, 10, 1, 5), Date.UTC(2026, 10, 1, 9)],
  ['America/Phoenix', Date.UTC(2026, 2, 8, 6), Date.UTC(2026, 2, 8, 12)],
  ['America/Anchorage', Date.UTC(2026, 10, 1, 8), Date.UTC(2026, 10, 1, 13)],
  ['America/St_Johns', Date.UTC(2026, 2, 8, 3), Date.UTC(2026, 2, 8, 8)],
  ['Australia/Lord_Howe', Date.UTC(2026, 9, 3, 13), Date.UTC(2026, 9, 3, 18)],
  ['Pacific/Chatham', Date.UTC(2026, 8, 26, 12), Date.UTC(2026, 8, 26, 16)],
];
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

test('localTime agrees with Intl minute by minute across DST transitions', () => {
  for (const [zone, from, to] of CASES) {
    const intl = formatterFor(zone);
    for (let ms = from; ms < to; ms += 60_000) {
      const p: Record<string, string> = {};
      for (const part of intl.formatToParts(new Date(ms))) p[part.type] = part.value;
      const t = localTime(ms, zone);
      const expected = [
        Number(p['year']),
        Number(p['month']),
        Number(p['day']),
        Number(p['hour']) % 24,
        Number(p['minute']),
        WEEKDAYS[p['weekday']!],
      ];
      assert.deepEqual(
        [t.year, t.month, t.day, t.hour, t.minute, t.weekday],
        expected,
        `${zone} ${new Date(ms).toISOString()}`,
      );
    }
  }
});
