// Issue 38: the open sea off New England. Over it the model's wind is the open water's and its air comes toward
// the sea's temperature, by the Great Lakes' terms (sea-water.ts); land and the other coasts keep the shore's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlySeries } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { encodeLakeMask } from '../../../../../adapters/forecast/embedded/weather/great-lakes-water.ts';
import { NEW_ENGLAND_SEA_MASK_DATA } from '../../../../../adapters/forecast/embedded/weather/sea-mask-data.ts';
import { openSeaWeight, overSeaAirC } from '../../../../../adapters/forecast/embedded/weather/sea-water.ts';
import { waterTempC } from '../../../../../adapters/forecast/embedded/weather/water-temperature.ts';
import { seaMaskClasses } from '../../../../../scripts/forecast-data/build-sea-mask.ts';

const HOUR = 3_600_000;
const hourOf = (iso: string) => Date.parse(iso) / HOUR;
const BUOY_44005 = { lat: 43.2, lon: -69.13, elevationM: 0 }; // Gulf of Maine
const BOSTON = { lat: 42.36, lon: -71.06, elevationM: 6 }; // downtown
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('the New England sea mask', () => {
  it('is what the data build makes of the shipped catalogue', () => {
    assert.ok(
      encodeLakeMask(seaMaskClasses()) === NEW_ENGLAND_SEA_MASK_DATA,
      'stale: run npx tsx scripts/forecast-data/build-sea-mask.ts',
    );
  });

  it('puts the Gulf of Maine buoy on open sea, the shore and the other coasts on land', () => {
    assert.ok(openSeaWeight(BUOY_44005.lat, BUOY_44005.lon) > 0.95);
    for (const p of [BOSTON, { lat: 43.66, lon: -70.26 }, { lat: 38.5, lon: -74.8 }, { lat: 29.3, lon: -94.8 }])
      assert.equal(openSeaWeight(p.lat, p.lon), 0, `${p.lat},${p.lon}`);
    // Eastward off Cape Ann the share grows without a step.
    const ws = [0.02, 0.05, 0.1, 0.2, 0.4].map((d) => openSeaWeight(42.63, -70.6 + d));
    for (let k = 1; k < ws.length; k++) assert.ok(ws[k]! >= ws[k - 1]!, ws.join(' '));
    assert.ok(ws.at(-1)! > 0.95, ws.join(' '));
  });
});

describe('the open sea’s wind and air', () => {
  it('blows harder at the Gulf of Maine buoy than the land fit alone, most in winter', () => {
    // NDBC 44005's long-term mean is ~8 m/s (9-10 in winter, ~5 in summer); the land fit gave ~4 all year.
    const jan = mean(hourlySeries(BUOY_44005, hourOf('2026-01-01T00:00:00Z'), 28 * 24).map((s) => s.windSpeedKmh));
    const jul = mean(hourlySeries(BUOY_44005, hourOf('2026-07-01T00:00:00Z'), 28 * 24).map((s) => s.windSpeedKmh));
    assert.ok(jan / 3.6 > 5.5 && jan / 3.6 < 10, `January ${(jan / 3.6).toFixed(1)} m/s`);
    assert.ok(jul < jan && jul / 3.6 > 3, `July ${(jul / 3.6).toFixed(1)} m/s`);
  });

  it('brings the air part of the way toward the sea, never past it', () => {
    const h = hourOf('2026-01-15T12:00:00Z');
    const sea = waterTempC('newEngland', h);
    const warmed = overSeaAirC(1, -10, h);
    assert.ok(warmed > -10 && warmed <= -10 + 1.5 + 1e-9 && warmed < sea);
    assert.equal(overSeaAirC(0, -10, h), -10);
    assert.ok(overSeaAirC(1, sea + 0.5, h) < sea + 0.5 && overSeaAirC(1, sea + 0.5, h) >= sea);
  });
});
