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
  STORM_NUMBERS_PER_CYCLE,
  stormRuleFor,
  type StormStart,
} from '../../../../adapters/forecast/embedded/weather/storm-warnings.ts';
import { hourlySeries } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { depsAt } from './alerts-zones-support.ts';

const HOUR = 3_600_000;
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
    // Storm-based warnings share one only where an office's busy cycle ran on into the next one's numbers
    // (storm-warnings.ts): none in this sample of 447 storms (1,599 before the tropical islands' storms, Honolulu's
    // office's here, were weakened: model.ts stormVigour; the hashes of before shared 323 numbers among those,
    // and 327 among the zone-based events).
    const stormsShared = [...byNumber].filter(([, u]) => u.storms > 1).length;
    const storms = [...events.values()].filter((e) => e.storm);
    const maxEtn = Math.max(...[...events.values()].flatMap((e) => [...e.etns]));
    console.log(
      `${issuances} issuances, ${events.size} events (${storms.length} storm-based), ${byNumber.size} numbers, ` +
        `${shared.length} zone-based shared, ${stormsShared} storm-based shared; highest ETN ${maxEtn}`,
    );
    assert.ok(events.size >= 1000 && storms.length >= 300, `${events.size} events, ${storms.length} storm-based`);
    assert.ok(maxEtn <= 9999);
    assert.ok(stormsShared <= 0.05 * storms.length, `${stormsShared} storm-based numbers shared`);
    assert.deepEqual(
      shared.slice(0, 20).map(([id, u]) => `${id}: ${u.starts.size} starts`),
      [],
      `${shared.length} numbers shared`,
    );
  });

  it('keeps one ETN over all the issuances of an event', () => {
    const changed = [...events].filter(([, e]) => e.etns.size > 1).map(([id, e]) => `${e.kind} ${id}`);
    assert.deepEqual(changed.slice(0, 20), [], `${changed.length} events renumbered`);
  });
});

describe('storm-based warnings numbered in the order they are sent (issue 38)', () => {
  // Every land zone of the office with the most, a storm of every kind at each in every hour over a new year:
  // more than a cycle has numbers for.
  const zones = [...allOffices].sort((a, b) => b.length - a.length)[0]!.filter((z) => !z.marine);
  const first = Date.parse('2026-12-31T00:00:00Z') / HOUR;
  const starts: StormStart[] = [];
  for (let hour = first; hour < first + 48; hour++)
    for (const [k, zone] of zones.entries())
      for (const event of ['Severe Thunderstorm Warning', 'Tornado Warning', 'Flash Flood Warning']) {
        const sample = hourlySeries({ lat: zone.lat, lon: zone.lon, elevationM: 0 }, hour, 1)[0]!;
        const sent = hour * HOUR + ((7 * k) % 28) * 60_000;
        const peak = { gustKmh: sample.windGustKmh, rainMm: sample.qpfMm };
        starts.push({ rule: stormRuleFor(event)!, zone, hour, sample, peak, sent, ends: sent + HOUR });
      }
  const numbers = (list: readonly StormStart[]) =>
    new Map(
      numberedStormWarnings(list, 9, '').map((a) => [
        `${a.properties.event}|${a.properties.geocode.UGC[0]}|${a.properties.sent}`,
        a.properties.parameters['VTEC']![0]!.split('.').slice(3, 6).join('.'),
      ]),
    );

  it('gives each storm of a kind at an office its own number in its year, up to 13 a cycle', () => {
    // Three zones' storms every third hour: 12 a cycle at most.
    const all = numbers(starts.filter((s) => zones.indexOf(s.zone) < 3 && (s.hour - first) % 3 === 0));
    const year = (key: string) => key.split('|')[2]!.slice(0, 4);
    const distinct = new Set([...all].map(([key, etn]) => `${year(key)}.${etn}`));
    assert.equal(distinct.size, all.size);
    assert.equal(all.size, 16 * 3 * 3);
    // More than 13 in a cycle: every storm is still warned, the overflow numbered on into the next cycle's.
    assert.ok(zones.length > STORM_NUMBERS_PER_CYCLE, `${zones.length} zones`);
    assert.equal(numbers(starts).size, starts.length);
    assert.ok([...all.values()].every((v) => Number(v.split('.')[2]) <= 9999));
  });

  it("numbers a cycle's storms alike whether or not other cycles' are given with them", () => {
    const all = numbers(starts);
    const cycle = Date.parse('2027-01-01T09:00:00Z') / HOUR;
    const alone = numbers(starts.filter((s) => s.hour >= cycle && s.hour < cycle + 12));
    assert.equal(alone.size, 12 * zones.length * 3);
    for (const [key, etn] of alone) assert.equal(all.get(key), etn, key);
  });
});
