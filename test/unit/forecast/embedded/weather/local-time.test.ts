import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { zoneOffsetFiles } from '../../../../../adapters/forecast/embedded/shared/zone-offset-files.ts';
import {
  formatterFor,
  keepZoneOffsets,
  localTime,
  monthNames,
  zoneAbbreviation,
  type ZoneOffsetStore,
} from '../../../../../adapters/forecast/embedded/weather/time.ts';

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

/** Asserts that localTime agrees with Intl's own formatting of each minute of every case. */
function assertAgreesWithIntl(): void {
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
}

test('localTime agrees with Intl minute by minute across DST transitions', () => {
  keepZoneOffsets(undefined);
  assertAgreesWithIntl();
});

const scratch = mkdtempSync(join(tmpdir(), 'taskcast-zone-offsets-'));
after(() => {
  keepZoneOffsets(undefined);
  rmSync(scratch, { recursive: true, force: true });
});

/** zoneOffsetFiles over the scratch folder, counting the months read back and made. */
function countedFiles(): { store: ZoneOffsetStore; read: number; made: number } {
  const files = zoneOffsetFiles((zone, month) => join(scratch, `${zone.replaceAll('/', '_')}-${month}.i16`));
  const counts = { read: 0, made: 0 };
  return Object.assign(counts, {
    store: {
      read: (zone: string, month: number) => {
        const table = files.read(zone, month);
        if (table) counts.read++;
        return table;
      },
      made: (zone: string, month: number, offsets: Int16Array) => {
        counts.made++;
        files.made(zone, month, offsets);
      },
    },
  });
}

test("with each zone's months kept in files, localTime agrees with Intl, made once then read back", () => {
  const first = countedFiles();
  keepZoneOffsets(first.store);
  assertAgreesWithIntl();
  assert.equal(first.read, 0);
  assert.equal(first.made, CASES.length, 'a month per case');
  // A later process: the months read back, none made again.
  const later = countedFiles();
  keepZoneOffsets(later.store);
  assertAgreesWithIntl();
  assert.deepEqual([later.read, later.made], [CASES.length, 0]);
});

test('a kept month changed or cut short is not taken, and is made again', () => {
  for (const file of readdirSync(scratch)) {
    const bytes = readFileSync(join(scratch, file));
    bytes[0] = bytes[0]! ^ 1;
    writeFileSync(join(scratch, file), file.startsWith('America_Chicago') ? bytes.subarray(0, 100) : bytes);
  }
  const again = countedFiles();
  keepZoneOffsets(again.store);
  assertAgreesWithIntl();
  assert.deepEqual([again.read, again.made], [0, CASES.length]);
});

test("a zone's short names through a month, as shipped, agree with Intl hour by hour and are read back", () => {
  keepZoneOffsets(undefined);
  const month = (2026 - 1970) * 12 + 2; // March 2026: CST, then CDT from the 8th
  const names = monthNames('America/Chicago', month)!;
  assert.deepEqual(
    new Map([...names].sort(([a], [b]) => a - b)),
    new Map([
      [-360, 'CST'],
      [-300, 'CDT'],
    ]),
  );
  const first = Date.UTC(2026, 2, 1);
  const byIntl = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', timeZoneName: 'short' });
  const asked: string[] = [];
  keepZoneOffsets({
    read: () => undefined,
    made: () => {},
    names: (timeZone, m) => (asked.push(`${timeZone} ${m}`), m === month ? names : undefined),
  });
  for (let ms = first; ms < Date.UTC(2026, 3, 1); ms += 3_600_000) {
    const intl = byIntl.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')!.value;
    assert.equal(zoneAbbreviation(ms, 'America/Chicago'), intl, new Date(ms).toISOString());
  }
  assert.deepEqual(asked, [`America/Chicago ${month}`], 'asked once a month');
  // What the store gives is what is answered (so the loop above is one of reading it); a month it does not
  // know is Intl's.
  keepZoneOffsets({ read: () => undefined, made: () => {}, names: () => new Map([[-360, 'XST']]) });
  assert.equal(zoneAbbreviation(first, 'America/Chicago'), 'XST');
  keepZoneOffsets({ read: () => undefined, made: () => {}, names: () => undefined });
  assert.equal(zoneAbbreviation(first, 'America/Chicago'), 'CST');
  keepZoneOffsets(undefined);
});

test('names the Pacific islands’ zones as the NWS writes them, where Intl has only GMT+10 or GMT-11', () => {
  // NWS Tiyan's products say ChST (forecast.weather.gov, AFDGUM, "720 PM ChST Wed May 22 2024"), NWS Pago
  // Pago's SST (weather.gov/ppg/AFDPPG, "217 PM SST Sun Jan 19 2025"); Intl's en-US short names are GMT+10
  // and GMT-11. Whatever a store of shipped names says, and in every month.
  const shipped: ZoneOffsetStore = {
    read: () => undefined,
    made: () => {},
    names: (timeZone) => new Map([[timeZone === 'Pacific/Pago_Pago' ? -660 : 600, 'GMT±N']]),
  };
  for (const store of [undefined, shipped]) {
    keepZoneOffsets(store);
    for (const month of [0, 6]) {
      const ms = Date.UTC(2026, month, 15, 3);
      assert.equal(zoneAbbreviation(ms, 'Pacific/Guam'), 'ChST');
      assert.equal(zoneAbbreviation(ms, 'Pacific/Saipan'), 'ChST');
      assert.equal(zoneAbbreviation(ms, 'Pacific/Pago_Pago'), 'SST');
      assert.equal(zoneAbbreviation(ms, 'Pacific/Honolulu'), 'HST');
    }
  }
  keepZoneOffsets(undefined);
});
