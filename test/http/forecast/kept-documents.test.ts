/**
 * A point's, the forecasts' and the alert lists' documents are kept per URL for the forecast clock's second
 * (adapters/http/forecast/kept-documents.ts). The answers must be the bytes the route gives without
 * keeping, whatever the clock and the scenario do: two apps over one container (so one provider, one set of
 * controls), one keeping and one not, asked the same things after every move.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { H3 } from 'h3';
import { silentLogger } from '../../../adapters/logging/logger.ts';
import type { ForecastProvider } from '../../../application/forecast/ports.ts';
import type { ScenarioControls } from '../../../adapters/forecast/control/forecast-controls.ts';
import { createContainer } from '../../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../../bootstrap/composition/http-app.ts';
import { TOKENS } from '../../../bootstrap/composition/tokens.ts';
import { FixedClock } from '../../support/fakes.ts';
import { UA } from '../../support/forecast-http.ts';

const AUTH = { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 };
/** Kansas (America/Chicago), Los Angeles, and New York: three local midnights. */
const POINTS = ['39.7456,-97.0892', '34.0522,-118.2437', '40.7128,-74.006'];

async function twoApps(clock: FixedClock) {
  const container = createContainer({ storage: 'memory', jwtSecret: 'kept-documents-secret-at-least-32-chars' });
  container.rebind(TOKENS.Clock).toConstantValue(clock);
  const kept = await buildHttpApp(container, { authBudgets: AUTH, log: silentLogger });
  const provider = await container.getAsync<ForecastProvider>(TOKENS.ForecastProvider);
  assert.equal(provider.followsControls, true, 'the embedded provider lets its documents be kept');
  // The same provider and use cases (singletons), seen by the second app as one that does not allow keeping.
  container
    .rebind(TOKENS.ForecastProvider)
    .toConstantValue(Object.create(provider, { followsControls: { value: false } }));
  const plain = await buildHttpApp(container, { authBudgets: AUTH, log: silentLogger });
  const controls = await container.getAsync<ScenarioControls>(TOKENS.ForecastControls);
  return { kept, plain, controls };
}

/** Status, headers but the correlation id, and body bytes, as text to compare. */
async function answer(app: H3, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<string> {
  const res = await app.fetch(
    new Request(`http://taskcast.test${path}`, { method, headers: { 'user-agent': UA, ...headers } }),
  );
  const lines = [...res.headers].filter(([name]) => name !== 'x-correlation-id').map(([n, v]) => `${n}: ${v}`);
  return [String(res.status), ...lines, Buffer.from(await res.arrayBuffer()).toString('base64')].join('\n');
}

test('kept documents answer the same bytes as the route, across clock moves and scenario changes', async () => {
  const clock = new FixedClock(new Date('2026-07-16T04:59:58.300Z'));
  const { kept, plain, controls } = await twoApps(clock);
  const paths = [
    ...POINTS.map((p) => `/points/${p}`),
    ...POINTS.map((p) => `/alerts/active?point=${p}`),
    '/alerts/active/area/KS',
    '/alerts/active/zone/KSZ009',
  ];
  for (const point of POINTS) {
    const res = await plain.fetch(
      new Request(`http://taskcast.test/points/${point}`, { headers: { 'user-agent': UA } }),
    );
    const forecast = new URL(((await res.json()) as { properties: { forecast: string } }).properties.forecast).pathname;
    paths.push(forecast, `${forecast}/hourly`, `${forecast}?units=si`, `/points/${point}/forecast`);
  }

  let compared = 0;
  const compare = async (step: string) => {
    for (const path of paths) {
      // The kept app asked twice: its first answer may work the document out, its second is a kept one.
      const first = await answer(kept, path);
      const again = await answer(kept, path);
      const expected = await answer(plain, path);
      assert.equal(first, expected, `${step}: ${path}`);
      assert.equal(again, expected, `${step}: ${path}, asked again`);
      assert.equal(
        await answer(kept, path, {}, 'HEAD'),
        await answer(plain, path, {}, 'HEAD'),
        `${step}: HEAD ${path}`,
      );
      const etag = expected
        .split('\n')
        .find((line) => line.startsWith('etag: '))!
        .slice('etag: '.length);
      const conditional = { 'if-none-match': etag };
      assert.equal(
        await answer(kept, path, conditional),
        await answer(plain, path, conditional),
        `${step}: 304 ${path}`,
      );
      compared++;
    }
  };

  await compare('start');
  clock.advance(400); // 04:59:58.700, the same second
  await compare('the same second');
  clock.advance(400); // 04:59:59.100: a forecast's max-age counts one down
  await compare('the next second');
  clock.advance(899); // 04:59:59.999
  await compare('the last millisecond of the hour');
  clock.advance(1); // 05:00:00.000: a new issuance hour, and midnight in Kansas (CDT)
  await compare('the hour turns, midnight in Kansas');
  clock.advance(2 * 3_600_000); // 07:00:00.000: midnight in Los Angeles (PDT)
  await compare('midnight in Los Angeles');
  controls.loadScenario({
    weather: [{ area: { state: 'KS' }, from: 'now', to: 'now+6h', set: { precipitation: 'snow', temperature: 20 } }],
    alerts: [{ event: 'Winter Storm Warning', area: 'KS' }],
    modelAlerts: false,
  });
  await compare('a scenario, in the same second');
  clock.advance(250);
  await compare('the scenario, later in the second');
  controls.clearScenario();
  await compare('the scenario cleared, in the same second');
  controls.setClock(new Date('2026-12-24T17:30:00.000Z'), 0);
  await compare('the clock set and frozen');
  clock.advance(5_000); // the process clock moves; the frozen forecast clock does not
  await compare('the frozen clock, seconds later');
  controls.setClock(new Date('2026-12-24T17:30:00.000Z'), 1);
  clock.advance(1_500);
  await compare('the clock running again');
  assert.equal(compared, 12 * paths.length);
});
