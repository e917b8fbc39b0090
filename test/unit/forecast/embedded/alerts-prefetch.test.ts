/**
 * The alert cycle shared between workers (issue 21): offices taken in turn from one counter, and the
 * start-up prefetch that `npm start` begins before the server loads, taken over by the generator when it
 * is for the same cycle and the same zones.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newestFirst } from '../../../../adapters/forecast/embedded/alert-generation.ts';
import { generateAlertsInWorker } from '../../../../adapters/forecast/embedded/alert-generator.ts';
import { startAlertPrefetch, takeAlertPrefetch } from '../../../../adapters/forecast/embedded/alert-prefetch.ts';
import { generateTakingTurns, newOfficeCounter, takeAllTurns } from '../../../../adapters/forecast/embedded/alert-turns.ts';
import { spawnAlertWorker } from '../../../../adapters/forecast/embedded/alert-worker-run.ts';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alert-zone-source.ts';
import { shippedAlertZones } from '../../../../adapters/forecast/embedded/alert-zones-shipped.ts';
import { hasForecastGrid } from '../../../../adapters/forecast/embedded/grid-cell.ts';
import { epochHourOf, generateAlerts, latestCycle, type AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { catalogue, depsAt, SUMMER, WINTER } from './alerts-zones-support.ts';

const cycle = latestCycle(epochHourOf(Date.parse(SUMMER)));
const deps = depsAt(SUMMER);
const offices = alertZonesByOffice(catalogue, (office) => hasForecastGrid(deps, office));
const some = offices.filter((zones) => ['TOP', 'ICT', 'GLD', 'DDC', 'OAX', 'EAX'].includes(zones[0]!.officeId));
// Workers are spawned as the generator spawns them: beside it.
const GENERATOR_URL = new URL('../../../../adapters/forecast/embedded/alert-generator.ts', import.meta.url).href;
const ids = (alerts: readonly AlertFeature[]) => alerts.map((a) => a.properties.id);

test('a thread taking offices in turn generates those no other thread took, each once', () => {
  const direct = generateAlerts({ zones: some.flat(), nowHour: cycle, baseUrl: '' });
  assert.deepEqual(ids(generateTakingTurns(some, cycle, newOfficeCounter()).sort(newestFirst)), ids(direct), 'alone: the whole cycle');
  // Another thread has taken the first two offices: this one generates the rest, and then finds none left.
  const counter = newOfficeCounter();
  Atomics.store(new Int32Array(counter), 0, 2);
  const rest = generateTakingTurns(some, cycle, counter);
  assert.deepEqual(ids(rest.sort(newestFirst)), ids(generateAlerts({ zones: some.slice(2).flat(), nowHour: cycle, baseUrl: '' })));
  assert.deepEqual(generateTakingTurns(some, cycle, counter), []);
  // A counter whose turns were all taken (the cycle came from the cache) leaves nothing to do.
  const spent = newOfficeCounter();
  takeAllTurns(spent);
  assert.deepEqual(generateTakingTurns(some, cycle, spent), []);
});

test('two workers on one counter give the cycle one worker gives', { timeout: 120_000 }, async () => {
  const counter = newOfficeCounter();
  const runs = [1, 2].map(() => spawnAlertWorker({ zonesByOffice: some, cycleHour: cycle, counter }, GENERATOR_URL));
  const shares = await Promise.all(runs.map((run) => run.done));
  const together = shares.flatMap((share) => share as AlertFeature[]).sort(newestFirst);
  assert.deepEqual(together, await generateAlertsInWorker(some, cycle));
});

test('the generator takes over the start-up prefetch of its cycle, and the result is the cycle', { timeout: 180_000 }, async () => {
  const zones = shippedAlertZones();
  assert.deepEqual(zones, offices, 'the worker reads the zones the provider derives from its deps');
  const prefetch = startAlertPrefetch({ FORECAST_NOW: SUMMER }, 0);
  assert.ok(prefetch, 'started for the embedded provider');
  assert.equal(prefetch.cycleHour, cycle);
  const alerts = await generateAlertsInWorker(zones, cycle, { urgent: true });
  assert.equal(takeAlertPrefetch(cycle), undefined, 'taken over (handed out once)');
  assert.ok(alerts.length > 0);
  // The prefetch's own share is in the result: it took offices from the counter the generator used.
  assert.ok(Atomics.load(new Int32Array(prefetch.counter), 0) >= zones.length, 'the counter was spent');
  const some = new Set(['TOP', 'ICT']);
  const expected = generateAlerts({ zones: zones.filter((z) => some.has(z[0]!.officeId)).flat(), nowHour: cycle, baseUrl: '' });
  assert.deepEqual(ids(alerts.filter((a) => expected.some((e) => e.properties.id === a.properties.id))), ids(expected), 'TOP and ICT as generated directly');
});

test('a prefetch of another cycle, or for another provider, is not used', async () => {
  assert.equal(startAlertPrefetch({ FORECAST_PROVIDER: 'upstream' }, Date.parse(SUMMER)), undefined);
  assert.equal(startAlertPrefetch({ FORECAST_NOW: 'not a date' }, Date.parse(SUMMER)), undefined);
  assert.equal(startAlertPrefetch({ TASKCAST_ALERT_PREFETCH: 'off' }, Date.parse(SUMMER)), undefined);
  const prefetch = startAlertPrefetch({ FORECAST_NOW: WINTER }, 0)!;
  assert.equal(takeAlertPrefetch(cycle), undefined, 'the winter prefetch is stopped, not handed out for a summer cycle');
  await assert.rejects(prefetch.run.done, /exited|terminated/);
  assert.equal(takeAlertPrefetch(latestCycle(epochHourOf(Date.parse(WINTER)))), undefined, 'and forgotten');
});
