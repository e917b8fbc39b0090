// A gale beyond the Gale Warning's lead is listed as a Gale Watch, no further ahead than the NWS lists one,
// worded "possible", and upgraded to the warning as the NWS upgrades it; its issuances keep their ids and
// actions as the clock moves on (marine-lead-times.ts, alerts.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  generateAlerts,
  isAlertActive,
  latestCycle,
  type AlertFeature,
  type AlertZone,
  type WeatherSample,
} from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { dewpointFrom } from '../../../../../adapters/forecast/embedded/weather/physics.ts';
import { startEtn } from '../../../../../adapters/forecast/embedded/weather/alert-codes.ts';

const HOUR = 3_600_000;
const ZONE: AlertZone = {
  id: 'ANZ250',
  name: 'Massachusetts Bay and Ipswich Bay',
  state: 'MA',
  lat: 42.4,
  lon: -70.6,
  officeId: 'BOX',
  officeName: 'Boston/Norton MA',
  timeZone: 'America/New_York',
  sameCodes: ['073250'],
  marine: { smallCraftKt: 25 },
};
/** A cycle (09Z), and a gale 20 h after it, lasting two days: 60 km/h gusting 80, 38 kt (34-47 kt). */
const CYCLE = latestCycle(Math.floor(Date.parse('2026-01-14T12:00:00Z') / HOUR));
const GALE_FROM = CYCLE + 20;
const GALE_TO = GALE_FROM + 48;

function weather(_place: unknown, hour: number): WeatherSample {
  const gale = hour >= GALE_FROM && hour < GALE_TO;
  return {
    temperatureC: 4,
    dewpointC: dewpointFrom(4, 70),
    relativeHumidity: 70,
    windSpeedKmh: gale ? 60 : 10,
    windDirectionDeg: 200,
    windGustKmh: gale ? 80 : 15,
    skyCoverPct: 60,
    precipProbabilityPct: 0,
    precipType: null,
    qpfMm: 0,
    seaLevelPressureHpa: 1000,
    visibilityM: 16_000,
  };
}

const at = (nowHour: number) =>
  generateAlerts({ zones: [ZONE], nowHour, baseUrl: 'https://example.test', sample: weather }).filter((a) =>
    /\.GL\.[AW]\./.test(a.properties.parameters.VTEC?.[0] ?? ''),
  );
const vtec = (a: AlertFeature) => a.properties.parameters.VTEC![0]!;
const bySent = (alerts: AlertFeature[]) =>
  alerts.slice().sort((a, b) => Date.parse(a.properties.sent) - Date.parse(b.properties.sent));

describe('a gale beyond the warning lead: its watch (marine-lead-times.ts)', () => {
  it('is first listed 24-36 h ahead, its winds "possible"', () => {
    assert.deepEqual(at(CYCLE - 24), [], 'nothing 44 h ahead');
    const [watch, ...rest] = at(CYCLE - 12);
    assert.ok(watch && rest.length === 0, 'one watch 32 h ahead');
    assert.equal(watch.properties.event, 'Gale Watch');
    assert.match(vtec(watch), /^\/O\.NEW\.KBOX\.GL\.A\./);
    assert.equal((Date.parse(watch.properties.onset) - Date.parse(watch.properties.sent)) / HOUR > 24, true);
    assert.match(
      watch.properties.description,
      /^\* WHAT\.\.\.[A-Z][a-z ]+ winds \d+ to \d+ kt with gusts up to \d+ kt possible\./,
    );
  });

  it('is upgraded: its last issuance a UPG sent with the warning, whose NEW references it', () => {
    const alerts = bySent(at(CYCLE + 12));
    const watch = alerts.filter((a) => a.properties.event === 'Gale Watch');
    const warning = alerts.filter((a) => a.properties.event === 'Gale Warning');
    assert.deepEqual(
      watch.map((a) => vtec(a).slice(0, 21)),
      ['/O.NEW.KBOX.GL.A.' + vtec(watch[0]!).slice(17, 21), '/O.UPG.KBOX.GL.A.' + vtec(watch[0]!).slice(17, 21)],
    );
    const [issued, upgrade] = watch as [AlertFeature, AlertFeature];
    const first = warning[0]!;
    assert.match(vtec(first), /^\/O\.NEW\.KBOX\.GL\.W\./);
    // Two events, each numbered in the count of its phenomenon and significance, from the hour the gale begins
    // (alert-codes.ts): the same hour of the year in both counts.
    const number = String(startEtn(Math.floor(Date.parse(first.properties.onset) / 3_600_000))).padStart(4, '0');
    assert.deepEqual([vtec(first).slice(17, 21), vtec(upgrade).slice(17, 21)], [number, number]);
    assert.equal(upgrade.properties.messageType, 'Update');
    assert.equal(upgrade.properties.sent, first.properties.sent);
    assert.deepEqual(
      first.properties.references.map((r) => r.identifier),
      [upgrade.properties.id],
    );
    // The watch is in effect until the warning comes; then its UPG says so for 15 minutes.
    assert.equal(issued.properties.expires, first.properties.sent);
  });

  it("is replaced as api.weather.gov serves it: the UPG's notice, listed for 15 minutes", () => {
    const alerts = bySent(at(CYCLE + 12));
    const [issued, upgrade] = alerts.filter((a) => a.properties.event === 'Gale Watch') as [AlertFeature, AlertFeature];
    const u = upgrade.properties;
    const notice =
      'The Gale Watch has been replaced. Please see the latest information from NWS Boston/Norton MA on this developing situation.';
    assert.equal(u.headline, notice);
    assert.equal(u.description, notice);
    assert.equal(u.messageType, 'Update');
    assert.equal(u.urgency, 'Past');
    // Kept from the watch, as NWS Marquette's replaced Winter Storm Watch keeps its severity and instruction.
    for (const key of ['severity', 'certainty', 'instruction', 'response', 'ends', 'senderName'] as const)
      assert.equal(u[key], issued.properties[key], key);
    assert.equal(u.parameters.NWSheadline, undefined);
    assert.match(vtec(upgrade), /^\/O\.UPG\.KBOX\.GL\.A\.\d{4}\./);
    assert.deepEqual(u.parameters.eventEndingTime, issued.properties.parameters.eventEndingTime);
    assert.deepEqual(
      u.references.map((r) => r.identifier),
      [issued.properties.id],
    );
    const sent = Date.parse(u.sent);
    assert.equal(Date.parse(u.expires) - sent, 15 * 60_000);
    for (const [minutes, listed] of [
      [-1, false],
      [0, true],
      [14.99, true],
      [15, false],
    ] as const)
      assert.equal(isAlertActive(upgrade, sent + minutes * 60_000), listed, `${minutes} min after it is sent`);
  });

  it('keeps each issuance its id and VTEC action as the clock moves on', () => {
    const seen = new Map<string, string>();
    const changed: string[] = [];
    let issuances = 0;
    for (let now = CYCLE - 12; now <= CYCLE + 60; now += 6)
      for (const a of at(now)) {
        // One issuance: its event (office, phenomenon, significance, number) and when it was sent.
        const key = `${vtec(a).split('.').slice(2, 6).join('.')}|${a.properties.sent}`;
        const seenAs = `${vtec(a).slice(3, 6)} ${a.properties.id}`;
        issuances++;
        if (seen.has(key) && seen.get(key) !== seenAs) changed.push(`${key}: ${seen.get(key)} -> ${seenAs}`);
        seen.set(key, seenAs);
      }
    assert.ok(seen.size >= 6 && issuances > seen.size, `${seen.size} issuances`);
    assert.deepEqual(changed, []);
  });
});
