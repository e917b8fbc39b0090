import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gradientNoise3 } from '../../../../../adapters/forecast/embedded/weather/noise.ts';
import { hourlySeries, weatherAt, type Place } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { relativeHumidity } from '../../../../../adapters/forecast/embedded/weather/physics.ts';

const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000);
const PHOENIX: Place = { lat: 33.45, lon: -112.07, elevationM: 340 };
const MINNEAPOLIS: Place = { lat: 44.98, lon: -93.27, elevationM: 260 };
const MIAMI: Place = { lat: 25.77, lon: -80.19, elevationM: 2 };
const DENVER: Place = { lat: 39.74, lon: -104.99, elevationM: 1609 };

/** Mean of the model at a local clock hour over a month, to average out the weather. */
function monthlyMean(
  place: Place,
  year: number,
  month: number,
  utcHour: number,
  field: (s: ReturnType<typeof weatherAt>) => number,
): number {
  let sum = 0;
  for (let d = 1; d <= 28; d++)
    sum += field(weatherAt(place, hourOf(new Date(Date.UTC(year, month - 1, d, utcHour)).toISOString())));
  return sum / 28;
}

describe('noise', () => {
  it('is deterministic and bounded', () => {
    for (let i = 0; i < 200; i++) {
      const x = i * 0.37,
        y = i * -0.91,
        z = i * 0.13;
      const n = gradientNoise3(42, x, y, z);
      assert.equal(n, gradientNoise3(42, x, y, z));
      assert.ok(Math.abs(n) <= 1.01, `noise out of range: ${n}`);
    }
  });

  it('depends on the seed', () => {
    assert.notEqual(gradientNoise3(1, 0.5, 0.5, 0.5), gradientNoise3(2, 0.5, 0.5, 0.5));
  });
});

describe('weather model', () => {
  it('gives identical output for identical input', () => {
    const h = hourOf('2026-07-04T20:00:00Z');
    assert.deepEqual(weatherAt(DENVER, h), weatherAt(DENVER, h));
    assert.deepEqual(hourlySeries(DENVER, h, 24), hourlySeries(DENVER, h, 24));
    assert.deepEqual(hourlySeries(DENVER, h, 24)[5], weatherAt(DENVER, h + 5));
  });

  it('makes neighbouring 2.5 km cells close but not equal', () => {
    const h = hourOf('2026-04-12T18:00:00Z');
    let identical = 0;
    for (let i = 0; i < 40; i++) {
      const a: Place = { lat: 35 + i * 0.2, lon: -100 + i * 0.3, elevationM: 400 };
      const b: Place = { ...a, lon: a.lon + 2.5 / (111 * Math.cos((a.lat * Math.PI) / 180)) };
      const sa = weatherAt(a, h);
      const sb = weatherAt(b, h);
      if (sa.temperatureC === sb.temperatureC) identical++;
      assert.ok(Math.abs(sa.temperatureC - sb.temperatureC) < 1, 'temperature jump between cells');
      assert.ok(Math.abs(sa.dewpointC - sb.dewpointC) < 1.5, 'dewpoint jump between cells');
      assert.ok(Math.abs(sa.windSpeedKmh - sb.windSpeedKmh) < 4, 'wind jump between cells');
      assert.ok(Math.abs(sa.skyCoverPct - sb.skyCoverPct) <= 12, 'sky jump between cells');
    }
    assert.equal(identical, 0);
  });

  it('varies smoothly from hour to hour', () => {
    const series = hourlySeries(MINNEAPOLIS, hourOf('2026-10-01T00:00:00Z'), 72);
    for (let i = 1; i < series.length; i++) {
      assert.ok(Math.abs(series[i]!.temperatureC - series[i - 1]!.temperatureC) < 4);
      assert.ok(Math.abs(series[i]!.seaLevelPressureHpa - series[i - 1]!.seaLevelPressureHpa) < 3);
    }
  });

  it('is plausible across CONUS and seasons', () => {
    // Phoenix July mid-afternoon (22Z = 3 pm MST): normal high ~41°C.
    const phoenixJuly = monthlyMean(PHOENIX, 2026, 7, 22, (s) => s.temperatureC);
    assert.ok(phoenixJuly > 35 && phoenixJuly < 45, `Phoenix July afternoon ${phoenixJuly}`);
    // Minneapolis January before dawn (12Z = 6 am CST): normal low ~ -14°C.
    const mspJan = monthlyMean(MINNEAPOLIS, 2026, 1, 12, (s) => s.temperatureC);
    assert.ok(mspJan > -22 && mspJan < -6, `Minneapolis January night ${mspJan}`);
    const miamiJan = monthlyMean(MIAMI, 2026, 1, 20, (s) => s.temperatureC);
    assert.ok(miamiJan > 19 && miamiJan < 28, `Miami January afternoon ${miamiJan}`);
    const miamiDew = monthlyMean(MIAMI, 2026, 7, 20, (s) => s.dewpointC);
    const phoenixRh = monthlyMean(PHOENIX, 2026, 5, 22, (s) => s.relativeHumidity);
    assert.ok(miamiDew > 20, `Miami July dewpoint ${miamiDew}`);
    assert.ok(phoenixRh < 30, `Phoenix May afternoon RH ${phoenixRh}`);
    // Afternoons are warmer than nights.
    assert.ok(
      monthlyMean(DENVER, 2026, 4, 21, (s) => s.temperatureC) >
        monthlyMean(DENVER, 2026, 4, 12, (s) => s.temperatureC) + 5,
    );
  });

  it('keeps fields physically consistent', () => {
    const places = [PHOENIX, MINNEAPOLIS, MIAMI, DENVER, { lat: 47.6, lon: -122.3, elevationM: 50 }];
    let snowWhenWarm = 0;
    let thunderInWinterNight = 0;
    for (const place of places) {
      for (let h = hourOf('2026-01-01T00:00:00Z'); h < hourOf('2027-01-01T00:00:00Z'); h += 37) {
        const s = weatherAt(place, h);
        assert.ok(s.dewpointC <= s.temperatureC + 1e-9);
        assert.ok(Math.abs(s.relativeHumidity - relativeHumidity(s.temperatureC, s.dewpointC)) < 1e-9);
        assert.ok(s.windGustKmh >= s.windSpeedKmh);
        assert.ok(s.windDirectionDeg >= 0 && s.windDirectionDeg < 360);
        assert.ok(s.skyCoverPct >= 0 && s.skyCoverPct <= 100);
        assert.ok(
          Number.isInteger(s.precipProbabilityPct) && s.precipProbabilityPct >= 0 && s.precipProbabilityPct <= 100,
        );
        if (s.precipProbabilityPct >= 30) assert.ok(s.skyCoverPct >= 50, 'precipitation from clear skies');
        if (s.precipType === null) assert.ok(s.precipProbabilityPct < 15);
        if (s.precipType === 'snow' && s.temperatureC > 2) snowWhenWarm++;
        if (s.precipType === 'thunderstorms' && s.temperatureC < 10) thunderInWinterNight++;
      }
    }
    assert.equal(snowWhenWarm, 0);
    assert.equal(thunderInWinterNight, 0);
  });

  it('snows in a northern winter and storms on southern summer afternoons', () => {
    const winter = hourlySeries(MINNEAPOLIS, hourOf('2026-01-01T00:00:00Z'), 24 * 59);
    assert.ok(winter.some((s) => s.precipType === 'snow'));
    assert.ok(!winter.some((s) => s.precipType === 'thunderstorms'));
    const summer = hourlySeries(MIAMI, hourOf('2026-07-01T00:00:00Z'), 24 * 30);
    assert.ok(summer.some((s) => s.precipType === 'thunderstorms'));
    assert.ok(!summer.some((s) => s.precipType === 'snow'));
  });
});
