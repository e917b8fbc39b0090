import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseScenario } from '../adapters/forecast/control/scenario-schema.ts';
import { createTaskcast, ScenarioInvalid } from '../bootstrap/entry/library.ts';
import { docBlock, promisedOutput, runOnSources } from './support/doc-blocks.ts';

describe("the library's forecast object", () => {
  it('is absent from a task-only Taskcast', async () => {
    const taskcast = await createTaskcast({ storage: 'memory' });
    assert.equal(taskcast.forecast, undefined);
    await taskcast.close();
  });

  it('drives the forecast service in-process: setClock, loadScenario, clearScenario, fetch', async () => {
    const taskcast = await createTaskcast({ storage: 'memory', forecastProvider: 'embedded' });
    const forecast = taskcast.forecast;
    try {
      assert.deepEqual(forecast.setClock('2026-05-20T21:10:00Z'), {
        now: '2026-05-20T21:10:00.000Z',
        rate: 0,
        controlled: true,
      });
      const plain = await forecast.fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly');
      assert.equal(plain.status, 200);
      const body = await plain.json();
      assert.equal(body.properties.updateTime, '2026-05-20T21:00:00+00:00');
      assert.match(
        JSON.stringify(body['@context']),
        /https:\/\/api\.weather\.gov\//,
        'links keep the origin asked for',
      );

      forecast.loadScenario({
        alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892], onset: 'now', ends: 'now+45m' }],
        weather: [
          {
            area: { point: [39.7456, -97.0892], radiusKm: 30 },
            from: 'now',
            to: 'now+3h',
            set: { precipitation: 'thunderstorms', probabilityOfPrecipitation: 90 },
          },
        ],
      });
      const alerts = await (
        await forecast.fetch('https://api.weather.gov/alerts/active?point=39.7456,-97.0892')
      ).json();
      assert.ok(alerts.features.some((f: any) => f.properties.event === 'Tornado Warning'));
      const stormy = await (
        await forecast.fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly')
      ).json();
      assert.match(stormy.properties.periods[0].shortForecast, /Thunderstorms/);
      assert.throws(
        () => forecast.loadScenario({ faults: [{ path: 'nope', status: 500 }] }),
        (e: unknown) => e instanceof ScenarioInvalid && e.path === 'faults[0].path',
      );

      forecast.clearScenario();
      assert.equal(
        await (await forecast.fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast/hourly')).text(),
        JSON.stringify(body),
      );
      assert.equal(forecast.clock().now, '2026-05-20T21:10:00.000Z', 'still frozen');
    } finally {
      await taskcast.close();
    }
  });
});

describe('with the upstream provider', () => {
  it("refuses a scenario's alerts and weather (it relays, it cannot compute), and takes its faults", async () => {
    const taskcast = await createTaskcast({
      storage: 'memory',
      forecastProvider: 'upstream',
      upstream: {
        url: 'http://127.0.0.1:9',
        userAgent: 'tests (tests@example.com)',
        cacheMb: 1,
        timeoutMs: 100,
        staleMaxSeconds: 0,
      },
    });
    const forecast = taskcast.forecast;
    try {
      assert.throws(
        () => forecast.loadScenario({ alerts: [{ event: 'Tornado Warning', area: 'KS' }] }),
        (e: unknown) => e instanceof ScenarioInvalid && e.path === 'alerts',
      );
      assert.throws(
        () =>
          forecast.loadScenario({
            weather: [{ area: { state: 'KS' }, from: 'now', to: 'now+1h', set: { skyCover: 0 } }],
          }),
        (e: unknown) => e instanceof ScenarioInvalid && e.path === 'weather',
      );
      forecast.loadScenario({ faults: [{ path: '/points/*', html: true }] });
      const denied = await forecast.fetch('https://api.weather.gov/points/39.7456,-97.0892');
      assert.equal(denied.status, 403);
      assert.match(await denied.text(), /Access Denied/);
    } finally {
      await taskcast.close();
    }
  });
});

describe('the docs\' "Testing your weather app against Taskcast"', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const block = (name: string, lang: string) => docBlock(name, lang);

  it('scenario file is the tested fixture and fits the schema', () => {
    const scenario = JSON.parse(block('scenario-example', 'json'));
    assert.deepEqual(
      scenario,
      JSON.parse(readFileSync(join(root, 'test/fixtures/scenarios/tornado-in-topeka.json'), 'utf8')),
    );
    assert.equal(parseScenario(scenario).name, 'tornado-in-topeka');
  });

  it('library example runs as written and prints what it says', () => {
    const code = block('testing-example', 'ts');
    assert.deepEqual(runOnSources(code, 'readme-testing-example').trim().split('\n'), promisedOutput(code));
  });
});
