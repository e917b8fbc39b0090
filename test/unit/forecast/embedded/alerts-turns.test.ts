/** The alert cycle shared between workers (issue 21): offices taken in turn from one counter. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newestFirst } from '../../../../adapters/forecast/embedded/alert-generation.ts';
import { generateAlertsInWorker } from '../../../../adapters/forecast/embedded/alert-generator.ts';
import { generateTakingTurns, newOfficeCounter } from '../../../../adapters/forecast/embedded/alert-turns.ts';
import { spawnAlertWorker } from '../../../../adapters/forecast/embedded/alert-worker-run.ts';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alert-zone-source.ts';
import { hasForecastGrid } from '../../../../adapters/forecast/embedded/grid-cell.ts';
import { epochHourOf, generateAlerts, latestCycle, type AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { catalogue, depsAt, SUMMER } from './alerts-zones-support.ts';

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
});

test('two workers on one counter give the cycle one worker gives', { timeout: 120_000 }, async () => {
  const counter = newOfficeCounter();
  const runs = [1, 2].map(() => spawnAlertWorker({ zonesByOffice: some, cycleHour: cycle, counter }, GENERATOR_URL));
  const together = (await Promise.all(runs.map((run) => run.done))).flat().sort(newestFirst);
  assert.deepEqual(together, await generateAlertsInWorker(some, cycle));
});
