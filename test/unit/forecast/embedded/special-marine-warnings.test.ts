// Issue 38 item 5: Special Marine Warnings, the marine zones' storm-based warning. Every one is justified by
// the zone's own grid at every hour it runs (a thunderstorm with a gust of 34 kt, the criterion's, which the
// hourly forecast at that point calls thunderstorms), is coded as the NWS codes one (its marine zone, MA.W, SMW), and they come in
// the seasons and on the coasts the NWS's do. Every marine zone, every 6th day of 2026.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  eachStormWarning,
  marineStormCounts,
  marineZones,
  warnedHours,
} from '../../../../scripts/forecast-data/storm-warning-counts.ts';
import {
  hourlySeries,
  type AlertFeature,
  type AlertZone,
} from '../../../../adapters/forecast/embedded/weather/index.ts';
import { hourlyShortForecast } from '../../../../adapters/forecast/embedded/weather/hourly-forecast.ts';
import { synopticGustKmh } from '../../../../adapters/forecast/embedded/weather/model.ts';
import { SPECIAL_MARINE_GUST_KMH } from '../../../../adapters/forecast/embedded/weather/marine-storm-warnings.ts';
import { zonePlace } from '../../../../adapters/forecast/embedded/weather/alerts.ts';

const HOUR = 3_600_000;
const DAYS = 6;
const zones = marineZones();
const warnings: { zone: AlertZone; alert: AlertFeature }[] = [];
eachStormWarning(zones, DAYS, (zone, alert) => warnings.push({ zone, alert }));

describe('Special Marine Warnings the grid justifies (issue 38 item 5)', () => {
  it('every hour from sent to ends is a thunderstorm with a 34 kt gust, and the forecast says thunderstorms', () => {
    // A sample to check, not a rate (the rates: below): 996 every 6th day since the open water's storms peak
    // before dawn (convective-climate.ts), ~1,120 before, its real-count checks nearer the NWS's ETNs.
    assert.ok(warnings.length > 900, `${warnings.length} warnings`);
    assert.ok(warnings.every((w) => w.alert.properties.event === 'Special Marine Warning'));
    const failures: string[] = [];
    for (const { zone, alert } of warnings) {
      const p = alert.properties;
      const { sent, ends, hours } = warnedHours(zone, alert);
      const what = `${zone.id} ${p.sent}..${p.ends}`;
      // "Usually of short duration (2 hours or less)".
      if (ends <= sent || ends - sent > 2 * HOUR) failures.push(`${what}: runs ${(ends - sent) / 60_000} min`);
      if (!hours.every((s) => s.precipType === 'thunderstorms' && s.windGustKmh >= SPECIAL_MARINE_GUST_KMH))
        failures.push(`${what}: an hour without a thunderstorm gusting to 34 kt`);
      if (!hours.every((s) => /thunderstorms|t-storms/i.test(hourlyShortForecast(s, true))))
        failures.push(`${what}: the hourly forecast says no thunderstorms`);
      // The storm's gust, not the synoptic one the marine advisories count, warns: it quotes the strongest, to 5
      // kt, and so never under the 35 kt every warned hour's 34 rounds to.
      const knots = Math.round(Math.max(...hours.map((s) => s.windGustKmh)) / 1.852 / 5) * 5;
      const quoted = /HAZARD\.\.\.Wind gusts to (\d+) knots\./.exec(p.description)?.[1];
      if (Number(quoted) !== knots || knots < 35) failures.push(`${what}: gusts to ${quoted} kt, the grid's ${knots}`);
      // Coded by its marine zone, as NWS Miami's AMZ650 of 2025-08-21: MA.W, SMW, zones/forecast/{zone}.
      if (p.geocode.UGC.join() !== zone.id) failures.push(`${what}: UGC ${p.geocode.UGC.join()}`);
      if (!p.affectedZones[0]?.endsWith(`/zones/forecast/${zone.id}`)) failures.push(`${what}: ${p.affectedZones[0]}`);
      if (!/^\/O\.NEW\.[KPT][A-Z]{3}\.MA\.W\.\d{4}\.\d{6}T\d{4}Z-\d{6}T\d{4}Z\/$/.test(p.parameters['VTEC']?.[0] ?? ''))
        failures.push(`${what}: VTEC ${p.parameters['VTEC']?.[0]}`);
      if (p.parameters['AWIPSidentifier']?.[0] !== `SMW${zone.officeId}`) failures.push(`${what}: AWIPS id`);
      if (p.eventCode.SAME[0] !== 'SMW' || p.eventCode.NationalWeatherService[0] !== 'MAW')
        failures.push(`${what}: event codes`);
      if ([p.severity, p.certainty, p.urgency, p.response].join() !== 'Severe,Likely,Immediate,Avoid')
        failures.push(`${what}: ${p.severity} ${p.certainty} ${p.urgency} ${p.response}`);
      if (alert.geometry?.type !== 'Polygon') failures.push(`${what}: no polygon`);
    }
    assert.deepEqual(failures.slice(0, 40), [], `${failures.length} unjustified warnings`);
  });

  it('come from the storm: some warn where the gust without the storm stays under 34 kt', () => {
    // The marine advisories count the gust without the storm (synopticGustKmh); the warning is the storm's own.
    const stormOnly = warnings.filter(({ zone, alert }) => {
      const hour = Math.floor(Date.parse(alert.properties.sent) / HOUR);
      return synopticGustKmh(hourlySeries(zonePlace(zone), hour, 1)[0]!) < SPECIAL_MARINE_GUST_KMH;
    });
    assert.ok(stormOnly.length > warnings.length / 2, `${stormOnly.length} of ${warnings.length}`);
  });

  it('come in summer, on the Gulf and Atlantic coasts most', () => {
    // NWS Miami's of 2025-08-21 was its 296th of the year (/O.NEW.KMFL.MA.W.0296.250821T1754Z-…/), NWS
    // Mobile's of 2018-08-10 its 188th (/O.NEW.KMOB.MA.W.0188.180810T1322Z-…/): a few hundred products a year,
    // each naming the zones its storm crosses. One warning per zone and storm here, tens of thousands a year at
    // most; each office's products (the hours it sends one in) within a factor of about two of those figures.
    const c = marineStormCounts(zones, DAYS);
    assert.ok(c.perYear >= 5_000 && c.perYear <= 30_000, `${Math.round(c.perYear)} a year`);
    const gulfAtlantic = (c.byRegion['GM'] ?? 0) + (c.byRegion['AT'] ?? 0);
    assert.ok(gulfAtlantic / c.perYear >= 0.6, `Gulf and Atlantic ${gulfAtlantic / c.perYear}`);
    const summer = [5, 6, 7, 8].reduce((a, m) => a + c.byMonth[m]!, 0) / c.perYear;
    assert.ok(summer >= 0.5, `June-September ${summer}`);
    for (const [office, nws] of [
      ['MFL', 400],
      ['MOB', 250],
    ] as const) {
      const n = c.productsByOffice[office] ?? 0;
      assert.ok(n >= nws / 2 && n <= nws * 2, `${office}: ${Math.round(n)} products a year`);
    }
  });

  it("reach each office's real count by the date of its recorded warning, within a factor of 1.5", () => {
    // The ETN of a real warning is the office's count of them so far that year: NWS Miami's of 2025-08-21 was
    // its 296th, Mobile's of 2018-08-10 its 188th, Key West's of 2025-04-08 its 14th
    // (/O.NEW.KKEY.MA.W.0014.250408T1821Z…/, https://marine.weather.gov/product.php?issuedby=KEY&product=SMW).
    // The model's products (the hours an office sends one in) sent before the same date of 2026, every day:
    // every storm gusting to 34 kt warned, 307, 236 and 19 (1.04, 1.26 and 1.36 times those; with the land's
    // thunder over the water, before marine-convection.ts, 1.4, 1.8 and 4.6 times); 255, 203 and 18 on c4996b7,
    // and 282, 215 and 15 since the open water's storms peak before dawn (convective-climate.ts, waterNightShare).
    for (const [office, until, etn] of [
      ['MFL', '2026-08-21T17:54:00Z', 296],
      ['MOB', '2026-08-10T13:22:00Z', 188],
      ['KEY', '2026-04-08T18:21:00Z', 14],
    ] as const) {
      const hours = new Set<number>();
      eachStormWarning(
        zones.filter((z) => z.officeId === office),
        1,
        (_, alert) => {
          const sent = Date.parse(alert.properties.sent);
          if (sent < Date.parse(until)) hours.add(Math.floor(sent / HOUR));
        },
      );
      const n = hours.size;
      assert.ok(n >= etn / 1.5 && n <= etn * 1.5, `${office}: ${n} products by ${until}, its real ETN ${etn}`);
    }
  });

  it("the tropical islands' are few, their waters' convection seldom thundering", () => {
    // Honolulu's are local news (Maui Now, 2024-01-08, https://mauinow.com/2024/01/08/special-marine-warning-for-maui-windward-waters/);
    // Guam's strong storms of 25-30 kt get a Marine Weather Statement
    // (https://ghs.guam.gov/strong-thunderstorm-over-guam-coastal-waters-boaters-advised-seek-harbor). No island
    // office sends as many as Miami, none of them more than 300 a year, Honolulu fewer than 20.
    const c = marineStormCounts(zones, DAYS);
    const mfl = c.productsByOffice['MFL'] ?? 0;
    for (const office of ['SJU', 'GUM', 'HFO']) {
      const n = c.productsByOffice[office] ?? 0;
      assert.ok(n < mfl && n <= 300, `${office}: ${Math.round(n)} products a year (Miami ${Math.round(mfl)})`);
    }
    assert.ok((c.productsByOffice['HFO'] ?? 0) < 20, `HFO: ${Math.round(c.productsByOffice['HFO'] ?? 0)}`);
  });
});
