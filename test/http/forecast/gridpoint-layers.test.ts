/**
 * The gridpoint's layers and the forecasts are one model: for the same cell and issuance hour, the day
 * periods' highs are the maxTemperature layer, the night lows the minTemperature layer, and every hour of
 * the hourly forecast has the temperature, chance of precipitation and weather that the layers give.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

interface Run {
  validTime: string;
  value: any;
}
interface Layer {
  uom?: string;
  values: Run[];
}

const cToF = (c: number): number => (c * 9) / 5 + 32;

/** The layer's value at an instant (the run whose interval contains it). */
function at(layer: Layer, ms: number): unknown {
  for (const run of layer.values) {
    const [start = '', duration = ''] = run.validTime.split('/');
    const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?)?$/.exec(duration);
    const hours = Number(m?.[1] ?? 0) * 24 + Number(m?.[2] ?? 0);
    const from = Date.parse(start);
    if (ms >= from && ms < from + hours * 3_600_000) return run.value;
  }
  return undefined;
}

/** What the hourly text names, as the NDFD weather word. */
function expectedWeather(shortForecast: string): string | null {
  for (const [words, weather] of [
    ['Thunderstorm', 'thunderstorms'],
    ['Freezing Rain', 'freezing_rain'],
    ['Sleet', 'sleet'],
    ['Snow', 'snow'],
    ['Rain', 'rain'],
    ['Fog', 'fog'],
  ] as const) {
    if (shortForecast.includes(words)) return weather;
  }
  return null;
}

const CASES: Array<[string, string, string]> = [
  ['Kansas in July', '39.7456,-97.0892', '2026-07-15T18:20:00Z'],
  ['Kansas in January', '39.7456,-97.0892', '2026-01-15T11:20:00Z'],
  ['Duluth in January', '46.7867,-92.1005', '2026-01-20T03:10:00Z'],
  ['Seattle in November', '47.6062,-122.3321', '2026-11-23T09:00:00Z'],
  ['Miami in August', '25.7617,-80.1918', '2026-08-10T20:00:00Z'],
];

describe('gridpoint layers agree with the forecasts', () => {
  for (const [label, point, now] of CASES) {
    test(label, async () => {
      const w = await forecastWorld({ now: new Date(now) });
      const p = (await w.get(`/points/${point}`)).body.properties;
      const grid = `/gridpoints/${p.gridId}/${p.gridX},${p.gridY}`;
      const layers = (await w.get(grid)).body.properties as Record<string, Layer>;
      const daily = (await w.get(`${grid}/forecast`)).body.properties.periods as any[];
      const hourly = (await w.get(`${grid}/forecast/hourly`)).body.properties.periods as any[];

      for (const period of daily) {
        const layer = period.isDaytime ? layers['maxTemperature']! : layers['minTemperature']!;
        // The layers' windows start an hour into a period (7 AM, 7 PM), as the NWS's do; the first at issuance.
        const value = at(layer, Date.parse(period.startTime) + (period.number === 1 ? 0 : 3_600_000));
        assert.equal(typeof value, 'number', `${period.name}: a ${period.isDaytime ? 'max' : 'min'} temperature`);
        assert.equal(
          Math.round(cToF(value as number)),
          period.temperature,
          `${period.name}: layer ${String(value)} °C vs text ${period.temperature} °F`,
        );
      }
      let wet = 0;
      for (const hour of hourly) {
        const ms = Date.parse(hour.startTime);
        assert.equal(
          Math.round(cToF(at(layers['temperature']!, ms) as number)),
          hour.temperature,
          `${hour.startTime} temperature`,
        );
        assert.equal(
          at(layers['probabilityOfPrecipitation']!, ms),
          hour.probabilityOfPrecipitation.value,
          `${hour.startTime} chance`,
        );
        const weather = (at(layers['weather']!, ms) as Array<{ weather: string | null }>)[0]?.weather ?? null;
        assert.equal(
          weather,
          expectedWeather(hour.shortForecast),
          `${hour.startTime}: "${hour.shortForecast}" vs weather ${weather}`,
        );
        const snow = at(layers['snowfallAmount']!, ms) as number;
        if (snow > 0)
          assert.ok(
            ['snow', 'sleet'].includes(weather ?? '') || (at(layers['probabilityOfPrecipitation']!, ms) as number) < 20,
            `${hour.startTime}: snowfall ${snow} mm under "${hour.shortForecast}"`,
          );
        if (weather && weather !== 'fog') wet++;
      }
      // Every real layer has values over the seven days; only the sea and tropical ones are empty on land.
      const empty = Object.entries(layers)
        .filter(([, l]) => l && typeof l === 'object' && 'values' in l && l.values.length === 0)
        .map(([k]) => k);
      assert.deepEqual(empty.sort(), [
        'primarySwellDirection',
        'primarySwellHeight',
        'probabilityOfHurricaneWinds',
        'probabilityOfTropicalStormWinds',
        'secondarySwellDirection',
        'secondarySwellHeight',
        'waveDirection',
        'waveHeight',
        'wavePeriod',
        'wavePeriod2',
        'windWaveHeight',
      ]);
      // Each case was chosen with rain or snow in its 48 hours, so the weather check above is not vacuous.
      assert.ok(wet > 0, `${label}: no wet hour to compare`);
    });
  }

  test('the layers are deterministic for a cell and issuance hour', async () => {
    const a = await forecastWorld({ now: new Date('2026-03-02T12:00:00Z') });
    const b = await forecastWorld({ now: new Date('2026-03-02T12:40:00Z') });
    assert.equal((await a.get('/gridpoints/TOP/32,81')).text, (await b.get('/gridpoints/TOP/32,81')).text);
  });
});

describe('a marine gridpoint carries the sea layers', () => {
  const SEA = [
    'waveHeight',
    'wavePeriod',
    'waveDirection',
    'primarySwellHeight',
    'primarySwellDirection',
    'wavePeriod2',
    'windWaveHeight',
  ];
  const CASES: Array<[string, string, string]> = [
    ['the Gulf off Cape Sable', '25.0391,-81.3642', '2026-02-10T15:00:00Z'],
    ['Kauai’s north waters in winter', '22.35,-159.5', '2026-01-12T20:00:00Z'],
    ['Lake Michigan off Chicago', '41.9,-87.55', '2026-10-05T12:00:00Z'],
  ];
  for (const [label, point, now] of CASES)
    test(label, async () => {
      const w = await forecastWorld({ now: new Date(now) });
      const p = (await w.get(`/points/${point}`)).body.properties;
      assert.equal(p.type, 'marine', label);
      const layers: Record<string, Layer> = (await w.get(`/gridpoints/${p.gridId}/${p.gridX},${p.gridY}`)).body
        .properties;
      for (const name of SEA) assert.ok(layers[name]!.values.length > 0, `${name} empty`);
      // The real API's units; heights in whole feet, in metres (0.6096 is 2 ft), as the NWS keeps its grids.
      assert.deepEqual(
        SEA.map((n) => layers[n]!.uom),
        [
          'wmoUnit:m',
          'nwsUnit:s',
          'wmoUnit:degree_(angle)',
          'wmoUnit:m',
          'wmoUnit:degree_(angle)',
          'nwsUnit:s',
          'wmoUnit:m',
        ],
      );
      for (const name of ['waveHeight', 'primarySwellHeight', 'windWaveHeight'])
        for (const run of layers[name]!.values) {
          const ft = run.value / 0.3048;
          assert.ok(Math.abs(ft - Math.round(ft)) < 1e-3 && ft >= 0 && ft < 60, `${name} ${run.value}`);
        }
      // Seas combine the wind waves and the swell: never less than either, never more than their sum.
      const start = Date.parse(layers['waveHeight']!.values[0]!.validTime.split('/')[0]!);
      for (let h = 0; h < 168; h += 5) {
        const ms = start + h * 3_600_000;
        const [seas, wind, swell] = ['waveHeight', 'windWaveHeight', 'primarySwellHeight'].map(
          (n) => at(layers[n]!, ms) as number,
        );
        const foot = 0.3048;
        assert.ok(
          seas! >= Math.max(wind!, swell!) - foot && seas! <= wind! + swell! + foot,
          `${seas} ${wind} ${swell}`,
        );
      }
      // The secondary swell is not modelled, and stays empty as on land.
      assert.deepEqual(layers['secondarySwellHeight']!.values, []);
    });

  test('the Beaufort Sea has no sea under its winter pack ice, and one in its open summer', async () => {
    const seaLayers = async (now: string) => {
      const w = await forecastWorld({ now: new Date(now) });
      const p = (await w.get('/points/70.8,-152.0')).body.properties; // PKZ814, ice 15 Nov to 15 Jul
      assert.equal(p.type, 'marine');
      const layers: Record<string, Layer> = (await w.get(`/gridpoints/${p.gridId}/${p.gridX},${p.gridY}`)).body
        .properties;
      return SEA.map((name) => layers[name]!);
    };
    // Left out as a land cell's are: no run at all, and never a null value.
    for (const layer of await seaLayers('2026-01-15T12:00:00Z')) assert.deepEqual(layer.values, []);
    for (const layer of await seaLayers('2026-08-20T12:00:00Z')) {
      assert.ok(layer.values.length > 0);
      assert.ok(layer.values.every((run) => typeof run.value === 'number'));
    }
    // The week the ice closes in: the open hours carry the sea, and the layer stops at the ice.
    const closing = (await seaLayers('2026-11-11T12:00:00Z'))[0]!.values;
    const last = closing.at(-1)!.validTime.split('/');
    assert.ok(closing.length > 0 && closing.every((run) => typeof run.value === 'number'));
    const endsAt =
      Date.parse(last[0]!) +
      Number(
        /PT?(?:(\d+)D)?T?(?:(\d+)H)?/
          .exec(last[1]!)!
          .slice(1)
          .reduce((ms, n, i) => ms + Number(n ?? 0) * (i === 0 ? 86_400_000 : 3_600_000), 0),
      );
    assert.equal(new Date(endsAt).toISOString(), '2026-11-15T09:00:00.000Z', '15 November, Alaska standard time');
  });

  test('a lake’s seas are all wind waves, and Kauai’s winter seas mostly swell', async () => {
    const mean = async (point: string, now: string, name: string) => {
      const w = await forecastWorld({ now: new Date(now) });
      const p = (await w.get(`/points/${point}`)).body.properties;
      const layer: Layer = (await w.get(`/gridpoints/${p.gridId}/${p.gridX},${p.gridY}`)).body.properties[name];
      const start = Date.parse(layer.values[0]!.validTime.split('/')[0]!);
      let sum = 0;
      for (let h = 0; h < 168; h++) sum += at(layer, start + h * 3_600_000) as number;
      return sum / 168;
    };
    assert.ok((await mean('41.9,-87.55', '2026-10-05T12:00:00Z', 'primarySwellHeight')) < 0.31);
    const swell = await mean('22.35,-159.5', '2026-01-12T20:00:00Z', 'primarySwellHeight');
    assert.ok(swell > (await mean('22.35,-159.5', '2026-01-12T20:00:00Z', 'windWaveHeight')), `${swell}`);
  });
});
