// Issue 38: an event tracking number (ETN) is the NWS's sequence number of an event per office, phenomenon and
// significance and year (NWS Directive 10-1703), so two distinct events of one office, phenomenon and
// significance in a year never share one, while every update of an event (CON, EXT, UPG) keeps its number.
// Many offices, every cycle of a few months in each season (every fourth cycle is listed: each list holds the
// issuances of the 48 h before its cycle, so the lists together hold every issuance of the months).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { servedAlertZones } from '../../../../adapters/forecast/embedded/alerts/served-alert-zones.ts';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { latestCycle, type AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import {
  numberedStormWarnings,
  STORM_CYCLES_PER_YEAR,
  stormEtn,
  STORM_NUMBERS_MAX,
  STORM_NUMBERS_PER_CYCLE,
  STORM_OVERFLOW_CYCLES,
  STORM_OVERFLOW_FIRST,
  stormRuleFor,
  type StormStart,
} from '../../../../adapters/forecast/embedded/weather/storm-warnings.ts';
import { stormsByOfficeCycle } from '../../../../scripts/forecast-data/storm-warning-counts.ts';
import { MODEL_ETN_MAX } from '../../../../adapters/forecast/embedded/weather/alert-codes.ts';
import { CYCLE_HOURS, CYCLE_PHASE, LOOKBACK_HOURS } from '../../../../adapters/forecast/embedded/weather/alerts.ts';
import { hourlySeries } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { depsAt } from './alerts-zones-support.ts';

const HOUR = 3_600_000;
/** How far apart two storms one list holds can be sent: its lookback and the cycle ahead (alerts.ts). */
const LISTED_HOURS = LOOKBACK_HOURS + CYCLE_HOURS;
const allOffices = servedAlertZones(depsAt('2026-01-01T00:00:00Z'));
// Every eighth office (a spread over every region) and the large ones of Alaska, Hawaii and the West.
const offices = allOffices.filter(
  (zones, i) => i % 8 === 0 || ['AFG', 'AFC', 'AJK', 'HFO', 'PSR', 'BOU'].includes(zones[0]!.officeId),
);
/** Spring and summer (the storm-based warnings' season) and midwinter (the winter products', the gales'). */
const PERIODS: readonly (readonly [string, string])[] = [
  ['2026-04-01T00:00:00Z', '2026-08-01T00:00:00Z'],
  ['2026-12-01T00:00:00Z', '2027-02-01T00:00:00Z'],
];

/**
 * The event an alert belongs to: its own identifier if it is the event's NEW (or a storm-based warning,
 * issued once), else the event's first issuance, which every update references first.
 */
function eventOf(alert: AlertFeature): string {
  const p = alert.properties;
  const action = p.parameters['VTEC']![0]!.split('.')[1];
  return action === 'NEW' ? p.id : p.references[0]!.identifier;
}

interface Seen {
  /** Office, phenomenon and significance, from the VTEC string. */
  kind: string;
  etns: Set<number>;
  /**
   * The event's start: the earliest onset of its issuances sent before it (a VTEC begin time other than
   * 000000T0000Z), or Infinity if every issuance seen was sent while it was in effect.
   */
  startHour: number;
  /** A storm-based warning (a polygon): a product of one segment. */
  storm: boolean;
}

const events = new Map<string, Seen>();
let issuances = 0;
for (const [from, to] of PERIODS)
  for (let c = latestCycle(Date.parse(from) / HOUR); c < Date.parse(to) / HOUR; c += 48)
    for (const zones of offices)
      for (const alert of generateOfficeAlerts(zones, c)) {
        issuances++;
        const [, , office, phenomenon, significance, etn, times] = alert.properties.parameters['VTEC']![0]!.split('.');
        const onsetHour = times!.startsWith('000000T0000Z')
          ? Infinity
          : Math.floor(Date.parse(alert.properties.onset) / HOUR);
        const key = eventOf(alert);
        const seen = events.get(key) ?? {
          kind: `${office}.${phenomenon}.${significance}`,
          etns: new Set<number>(),
          startHour: onsetHour,
          storm: alert.geometry !== null,
        };
        seen.etns.add(Number(etn));
        seen.startHour = Math.min(seen.startHour, onsetHour);
        events.set(key, seen);
      }

describe('event tracking numbers (issue 38)', () => {
  it('never gives two distinct zone-based events of one office, phenomenon and significance in a year the same ETN', () => {
    // The events under each number: those of a zone-based product that begin in the same hour are one event to
    // the NWS, issued in segments (a zone or group of zones each); a storm-based warning is an event of its own.
    const byNumber = new Map<string, { starts: Set<number>; storms: number }>();
    for (const seen of events.values())
      for (const etn of seen.startHour === Infinity ? [] : seen.etns) {
        const year = new Date(seen.startHour * HOUR).getUTCFullYear();
        const id = `${seen.kind}.${year}.${etn}`;
        const under = byNumber.get(id) ?? { starts: new Set<number>(), storms: 0 };
        under.starts.add(seen.startHour);
        if (seen.storm) under.storms++;
        byNumber.set(id, under);
      }
    const shared = [...byNumber].filter(([, u]) => u.starts.size > 1 && u.storms === 0);
    // Storm-based warnings: no two of a kind at an office that one list can hold (sent within a list's span of
    // each other) share a number, nor two numbered in their cycles' blocks (in the year's sequence) in a year.
    const stormEvents = [...events.values()].filter((e) => e.storm);
    const byStormNumber = new Map<string, number[]>();
    for (const e of stormEvents)
      for (const etn of e.etns) {
        const id = `${e.kind}.${new Date(e.startHour * HOUR).getUTCFullYear()}.${etn}`;
        byStormNumber.set(id, [...(byStormNumber.get(id) ?? []), e.startHour]);
      }
    const listedTogether = [...byStormNumber].filter(([, starts]) =>
      starts.some((a, i) => starts.some((b, j) => i < j && Math.abs(a - b) < LISTED_HOURS)),
    );
    const inSequence = [...byStormNumber].filter(
      ([id, starts]) => starts.length > 1 && Number(id.split('.').at(-1)) < STORM_OVERFLOW_FIRST,
    );
    const stormsShared = [...byStormNumber].filter(([, starts]) => starts.length > 1).length;
    const maxEtn = Math.max(...[...events.values()].flatMap((e) => [...e.etns]));
    console.log(
      `${issuances} issuances, ${events.size} events (${stormEvents.length} storm-based), ${byNumber.size} numbers, ` +
        `${shared.length} zone-based shared, ${stormsShared} storm-based shared; highest ETN ${maxEtn}`,
    );
    assert.ok(
      events.size >= 1000 && stormEvents.length >= 300,
      `${events.size} events, ${stormEvents.length} storm-based`,
    );
    assert.ok(maxEtn <= MODEL_ETN_MAX);
    assert.deepEqual(
      listedTogether.slice(0, 20),
      [],
      `${listedTogether.length} storm numbers shared within a list's span`,
    );
    assert.deepEqual(inSequence.slice(0, 20), [], `${inSequence.length} storm numbers of the year's sequence shared`);
    assert.deepEqual(
      shared.slice(0, 20).map(([id, u]) => `${id}: ${u.starts.size} starts`),
      [],
      `${shared.length} numbers shared`,
    );
  });

  it("lists no two storm-based warnings of a kind under one number at 2026's busiest office-cycles", () => {
    // The 7 office-cycles with the most storms of a kind in 2026 at the 4 offices that had the most over every
    // office (docs/forecast-service.md, "Event tracking numbers"; `storm-warning-report.ts --etn`), found here
    // from every hour of the year at their zones as the report finds them (stormsByOfficeCycle), each listed at
    // its cycle and the 4 after: the lists that hold it. Each must overflow its cycle's block well (over twice
    // its numbers), or these offices no longer exercise the overflow pool and the test needs busier ones.
    // Overflow numbers coming round again every 4 cycles, not 16, share 48 in these lists.
    const busyOffices = allOffices.filter((z) => ['TAE', 'FFC', 'LZK', 'SHV'].includes(z[0]!.officeId));
    const busiest = stormsByOfficeCycle(busyOffices.flat(), 2026).slice(0, 7);
    const described = busiest.map((b) => `${b.office} ${b.phenomenon} ${b.cycle}: ${b.storms}`).join(', ');
    assert.ok(
      busiest.every((b) => b.storms > 2 * STORM_NUMBERS_PER_CYCLE),
      described,
    );
    const yearStart = Date.UTC(2026, 0, 1) / HOUR;
    const shared: string[] = [];
    let storms = 0;
    for (const { office, cycle } of busiest) {
      const zones = allOffices.find((z) => z[0]!.officeId === office)!;
      for (let after = 0; after < LISTED_HOURS / CYCLE_HOURS; after++) {
        const listed = generateOfficeAlerts(
          zones,
          yearStart + (cycle + after) * CYCLE_HOURS - (CYCLE_HOURS - CYCLE_PHASE),
        );
        const vtecs = listed
          .filter((a) => a.geometry !== null)
          .map((a) => a.properties.parameters['VTEC']![0]!.split('.').slice(3, 6).join('.'));
        storms += vtecs.length;
        shared.push(...vtecs.filter((v, i) => vtecs.indexOf(v) !== i).map((v) => `${office} ${cycle}+${after}: ${v}`));
      }
    }
    assert.ok(storms > 1000, `${storms} storm-based warnings listed`);
    assert.deepEqual(shared.slice(0, 20), [], `${shared.length} numbers shared in a list`);
  });

  it('keeps one ETN over all the issuances of an event', () => {
    const changed = [...events].filter(([, e]) => e.etns.size > 1).map(([id, e]) => `${e.kind} ${id}`);
    assert.deepEqual(changed.slice(0, 20), [], `${changed.length} events renumbered`);
  });
});

describe('storm-based warnings numbered in the order they are sent (issue 38)', () => {
  // Synthetic storms at the land zones of the office with the most: `count` storms of each kind from `from`,
  // spread over `hours` hours (the nth in hour n % hours, at zone n / hours), sent 7 minutes apart by zone.
  const zones = [...allOffices].sort((a, b) => b.length - a.length)[0]!.filter((z) => !z.marine);
  const KINDS = ['Severe Thunderstorm Warning', 'Tornado Warning', 'Flash Flood Warning'];
  const stormsAt = (from: string, count: number, kinds = KINDS, hours = 3): StormStart[] => {
    const first = Date.parse(from) / HOUR;
    const out: StormStart[] = [];
    for (let n = 0; n < count; n++) {
      const hour = first + (n % hours);
      const k = Math.floor(n / hours);
      const zone = zones[k]!;
      const sample = hourlySeries({ lat: zone.lat, lon: zone.lon, elevationM: 0 }, hour, 1)[0]!;
      const sent = hour * HOUR + ((7 * k) % 28) * 60_000;
      const peak = { gustKmh: sample.windGustKmh, rainMm: sample.qpfMm };
      for (const event of kinds)
        out.push({ rule: stormRuleFor(event)!, zone, hour, sample, peak, sent, ends: sent + HOUR });
    }
    return out;
  };
  /** Each warning's ETN (kind, year and number) by its event, zone and sending. */
  const numbers = (list: readonly StormStart[]) =>
    new Map(
      numberedStormWarnings(list, CYCLE_PHASE, '').map((a) => [
        `${a.properties.event}|${a.properties.geocode.UGC[0]}|${a.properties.sent}`,
        `${a.properties.parameters['VTEC']![0]!.split('.').slice(3, 6).join('.')}.${new Date(a.properties.sent).getUTCFullYear()}`,
      ]),
    );
  const distinct = (numbered: Map<string, string>) => new Set(numbered.values()).size;
  // Synthetic cycles of 2026: 09Z-21Z on 2026-07-15 and the 12 hours after.
  const CYCLE = '2026-07-15T09:00:00Z';
  const hoursAfter = (from: string, hours: number) => new Date(Date.parse(from) + hours * HOUR).toISOString();
  const NEXT = hoursAfter(CYCLE, CYCLE_HOURS);
  // The year's last cycle is 3 hours long: a full one takes STORM_NUMBERS_MAX / 3 zones.
  assert.ok(3 * zones.length > STORM_NUMBERS_MAX, `${zones.length} zones`);

  it('numbers 14 storms of a kind in a cycle and one in the next all apart', () => {
    const fourteen = stormsAt(CYCLE, 14).concat(stormsAt(NEXT, 1));
    const numbered = numbers(fourteen);
    assert.equal(numbered.size, fourteen.length);
    assert.equal(distinct(numbered), fourteen.length);
  });

  it('numbers cycles full to the limit, one after another, all apart; leaves a storm more unwarned', () => {
    // Five cycles (a list's span) of STORM_NUMBERS_MAX storms of each kind.
    const full = [0, 1, 2, 3, 4].flatMap((c) => stormsAt(hoursAfter(CYCLE, CYCLE_HOURS * c), STORM_NUMBERS_MAX));
    const numbered = numbers(full);
    assert.equal(distinct(numbered), full.length);
    assert.ok([...numbered.values()].every((v) => Number(v.split('.')[2]) <= MODEL_ETN_MAX));
    // One storm more than a cycle's numbers: the last sent (given first here) goes unwarned, and the rest keep the
    // numbers they have without it, all apart.
    const cycleFull = stormsAt(CYCLE, STORM_NUMBERS_MAX, ['Tornado Warning']);
    // In CYCLE's last hour: sent after its other storms (in its first 3 hours), and numbered in it.
    const lastSent = stormsAt(hoursAfter(CYCLE, CYCLE_HOURS - 1), 1, ['Tornado Warning']);
    assert.equal(numbers(lastSent).size, 1);
    const overNumbered = numbers([...lastSent, ...cycleFull]);
    assert.deepEqual(overNumbered, numbers(cycleFull));
    assert.equal(distinct(overNumbered), STORM_NUMBERS_MAX);
  });

  it("numbers the year's last cycles and the next year's first, full, within the model's numbers", () => {
    // 2026's last 2.5 days: its last cycle is 3 hours, 21Z to midnight; 2027's first 9 hours, to 09Z.
    const last = ['2026-12-29T21:00:00Z', '2026-12-30T09:00:00Z', '2026-12-30T21:00:00Z', '2026-12-31T09:00:00Z']
      .concat(['2026-12-31T21:00:00Z', '2027-01-01T00:00:00Z'])
      .flatMap((from) => stormsAt(from, STORM_NUMBERS_MAX));
    const numbered = numbers(last);
    assert.equal(distinct(numbered), last.length);
    const etns = [...numbered.values()].map((v) => Number(v.split('.')[2]));
    assert.ok(Math.max(...etns) <= MODEL_ETN_MAX, `${Math.max(...etns)}`);
    // 2027 starts its sequence again at 1.
    assert.ok(
      [...numbered.values()].some((v) => v.endsWith('.0001.2027')),
      [...numbered.values()].join(' '),
    );
  });

  it("gives every cycle's numbers of the year's sequence once, rising, and overflow numbers a list apart", () => {
    const seen = new Map<number, [number, number]>();
    let previous = 0;
    for (let cycle = 0; cycle < STORM_CYCLES_PER_YEAR; cycle++)
      for (let rank = 0; rank < STORM_NUMBERS_MAX; rank++) {
        const etn = stormEtn(cycle, rank);
        assert.ok(etn !== undefined, `${cycle}/${rank}`);
        assert.ok(etn >= 1 && etn <= MODEL_ETN_MAX, `${cycle}/${rank}: ${etn}`);
        if (rank < STORM_NUMBERS_PER_CYCLE) {
          assert.ok(etn > previous && etn < STORM_OVERFLOW_FIRST, `${cycle}/${rank}: ${etn} after ${previous}`);
          previous = etn;
        }
        const before = seen.get(etn);
        // An overflow number comes round again only STORM_OVERFLOW_CYCLES (16) on: 8 days; a list holds 5 cycles.
        if (before)
          assert.ok(cycle - before[0] >= STORM_OVERFLOW_CYCLES, `${etn}: ${before.join('/')} and ${cycle}/${rank}`);
        seen.set(etn, [cycle, rank]);
      }
    assert.ok(STORM_OVERFLOW_CYCLES * CYCLE_HOURS >= LISTED_HOURS, `${STORM_OVERFLOW_CYCLES} cycles`);
    assert.equal(stormEtn(0, STORM_NUMBERS_MAX), undefined);
  });

  it("numbers a cycle's storms alike whether or not other cycles' are given with them", () => {
    // Four zones' storms every hour for 2 days over the new year: 48 of a kind in each full cycle.
    const first = Date.parse('2026-12-31T00:00:00Z');
    const starts = Array.from({ length: 48 }, (_, h) =>
      stormsAt(new Date(first + h * HOUR).toISOString(), 4, KINDS, 1),
    ).flat();
    const all = numbers(starts);
    assert.equal(distinct(all), starts.length);
    const cycle = Date.parse('2027-01-01T09:00:00Z') / HOUR;
    const alone = numbers(starts.filter((s) => s.hour >= cycle && s.hour < cycle + 12));
    assert.equal(alone.size, 12 * 4 * 3);
    for (const [key, etn] of alone) assert.equal(all.get(key), etn, key);
  });
});
