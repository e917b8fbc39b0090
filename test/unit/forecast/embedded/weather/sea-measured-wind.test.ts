// Issue 38: over the open sea the over-water terms multiply the wind of the normals stations that measured one
// (model.ts's seaWindLogs, climate-field.ts's measuredWindAt), not the analytic wind that a station without a
// measured wind keeps. Apalachicola measured none, and over Tallahassee's waters (Apalachee Bay and the Big
// Bend) the land-fitted wind was the analytic one: Small Craft Advisories in effect on 9.5% of August's
// zone-cycles, where real summer advisories there are rare outside tropical systems.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { generateOfficeAlerts } from '../../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { loadEmbeddedDeps } from '../../../../../adapters/forecast/embedded/load-embedded-deps.ts';
import { shippedClimateField } from '../../../../../adapters/forecast/embedded/weather/climate-field.ts';
import { isAlertActive, latestCycle } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { hourlySeries } from '../../../../../adapters/forecast/embedded/weather/model.ts';
import { openSeaPlace, overSeaWindFactor } from '../../../../../adapters/forecast/embedded/weather/sea-water.ts';

const HOUR = 3_600_000;
const APALACHICOLA = { lat: 29.7333, lon: -85.0333 };
const TALLAHASSEE = { lat: 30.3975, lon: -84.3289 };

describe('the open sea’s wind from the stations that measured one', () => {
  const field = shippedClimateField()!;

  it('leaves out a station with no measured wind, and keeps one that measured it', () => {
    const apalachicola = field.stations.find((s) => s.lat === APALACHICOLA.lat && s.lon === APALACHICOLA.lon)!;
    assert.ok(
      apalachicola.logWind.every((v) => v === 0),
      'Apalachicola keeps the analytic wind',
    );
    // At Apalachicola's own point the field of all stations is nearly its 0; the measured stations' is theirs.
    const all = field.at(APALACHICOLA.lat, APALACHICOLA.lon, 6)!.months;
    const measured = field.measuredWindAt(APALACHICOLA.lat, APALACHICOLA.lon, 6)!;
    const july = 6;
    assert.ok(Math.exp(all[4 * 12 + july]!) > 0.85, `all: ×${Math.exp(all[4 * 12 + july]!).toFixed(2)}`);
    assert.ok(Math.exp(measured[july]!) < 0.6, `measured: ×${Math.exp(measured[july]!).toFixed(2)}`);
    // At a station that measured wind the two agree to within its neighbours' share.
    const tlh = field.measuredWindAt(TALLAHASSEE.lat, TALLAHASSEE.lon, 17)![july]!;
    const tlhAll = field.at(TALLAHASSEE.lat, TALLAHASSEE.lon, 17)!.months[4 * 12 + july]!;
    assert.ok(Math.abs(tlh - tlhAll) < 0.05, `Tallahassee ${tlh.toFixed(3)} against ${tlhAll.toFixed(3)}`);
  });

  it('gives Tallahassee’s waters few summer Small Craft Advisories', () => {
    // marine-alert-report.ts '^GMZ7(3[05]|5[0125]|65|7[025])$' 2025-2027, in effect, June / July / August:
    // 3.7 / 2.1 / 9.5% before, 0.0 / 0.0 / 0.3% after.
    const deps = loadEmbeddedDeps({ now: () => new Date(0) });
    const zones = Array.from(deps.alertZones!(), (zs) => zs.filter((z) => z.marine && z.officeId === 'TAE')).flat();
    assert.ok(zones.length >= 8, `${zones.length} zones`);
    const ids = new Set(zones.map((z) => z.id));
    let zoneCycles = 0;
    let under = 0;
    for (const year of [2025, 2026, 2027])
      for (const month of [5, 6, 7])
        for (let day = 2; day <= 26; day += 4)
          for (const hourUtc of [10, 22]) {
            const cycle = latestCycle(Date.UTC(year, month, day, hourUtc) / HOUR);
            zoneCycles += zones.length;
            const now = new Set<string>();
            for (const alert of generateOfficeAlerts(zones, cycle)) {
              if (alert.properties.event !== 'Small Craft Advisory') continue;
              if (!isAlertActive(alert, cycle * HOUR) || Date.parse(alert.properties.onset) > cycle * HOUR) continue;
              for (const ugc of alert.properties.geocode.UGC) if (ids.has(ugc)) now.add(ugc);
            }
            under += now.size;
          }
    const share = (100 * under) / zoneCycles;
    assert.ok(share < 1.5, `Small Craft Advisory in effect on ${share.toFixed(1)}% of June-August zone-cycles`);
  });

  it('takes the measured wind in from the shore: across the mask’s edge only the over-water terms step', () => {
    // Transects south from Apalachicola in July, 0.001° apart. Where a place's own mask cell turns from land to
    // sea the open-sea share steps 0 → ~0.15, and the measured stations' factor stepped with it (×1 → ×0.93 at
    // 84.983° W on 2026-07-15, the speed ×1.11 where the terms alone give ×1.07); the ramp off the land starts
    // it at ×1 there, so the speed steps by the over-water terms' factor alone.
    const start = Date.UTC(2026, 6, 15) / HOUR;
    let edges = 0;
    for (const lon of [-85.05, -85.0, -84.983, -84.95, -84.9]) {
      for (let i = 0; i < 100; i++) {
        const [north, south] = [29.76 - i * 0.001, 29.76 - (i + 1) * 0.001];
        const sea = openSeaPlace(south, lon);
        if (openSeaPlace(north, lon) !== undefined || sea === undefined) continue;
        edges++;
        assert.ok(sea.offLand < 0.05, `${south}, ${lon}: ${sea.offLand} of the ramp at the edge`);
        const land = hourlySeries({ lat: north, lon, elevationM: 0 }, start, 24);
        const water = hourlySeries({ lat: south, lon, elevationM: 0 }, start, 24);
        for (const [h, w] of water.entries()) {
          const ratio = w.windSpeedKmh / land[h]!.windSpeedKmh;
          const terms = overSeaWindFactor(sea, w.temperatureC, start + h);
          assert.ok(
            Math.abs(ratio / terms - 1) < 0.02,
            `${south}, ${lon}, hour ${h}: ×${ratio.toFixed(3)} across the edge, the terms ×${terms.toFixed(3)}`,
          );
        }
      }
    }
    assert.ok(edges >= 4, `${edges} edges crossed`);
  });
});
