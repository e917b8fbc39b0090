import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTaskcast, ScenarioInvalid } from '../bootstrap/library.ts';

describe('the library\'s forecast object', () => {
  it('is absent from a task-only Taskcast', async () => {
    const taskcast = await createTaskcast({ storage: 'memory' });
    assert.equal(taskcast.forecast, undefined);
    await taskcast.close();
  });

  it('drives the forecast service in-process: setClock, loadScenario, clearScenario, fetch', async () => {
    const taskcast = await createTaskcast({ storage: 'memory', forecastProvider: 'embedded' });
    const forecast = taskcast.forecast!;
    try {
      assert.deepEqual(forecast.setClock('2026-05-20T21:10:00Z'), { now: '2026-05-20T21:10:00.000Z', rate: 0, controlled: true });
      const plain = await forecast.fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly');
      assert.equal(plain.status, 200);
      const body = await plain.json() as any;
      assert.equal(body.properties.updateTime, '2026-05-20T21:00:00+00:00');
      assert.match(JSON.stringify(body['@context']), /https:\/\/api\.weather\.gov\//, 'links keep the origin asked for');

      forecast.loadScenario({
        alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892], onset: 'now', ends: 'now+45m' }],
        weather: [{ area: { point: [39.7456, -97.0892], radiusKm: 30 }, from: 'now', to: 'now+3h', set: { precipitation: 'thunderstorms', probabilityOfPrecipitation: 90 } }],
      });
      const alerts = await (await forecast.fetch('https://api.weather.gov/alerts/active?point=39.7456,-97.0892')).json() as any;
      assert.ok(alerts.features.some((f: any) => f.properties.event === 'Tornado Warning'));
      const stormy = await (await forecast.fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly')).json() as any;
      assert.match(stormy.properties.periods[0].shortForecast, /Thunderstorms/);
      assert.throws(() => forecast.loadScenario({ faults: [{ path: 'nope', status: 500 }] }), (e: unknown) => e instanceof ScenarioInvalid && e.path === 'faults[0].path');

      forecast.clearScenario();
      assert.equal(await (await forecast.fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly')).text(), JSON.stringify(body));
      assert.equal(forecast.clock().now, '2026-05-20T21:10:00.000Z', 'still frozen');
    } finally {
      await taskcast.close();
    }
  });
});
