/**
 * The double's controls in JavaScript hold to the same rule as PUT /_taskcast/clock, and reset() restores
 * the state the options made.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createWeatherGovFetch, ClockSettingInvalid } from '../../bootstrap/entry/fetch.ts';
import { createTaskcast } from '../../bootstrap/entry/library.ts';
import { forecastWorld } from '../support/forecast-http.ts';

const TOKEN = 'admin-token-for-tests-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

/** What setClock(now, rate) must refuse, and the member at fault. */
const REFUSED: [now: unknown, rate: unknown, path: string][] = [
  ['2026-05-20T21:00:00Z', 2, 'rate'],
  ['2026-05-20T21:00:00Z', -1, 'rate'],
  ['2026-05-20T21:00:00Z', Number.NaN, 'rate'],
  ['2026-05-20T21:00:00Z', '1', 'rate'],
  ['2026-05-20', 0, 'now'],
  ['yesterday', 0, 'now'],
  [new Date(Number.NaN), 0, 'now'],
  // Days the calendar lacks: Date.parse rolls them over to March 2 and March 1.
  ['2026-02-30T21:00:00Z', 0, 'now'],
  ['2026-02-29T21:00:00Z', 0, 'now'],
  ['2026-04-31T21:00:00-05:00', 0, 'now'],
  // Years whose forecasts cannot be written: local mean time's offsets in seconds, years of fewer or more digits.
  ['0001-01-01T00:00:00Z', 0, 'now'],
  ['1850-06-01T12:00:00Z', 0, 'now'],
  ['9999-12-31T23:00:00Z', 0, 'now'],
];

describe('setClock', () => {
  it('refuses in JavaScript what PUT /_taskcast/clock refuses, with the same message', async () => {
    const nwsFetch = await createWeatherGovFetch({ now: '2026-05-20T21:00:00Z' });
    const world = await forecastWorld({ adminToken: TOKEN });
    for (const [now, rate, path] of REFUSED) {
      let thrown: unknown;
      try {
        nwsFetch.setClock(now as string, rate as 0);
      } catch (error) {
        thrown = error;
      }
      assert.ok(
        thrown instanceof ClockSettingInvalid,
        `setClock(${String(now)}, ${String(rate)}) threw ${String(thrown)}`,
      );
      assert.equal(thrown.path, path);
      if (!(now instanceof Date)) {
        const answer = await world.send('PUT', '/_taskcast/clock', { now, rate }, auth);
        assert.equal(answer.status, 400, `PUT ${JSON.stringify({ now, rate })}`);
        assert.equal(answer.body.path, path);
        assert.equal(answer.body.detail ?? answer.body.message ?? answer.body.title, thrown.message);
      }
    }
    assert.deepEqual(nwsFetch.clock(), { now: '2026-05-20T21:00:00.000Z', rate: 0, controlled: true }, 'unchanged');
    await nwsFetch.close();
  });

  it('takes a Date or an instant with a zone, and rate 0 or 1', async () => {
    const taskcast = await createTaskcast({ storage: 'memory', forecastProvider: 'embedded', lazyForecastData: true });
    assert.equal(taskcast.forecast.setClock(new Date('2026-05-20T21:00:00Z')).now, '2026-05-20T21:00:00.000Z');
    assert.equal(taskcast.forecast.setClock('2026-05-20T16:00:00-05:00', 1).rate, 1);
    assert.equal(taskcast.forecast.setClock('2028-02-29T12:00:00Z').now, '2028-02-29T12:00:00.000Z', 'a leap day');
    assert.equal(taskcast.forecast.setClock('1913-01-01T00:00:00Z').now, '1913-01-01T00:00:00.000Z');
    assert.equal(taskcast.forecast.setClock('9998-12-31T23:00:00Z').now, '9998-12-31T23:00:00.000Z');
    assert.throws(() => taskcast.forecast.setClock('2026-05-20T21:00:00Z', 2 as 1), ClockSettingInvalid);
    await taskcast.close();
  });
});

describe('reset()', () => {
  it("restores the options' clock and scenario, with fault counts afresh", async () => {
    const nwsFetch = await createWeatherGovFetch({
      now: '2026-05-20T21:00:00Z',
      scenario: { faults: [{ path: '/offices/*', status: 503, count: 1 }] },
    });
    assert.equal((await nwsFetch('/offices/TOP')).status, 503);
    assert.equal((await nwsFetch('/offices/TOP')).status, 200, 'the fault was counted');
    nwsFetch.setClock('2026-07-01T00:00:00Z', 1);
    nwsFetch.loadScenario({ alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
    assert.deepEqual(nwsFetch.reset(), { now: '2026-05-20T21:00:00.000Z', rate: 0, controlled: true });
    assert.equal((await nwsFetch('/offices/TOP')).status, 503, "the options' scenario, its count afresh");
    const alerts = await (await nwsFetch('/alerts/active?point=39.7456,-97.0892')).json();
    assert.ok(
      !alerts.features.some((f: { properties: { event: string } }) => f.properties.event === 'Tornado Warning'),
    );
    await nwsFetch.close();
  });

  it('without options, puts the clock back on the real time', async () => {
    const nwsFetch = await createWeatherGovFetch();
    nwsFetch.setClock('2026-05-20T21:00:00Z');
    const state = nwsFetch.reset();
    assert.equal(state.controlled, false);
    assert.ok(Math.abs(Date.parse(state.now) - Date.now()) < 5000);
    await nwsFetch.close();
  });
});
