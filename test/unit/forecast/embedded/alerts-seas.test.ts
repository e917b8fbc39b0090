// Issue 38 item 4: a Small Craft Advisory for hazardous seas, on the model's own sea state (sea-state.ts), at the
// rates the offices issue them. Hawaii's and Puerto Rico's winter advisories are mostly for the north swell,
// which the wind alone never gave (none in a winter of cycles before the seas); no office's advisories cover
// most of its waters in any season.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { loadEmbeddedDeps } from '../../../../adapters/forecast/embedded/load-embedded-deps.ts';
import { placeHazards } from '../../../../adapters/forecast/embedded/weather/hazard-windows.ts';
import {
  marineHazardRules,
  meetsSeas,
  smallCraftSeas,
  recordSeas,
} from '../../../../adapters/forecast/embedded/weather/marine-alert-rules.ts';
import { zonePlace } from '../../../../adapters/forecast/embedded/weather/alerts.ts';
import { hourlySeries } from '../../../../adapters/forecast/embedded/weather/model.ts';
import { isAlertActive } from '../../../../adapters/forecast/embedded/weather/index.ts';

import { cyclesOf2026 } from './marine-season-support.ts';

const HOUR = 3_600_000;
const deps = loadEmbeddedDeps({ now: () => new Date(0) });
const OFFICES = ['HFO', 'SJU', 'PQR', 'BOX'];
const officeZones = Array.from(deps.alertZones!(), (zones) => zones.filter((z) => z.marine)).filter(
  (zones) => zones.length > 0 && OFFICES.includes(zones[0]!.officeId),
);

describe('the seas threshold of a zone', () => {
  it('follows the regional supplements: 5 ft East, 7 ft South, 10 ft West and the Pacific islands, 8 ft Alaska, 4 ft on the lakes', () => {
    const ft = (zoneId: string, kt: number) => smallCraftSeas(zoneId, kt).ft;
    assert.equal(ft('ANZ350', 25), 5);
    assert.equal(ft('AMZ715', 20), 7);
    assert.equal(ft('GMZ570', 20), 7);
    assert.equal(ft('PZZ250', 21), 10);
    assert.equal(ft('PKZ012', 23), 8);
    assert.equal(ft('PHZ110', 25), 10);
    assert.equal(ft('PMZ151', 25), 10);
    assert.equal(ft('LMZ741', 22), 4);
  });

  it('compares as each supplement words it: "or greater" reaches, "greater than" and "exceeding" pass', () => {
    // San Juan's Caribbean waters (Southern Region): "seas 7 feet or greater".
    assert.equal(meetsSeas(7, smallCraftSeas('AMZ715', 20)), true);
    assert.equal(meetsSeas(6.99, smallCraftSeas('AMZ715', 20)), false);
    // The Great Lakes: "greater than 4 feet"; the West Coast: "exceeding 10 feet".
    assert.equal(meetsSeas(4, smallCraftSeas('LMZ741', 22)), false);
    assert.equal(meetsSeas(4.01, smallCraftSeas('LMZ741', 22)), true);
    assert.equal(meetsSeas(10, smallCraftSeas('PZZ250', 21)), false);
    // Hawaii: "seas 10 feet or greater"; Eastern: "5 to 7 feet and greater".
    assert.equal(meetsSeas(10, smallCraftSeas('PHZ110', 25)), true);
    assert.equal(meetsSeas(5, smallCraftSeas('ANZ350', 25)), true);
    // Alaska: "no lower than 8 feet", so 8 ft reaches it.
    assert.equal(meetsSeas(8, smallCraftSeas('PKZ012', 23)), true);
    assert.equal(meetsSeas(7.99, smallCraftSeas('PKZ012', 23)), false);
  });

  it('adds to the wind criterion and never takes from it', () => {
    const zone = officeZones.flat().find((z) => z.id.startsWith('PHZ'))!;
    const place = zonePlace(zone);
    const start = Date.UTC(2026, 0, 5) / HOUR;
    const samples = hourlySeries(place, start, 24 * 60);
    recordSeas(zone, place, start, samples);
    const hours = (rules: ReturnType<typeof marineHazardRules>) =>
      placeHazards(rules, place, start, samples)
        .filter((w) => w.rule.event === 'Small Craft Advisory')
        .reduce((n, w) => n + w.endHour - w.startHour, 0);
    const windOnly = hours(marineHazardRules(25));
    const withSeas = hours(marineHazardRules(25, { ft: 10, over: false }));
    assert.ok(withSeas > windOnly, `${withSeas} advisory hours with seas, ${windOnly} on the wind alone`);
  });

  it('speaks of waves on the Great Lakes and of seas on the sea, as the offices write', () => {
    const whats = (zone: { id: string; name: string; lat: number; lon: number }, windKt: number) => {
      const place = { lat: zone.lat, lon: zone.lon, elevationM: 0, overWater: true };
      const start = Date.UTC(2026, 9, 1) / HOUR;
      const samples = hourlySeries(place, start, 24 * 60);
      recordSeas(zone as Parameters<typeof recordSeas>[0], place, start, samples);
      return placeHazards(marineHazardRules(windKt, smallCraftSeas(zone.id, windKt)), place, start, samples)
        .filter((w) => w.rule.event === 'Small Craft Advisory')
        .map((w) => w.rule.what([samples.slice(w.startHour - start, w.endHour - start)]));
    };
    const all = Array.from(deps.alertZones!()).flat();
    const lake = whats(
      all.find((z) => z.id === 'LMZ744')!,
      22,
    );
    const sea = whats(
      officeZones.flat().find((z) => z.id.startsWith('PHZ'))!,
      25,
    );
    assert.ok(lake.length > 0 && sea.length > 0, `${lake.length} lake and ${sea.length} sea advisories in 60 days`);
    for (const what of lake) assert.match(what, / Waves \d+ to \d+ ft\.$/);
    for (const what of sea) assert.match(what, / Seas \d+ to \d+ ft\.$/);
  });
});

describe('Small Craft Advisories for seas over 2026', () => {
  const cycles = cyclesOf2026();
  /** December to March: the north swell's season in Hawaii and the Caribbean. */
  const seasonOf = (c: number) => ([11, 0, 1, 2].includes(new Date(c * HOUR).getUTCMonth()) ? 'winter' : 'summer');
  const counts = new Map<string, { zoneCycles: number; advisories: number }>();
  const texts: string[] = [];
  for (const zones of officeZones)
    for (const cycle of cycles) {
      const key = `${zones[0]!.officeId} ${seasonOf(cycle)}`;
      const c = counts.get(key) ?? { zoneCycles: 0, advisories: 0 };
      counts.set(key, c);
      c.zoneCycles += zones.length;
      for (const alert of generateOfficeAlerts(zones, cycle)) {
        if (alert.properties.event !== 'Small Craft Advisory' || !isAlertActive(alert, cycle * HOUR)) continue;
        c.advisories += alert.properties.geocode.UGC.length;
        texts.push(alert.properties.description);
      }
    }
  const share = (key: string) => (100 * counts.get(key)!.advisories) / counts.get(key)!.zoneCycles;

  it('gives Hawaii and Puerto Rico their winter advisories, and no office advisories over most of its waters', (t) => {
    for (const key of [...counts.keys()].sort()) t.diagnostic(`${key}: ${share(key).toFixed(1)}% of zone-cycles`);
    assert.ok(share('HFO winter') >= 10, 'Hawaii in winter');
    assert.ok(share('SJU winter') >= 10, 'Puerto Rico in winter');
    // Puerto Rico's advisories are the winter's north swell's: fewer in the trade-wind summer.
    assert.ok(share('SJU summer') < share('SJU winter') / 2);
    for (const key of counts.keys()) assert.ok(share(key) <= 50, `${key}: ${share(key).toFixed(0)}%`);
  });

  it('names the seas in the advisory as the MWW does', () => {
    assert.ok(texts.length > 0);
    for (const text of texts) assert.match(text, /\* WHAT\.\.\.[^\n]* kt\.( Seas \d+ to \d+ ft\.)?\n/);
    // Every advisory here is over the sea, so every one quotes its seas.
    assert.ok(texts.every((text) => /Seas \d+ to \d+ ft\./.test(text)));
  });
});
