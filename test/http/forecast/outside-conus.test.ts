import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// Alaska, Hawaii, Puerto Rico and the Virgin Islands, Guam and the Marianas through every route a weather
// app follows from /points: forecasts, hourly periods, the gridpoint, its stations, the latest observation
// and the alerts of the state or territory, with the links the answers give resolving.

const BASE = 'http://taskcast.test';

const PLACES = [
  ['Fairbanks', '64.837,-147.739', 'AFG', 'America/Anchorage', 'AK'],
  ['Juneau', '58.3019,-134.4197', 'AJK', 'America/Juneau', 'AK'],
  ['Anchorage', '61.2181,-149.9003', 'AER', 'America/Anchorage', 'AK'],
  ['Honolulu', '21.305,-157.858', 'HFO', 'Pacific/Honolulu', 'HI'],
  ['San Juan', '18.4655,-66.1057', 'SJU', 'America/Puerto_Rico', 'PR'],
  ['Charlotte Amalie', '18.3419,-64.9307', 'SJU', 'America/St_Thomas', 'VI'],
  ['Hagåtña', '13.4757,144.7489', 'GUM', 'Pacific/Guam', 'GU'],
  ['Saipan', '15.1833,145.75', 'GUM', 'Pacific/Saipan', 'MP'],
] as const;

describe('embedded provider outside the contiguous US', () => {
  let w: Awaited<ReturnType<typeof forecastWorld>>;
  before(async () => {
    w = await forecastWorld({ now: new Date('2026-01-20T12:00:00Z') });
  });

  for (const [name, point, gridId, timeZone, area] of PLACES) {
    test(`${name}: point, forecasts, gridpoint, stations, observation and alerts`, async () => {
      const p = (await w.get(`/points/${point}`)).body.properties;
      assert.equal(p.gridId, gridId);
      assert.equal(p.timeZone, timeZone);
      assert.match(p.forecastZone, new RegExp(`/zones/forecast/${area}Z\\d{3}$`));
      assert.match(p.county, new RegExp(`/zones/county/${area}C\\d{3}$`));
      const daily = await w.get(p.forecast.slice(BASE.length));
      assert.equal(daily.status, 200);
      assert.equal(daily.body.properties.periods.length, 14);
      const hourly = await w.get(p.forecastHourly.slice(BASE.length));
      assert.equal(hourly.status, 200);
      assert.equal(hourly.body.properties.periods.length, 48);
      // Local times carry the place's own offset (Alaska −09:00, Hawaii −10:00, Atlantic −04:00, Chamorro +10:00).
      const offset = {
        'America/Anchorage': '-09:00',
        'America/Juneau': '-09:00',
        'Pacific/Honolulu': '-10:00',
        'America/Puerto_Rico': '-04:00',
        'America/St_Thomas': '-04:00',
        'Pacific/Guam': '+10:00',
        'Pacific/Saipan': '+10:00',
      }[timeZone];
      assert.ok(
        hourly.body.properties.periods[0].startTime.endsWith(offset),
        hourly.body.properties.periods[0].startTime,
      );
      const grid = await w.get(p.forecastGridData.slice(BASE.length));
      assert.equal(grid.status, 200);
      const stations = await w.get(p.observationStations.slice(BASE.length));
      assert.equal(stations.status, 200);
      const first = stations.body.features[0];
      assert.ok(first, `${name}: a station near the cell`);
      const latest = await w.get(`/stations/${first.properties.stationIdentifier}/observations/latest`);
      assert.equal(latest.status, 200);
      assert.equal(typeof latest.body.properties.temperature.value, 'number');
      const alerts = await w.get(`/alerts/active?area=${area}`);
      assert.equal(alerts.status, 200);
      assert.equal(alerts.body.type, 'FeatureCollection');
    });
  }
});

test('a gridpoint on a grid that is not named after its office (AER) names its grid, and its office stays AFC', async () => {
  const { forecastWorld } = await import('../../support/forecast-http.ts');
  const w = await forecastWorld({ now: new Date('2026-07-15T18:20:00Z') });
  const point = (await w.get('/points/61.2181,-149.9003')).body.properties;
  assert.equal(point.gridId, 'AER');
  const grid = (await w.get(`/gridpoints/AER/${point.gridX},${point.gridY}`)).body.properties;
  assert.equal(grid.gridId, 'AER');
  assert.match(grid.forecastOffice, /\/offices\/AFC$/);
  assert.match(grid.forecast, /\/gridpoints\/AER\//);
  assert.equal(grid.forecastGridData, grid['@id']);
});
