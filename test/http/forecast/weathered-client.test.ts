import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// The npm client `weathered` (BSD-2-Clause), unchanged, against Taskcast. It hard-codes
// https://api.weather.gov/ and fetches through cross-fetch, so cross-fetch is replaced by a fetch that
// sends every request to Taskcast's app.fetch with the origin rewritten. No socket, no network.

const require = createRequire(import.meta.url);

type WeatheredClient = {
  getForecast(lat: number, lon: number, type: 'baseline' | 'hourly'): Promise<any>;
  getStations(lat: number, lon: number): Promise<any>;
  getAlerts(active: boolean, options: Record<string, unknown>): Promise<any>;
  getLatestStationObservations(id: string): Promise<any>;
};

describe('weathered, an api.weather.gov client, works unchanged', () => {
  let client: WeatheredClient;
  const seen: string[] = [];

  before(async () => {
    const w = await forecastWorld({ now: new Date('2026-07-15T18:20:00Z') });
    const rewritingFetch = async (url: string, init?: { headers?: Record<string, string> }) => {
      const target = new URL(url);
      seen.push(target.pathname + target.search);
      // node-fetch's default User-Agent is what weathered sends in real life.
      const headers = { 'user-agent': 'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)', ...init?.headers };
      return w.app.fetch(new Request(`http://taskcast.test${target.pathname}${target.search}`, { headers }));
    };
    const crossFetchPath = require.resolve('cross-fetch', { paths: [require.resolve('weathered')] });
    require(crossFetchPath);
    require.cache[crossFetchPath]!.exports = Object.assign(rewritingFetch, { default: rewritingFetch });
    const { Client } = require('weathered') as { Client: new (options?: object) => WeatheredClient };
    client = new Client();
  });

  test('getForecast, 7-day and hourly', async (t) => {
    t.mock.method(console, 'log', () => {}); // weathered logs every URL it fetches
    const forecast = await client.getForecast(39.7456, -97.0892, 'baseline');
    assert.equal(forecast.properties.periods.length, 14);
    assert.equal(typeof forecast.properties.periods[0].shortForecast, 'string');
    const hourly = await client.getForecast(39.7456, -97.0892, 'hourly');
    assert.equal(hourly.properties.periods.length, 48);
  });

  test('getStations', async (t) => {
    t.mock.method(console, 'log', () => {});
    const stations = await client.getStations(39.7456, -97.0892);
    assert.ok(stations.features.length > 0);
    assert.match(stations.features[0].properties.stationIdentifier, /^[A-Z0-9]{3,5}$/);
  });

  test('getAlerts, by point and by area', async (t) => {
    t.mock.method(console, 'log', () => {});
    const byPoint = await client.getAlerts(true, { latitude: 39.7456, longitude: -97.0892 });
    assert.equal(byPoint.type, 'FeatureCollection');
    assert.ok(Array.isArray(byPoint.features));
    const byArea = await client.getAlerts(false, { area: ['KS', 'MO'] });
    assert.equal(byArea.type, 'FeatureCollection');
  });

  test('getLatestStationObservations', async (t) => {
    t.mock.method(console, 'log', () => {});
    const observation = await client.getLatestStationObservations('KSLC');
    assert.equal(typeof observation.properties.temperature.value, 'number');
    assert.equal(observation.properties.temperature.unitCode, 'wmoUnit:degC');
  });

  test('it followed links that Taskcast wrote', () => {
    assert.ok(
      seen.some((p) => p.startsWith('/gridpoints/TOP/32,81/forecast')),
      seen.join(' '),
    );
  });
});
