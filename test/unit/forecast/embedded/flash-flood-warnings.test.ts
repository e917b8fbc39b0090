// Flash Flood Warnings at the NWS's rate, where and when its come, each justified by the grid's rain: every 3rd
// office's CONUS land zones, every 3rd day of 2026 (`npx tsx scripts/storm-warning-report.ts --every 3 --days 3`
// prints the same figures).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  conusLandZones,
  eachStormWarning,
  stormCounts,
  warnedHours,
} from '../../../../scripts/forecast-data/storm-warning-counts.ts';
import {
  hourlySeries,
  type AlertFeature,
  type AlertZone,
  type WeatherSample,
} from '../../../../adapters/forecast/embedded/weather/index.ts';
import { flashFloodGuidance3hMm } from '../../../../adapters/forecast/embedded/weather/heavy-rain.ts';
import { warnedRainInches } from '../../../../adapters/forecast/embedded/weather/storm-warnings.ts';

const HOUR = 3_600_000;
const EVERY = 3;
const DAYS = 3;
const zones = conusLandZones(EVERY);
const floods: { zone: AlertZone; alert: AlertFeature }[] = [];
eachStormWarning(zones, DAYS, (zone, alert) => {
  if (alert.properties.event === 'Flash Flood Warning') floods.push({ zone, alert });
});
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const isWet = (s: WeatherSample) => s.precipType === 'rain' || s.precipType === 'thunderstorms';

describe('Flash Flood Warnings from the grid’s heavy rain', () => {
  it('each warns of hours whose rain meets the flash flood guidance, and says the grid’s rain', () => {
    assert.ok(floods.length >= 100, `${floods.length} flash flood warnings sampled`);
    const failures: string[] = [];
    for (const { zone, alert } of floods) {
      const p = alert.properties;
      const what = `${zone.id} ${p.sent}`;
      // The warned hours: from the hour it is sent in to the one it ends in, every one wet.
      const { hours } = warnedHours(zone, alert);
      if (!hours.every(isWet)) failures.push(`${what}: a dry warned hour`);
      // Its first three hours (fewer where the rain stops sooner) bring the guidance's rain.
      const first3 = sum(hours.slice(0, 3).map((s) => s.qpfMm));
      const guidance = flashFloodGuidance3hMm(zone.lon);
      if (first3 < guidance)
        failures.push(`${what}: ${first3.toFixed(1)} mm in its first 3 h, guidance ${guidance.toFixed(1)}`);
      if (hours[0]!.precipProbabilityPct < 50) failures.push(`${what}: rain at under a 50% chance`);
      const more = warnedRainInches(sum(hours.map((s) => s.qpfMm)));
      if (!p.description.includes(`Additional rainfall amounts up to ${more} inch`))
        failures.push(`${what}: says not ${more} in more`);
      // The rain fallen: the wet run's hours before the one it is sent in (within a day).
      const from = Math.floor(Date.parse(p.sent) / HOUR);
      const back = hourlySeries({ lat: zone.lat, lon: zone.lon, elevationM: zone.elevationM ?? 0 }, from - 23, 23);
      let run = 0;
      for (let k = back.length - 1; k >= 0 && isWet(back[k]!); k--) run += back[k]!.qpfMm;
      const fallen = `Up to ${warnedRainInches(run)} inch`;
      if (run >= 0.125 * 25.4 !== p.description.includes(fallen)) failures.push(`${what}: fallen not ${fallen}`);
    }
    assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${floods.length} unjustified`);
  });

  it('come at the NWS’s yearly rate, in the warm season, most in the South and the monsoon Southwest', () => {
    // The NWS: ~4,000 a year (13% of ~30,000 storm-based warnings 2012-2021, WNCN 2022-03-24; 3,160 by 16 July
    // 2025, IEM's VTEC counts). A factor of two either way (the model's are one county each).
    const c = stormCounts(zones, DAYS, EVERY);
    const ff = c.perYear['Flash Flood Warning'];
    assert.ok(ff >= 2_000 && ff <= 8_000, `${Math.round(ff)} flash flood warnings a year`);
    const regions = c.byFloodRegion['Flash Flood Warning'];
    const total = (r: keyof typeof regions) => sum(regions[r]);
    const months = (r: keyof typeof regions, ms: number[]) => sum(ms.map((m) => regions[r][m]!));
    // The monsoon: the Southwest's come July to September.
    const sw = total('Southwest');
    assert.ok(sw >= 100, `Southwest ${Math.round(sw)} a year`);
    assert.ok(
      months('Southwest', [6, 7, 8]) >= 0.7 * sw,
      `Southwest Jul-Sep ${Math.round(months('Southwest', [6, 7, 8]))}`,
    );
    // Texas, the Ozarks and the Gulf coast's tropical moisture: the most.
    const south = total('Texas-Oklahoma') + total('Ozarks-Ohio Valley') + total('Gulf-Southeast');
    assert.ok(south >= 0.4 * ff, `South ${Math.round(south)} of ${Math.round(ff)}`);
    for (const r of ['Texas-Oklahoma', 'Ozarks-Ohio Valley', 'Gulf-Southeast', 'Appalachians-Northeast'] as const)
      assert.ok(total(r) >= 0.04 * ff, `${r} ${Math.round(total(r))} of ${Math.round(ff)}`);
    // The warm season's: few in winter, most May to October.
    const byMonth = c.byMonth['Flash Flood Warning'];
    assert.ok(
      sum([11, 0, 1].map((m) => byMonth[m]!)) <= 0.05 * ff,
      `Dec-Feb ${byMonth[11]}, ${byMonth[0]}, ${byMonth[1]}`,
    );
    assert.ok(sum([4, 5, 6, 7, 8, 9].map((m) => byMonth[m]!)) >= 0.8 * ff, 'May-Oct');
  });
});
