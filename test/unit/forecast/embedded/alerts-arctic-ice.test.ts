// Issue 38 item 4: no marine wind product over the Arctic pack ice. Alaska's Beaufort and Chukchi Sea zones are
// "Ice covered" in the NWS Alaska Sea Ice Program's forecasts through the winter, and Norton Sound's, the Bering
// Strait's and St. Lawrence Island's freeze over every winter: no Small Craft Advisory or gale, storm or
// hurricane force wind warning runs there then; in open water they keep the wind's (arctic-sea-ice-season.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameWindowsAsAllYear, cyclesOf2026, deps, marineZonesByOffice } from './marine-season-support.ts';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import {
  ARCTIC_ICE_SEASON,
  inIceSeason,
} from '../../../../adapters/forecast/embedded/weather/arctic-sea-ice-season.ts';
import { isAlertActive } from '../../../../adapters/forecast/embedded/weather/index.ts';

const HOUR = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR;
/** The ice-covered zones, by office, as the alert cycle gets them. */
const iceOffices = marineZonesByOffice((z) => ARCTIC_ICE_SEASON.has(z.id));
const iceZones = iceOffices.flat();

describe('the Arctic sea-ice season', () => {
  it('names real Beaufort, Chukchi and northern Bering Sea zones, every one served by Fairbanks', () => {
    for (const id of ARCTIC_ICE_SEASON.keys()) {
      const zone = deps.catalogue.marineZones.get(id);
      assert.ok(zone, id);
      assert.ok(zone.centroid.lat > 62.5, `${id} lies north of the Yukon delta`);
      assert.equal(zone.cwa, 'AFG', id);
    }
    assert.deepEqual(iceZones.map((z) => z.id).sort(), [...ARCTIC_ICE_SEASON.keys()].sort());
  });

  it('keeps its dates in Alaska standard time, over the new year', () => {
    const beaufort = ARCTIC_ICE_SEASON.get('PKZ814')!;
    const kotzebue = ARCTIC_ICE_SEASON.get('PKZ855')!;
    assert.equal(inIceSeason(beaufort, hourOf('2026-01-15T00:00:00Z')), true);
    assert.equal(inIceSeason(beaufort, hourOf('2026-06-20T00:00:00Z')), true, 'the Beaufort is ice covered in June');
    assert.equal(inIceSeason(beaufort, hourOf('2026-08-20T00:00:00Z')), false);
    assert.equal(inIceSeason(beaufort, hourOf('2026-11-15T09:00:00Z')), true, 'midnight AKST, 15 November');
    assert.equal(inIceSeason(beaufort, hourOf('2026-11-15T08:00:00Z')), false, '11 PM AKST, 14 November');
    assert.equal(inIceSeason(kotzebue, hourOf('2026-06-20T00:00:00Z')), false, 'Kotzebue Sound opens by June');
    assert.equal(inIceSeason(kotzebue, hourOf('2026-11-20T00:00:00Z')), false);
    assert.equal(inIceSeason(kotzebue, hourOf('2026-12-01T09:00:00Z')), true);
    const norton = ARCTIC_ICE_SEASON.get('PKZ852')!;
    const stLawrence = ARCTIC_ICE_SEASON.get('PKZ817')!;
    assert.equal(inIceSeason(norton, hourOf('2026-03-01T00:00:00Z')), true, 'Norton Sound is frozen in March');
    assert.equal(inIceSeason(norton, hourOf('2026-06-10T00:00:00Z')), false);
    assert.equal(inIceSeason(stLawrence, hourOf('2026-12-10T00:00:00Z')), false, 'St. Lawrence Island freezes later');
    assert.equal(inIceSeason(stLawrence, hourOf('2027-01-10T00:00:00Z')), true);
  });

  it('ends each season with its last day whole, as the docs word it: through 15 July, 30 June, 31 May', () => {
    const lastHour = (season: string, date: string) => [
      inIceSeason(ARCTIC_ICE_SEASON.get(season)!, hourOf(`${date}T08:00:00Z`)), // 11 PM AKST of the day before
      inIceSeason(ARCTIC_ICE_SEASON.get(season)!, hourOf(`${date}T09:00:00Z`)), // midnight AKST
    ];
    assert.deepEqual(lastHour('PKZ814', '2026-07-16'), [true, false], 'the Beaufort through 15 July');
    assert.deepEqual(lastHour('PKZ500', '2026-07-01'), [true, false], 'the northern Chukchi through 30 June');
    assert.deepEqual(lastHour('PKZ855', '2026-06-01'), [true, false], 'Kotzebue Sound through 31 May');
  });

  it('leaves the open-water season’s products as the wind alone makes them', () => {
    // Mid-August and mid-September: every ice zone's windows equal the all-year rules'.
    assertSameWindowsAsAllYear(iceZones, [hourOf('2026-08-12T09:00:00Z'), hourOf('2026-09-14T21:00:00Z')]);
  });
});

describe('Arctic marine alerts over 2026', () => {
  const cycles = cyclesOf2026();
  const month = (c: number) => new Date((c - 9) * HOUR).getUTCMonth() + 1;
  const onIce: string[] = [];
  const count = { winter: { zoneCycles: 0, alerts: 0 }, openWater: { zoneCycles: 0, alerts: 0 } };
  for (const zones of iceOffices) {
    for (const cycle of cycles) {
      // Winter: January to March, ice covered on every zone; open water: August to October, on none.
      const m = month(cycle);
      const period = m <= 3 ? count.winter : m >= 8 && m <= 10 ? count.openWater : undefined;
      if (period) period.zoneCycles += zones.length;
      for (const alert of generateOfficeAlerts(zones, cycle)) {
        const p = alert.properties;
        const from = Math.floor(Date.parse(p.onset) / HOUR);
        const to = Math.ceil(Date.parse(p.ends) / HOUR) - 1;
        for (const ugc of p.geocode.UGC) {
          const ice = ARCTIC_ICE_SEASON.get(ugc)!;
          if (inIceSeason(ice, from) || inIceSeason(ice, to)) onIce.push(`${p.event} ${ugc} ${p.onset}..${p.ends}`);
          if (period && isAlertActive(alert, cycle * HOUR)) period.alerts++;
        }
      }
    }
  }

  it('issues no marine product over the ice, and none from January to March', (t) => {
    t.diagnostic(`winter: ${count.winter.alerts} alerts in ${count.winter.zoneCycles} zone-cycles`);
    assert.deepEqual(onIce, []);
    assert.ok(count.winter.zoneCycles > 0);
    assert.equal(count.winter.alerts, 0);
  });

  it('keeps the open-water season’s advisories and warnings', (t) => {
    const share = (100 * count.openWater.alerts) / count.openWater.zoneCycles;
    t.diagnostic(`August-October: products on ${share.toFixed(1)}% of ${count.openWater.zoneCycles} zone-cycles`);
    assert.ok(share >= 3, 'the autumn storms of the open Chukchi and Beaufort still bring products');
  });
});
