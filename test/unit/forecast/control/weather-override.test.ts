import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dailyForecast,
  hourlyForecast,
  hourlySeries,
  latestObservation,
} from '../../../../adapters/forecast/embedded/weather/index.ts';
import {
  applyWeatherSettings,
  overrideAdjust,
} from '../../../../adapters/forecast/embedded/weather/weather-override.ts';
import { FaultBook } from '../../../../adapters/forecast/control/fault-book.ts';
import { compilePathGlob } from '../../../../adapters/forecast/control/path-glob.ts';

const TOPEKA = { lat: 39.05, lon: -95.68, elevationM: 300 };
const START = Math.floor(Date.parse('2026-05-20T21:00:00Z') / 3_600_000);

describe('weather overrides change the model', () => {
  it('keep its invariants', () => {
    const [s] = hourlySeries(TOPEKA, START, 1);
    const out = applyWeatherSettings(s!, {
      precipitation: 'thunderstorms',
      probabilityOfPrecipitation: 90,
      windGust: 70,
      windSpeed: 80,
      dewpoint: 120,
    });
    assert.equal(out.precipType, 'thunderstorms');
    assert.equal(out.precipProbabilityPct, 90);
    assert.ok(out.qpfMm > 0);
    assert.ok(out.windGustKmh >= out.windSpeedKmh);
    assert.ok(out.dewpointC <= out.temperatureC);
    assert.ok(out.skyCoverPct >= 90);
    const dry = applyWeatherSettings(out, { precipitation: 'none' });
    assert.equal(dry.precipType, null);
    assert.equal(dry.qpfMm, 0);
    // An injected flash flood's rain is the hour's where it precipitates, and nothing where it does not.
    assert.equal(applyWeatherSettings(out, { qpfMm: 25.4 }).qpfMm, 25.4);
    assert.equal(applyWeatherSettings(dry, { qpfMm: 25.4 }).qpfMm, 0);
  });

  it('apply only inside their window and area, and every product built on the samples agrees', () => {
    const adjust = overrideAdjust([
      {
        contains: (p) => Math.abs(p.lat - TOPEKA.lat) < 0.5,
        fromHour: START,
        toHour: START + 6,
        set: { precipitation: 'thunderstorms', probabilityOfPrecipitation: 90 },
      },
    ])!;
    const plain = hourlySeries(TOPEKA, START, 12);
    const changed = hourlySeries(TOPEKA, START, 12, adjust);
    for (let i = 0; i < 6; i++) assert.equal(changed[i]!.precipType, 'thunderstorms');
    assert.deepEqual(changed.slice(6), plain.slice(6));
    assert.deepEqual(
      hourlySeries({ ...TOPEKA, lat: 45 }, START, 12, adjust),
      hourlySeries({ ...TOPEKA, lat: 45 }, START, 12),
    );

    const request = {
      place: TOPEKA,
      issuedHour: START,
      timeZone: 'America/Chicago',
      iconBaseUrl: 'https://x/icons',
      adjust,
    };
    const hourly = hourlyForecast(request);
    for (const p of hourly.periods.slice(0, 6)) {
      assert.match(p.shortForecast, /Thunderstorms/);
      assert.equal(p.probabilityOfPrecipitation.value, 90);
    }
    assert.match(dailyForecast(request).periods[0]!.detailedForecast, /thunderstorm/i);
    const obs = latestObservation({
      station: { id: 'KTOP', lat: TOPEKA.lat, lon: TOPEKA.lon, elevationM: 300, timeZone: 'America/Chicago' },
      hour: START + 1,
      baseUrl: 'https://x',
      adjust,
    });
    assert.match(obs.textDescription, /Thunderstorm/);
  });
});

describe('faults', () => {
  it('match paths by glob', () => {
    assert.ok(compilePathGlob('/gridpoints/*/*/forecast').matches('/gridpoints/TOP/32,81/forecast'));
    assert.ok(!compilePathGlob('/gridpoints/*/*/forecast').matches('/gridpoints/TOP/32,81/forecast/hourly'));
    assert.ok(compilePathGlob('/alerts/active*').matches('/alerts/active/zone/KSZ040'));
    assert.ok(compilePathGlob('/alerts/active*').matches('/alerts/active'));
    assert.ok(!compilePathGlob('/alerts/active*').matches('/alerts'));
    assert.ok(compilePathGlob('/**/hourly').matches('/gridpoints/TOP/1,2/forecast/hourly'));
  });

  it("spend their count, and draw their rate from the scenario's seed", () => {
    const book = new FaultBook();
    book.reset([{ path: '/a', status: 500, count: 2 }], 's');
    assert.deepEqual(
      [book.take('GET', '/a'), book.take('GET', '/a'), book.take('GET', '/a')].map((f) => f?.status),
      [500, 500, undefined],
    );
    const draws = (seed: string) => {
      book.reset([{ path: '/b', status: 403, rate: 0.3 }], seed);
      return Array.from({ length: 200 }, () => (book.take('GET', '/b') ? 1 : 0)).join('');
    };
    const first = draws('x');
    assert.equal(draws('x'), first);
    const hits = [...first].filter((c) => c === '1').length;
    assert.ok(hits > 30 && hits < 90, `${hits} of 200 at rate 0.3`);
  });
});
