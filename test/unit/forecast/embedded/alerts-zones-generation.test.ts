import assert from 'node:assert/strict';
import { test } from 'node:test';
import { AlertCycles } from '../../../../adapters/forecast/embedded/alerts/alert-cycles.ts';
import { newestFirst } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import {
  generateAlertsInSlices,
  generateAlertsInWorker,
  generateAlertsOffThread,
  type AlertGeneration,
  type AlertGenerator,
} from '../../../../adapters/forecast/embedded/alerts/generation/alert-generator.ts';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import { officeByline, officeSignature } from '../../../../adapters/forecast/embedded/offices/office-sender-name.ts';
import {
  epochHourToMs,
  type AlertFeature,
  type AlertZone,
} from '../../../../adapters/forecast/embedded/weather/index.ts';
import { alertsInOneCall, catalogue, SUMMER_CYCLE } from './alerts-zones-support.ts';
import { until } from '../../../support/until.ts';

const cycle = SUMMER_CYCLE;
const offices = alertZonesByOffice(catalogue);

test('zones are grouped by office with SAME codes, and every office signs with its state', () => {
  assert.ok(offices.length >= 120);
  const top = offices.find((zones) => zones[0]?.officeId === 'TOP')!;
  assert.equal(top[0]!.officeName, 'Topeka KS');
  assert.ok(
    top.every((z) => z.officeId === 'TOP' && z.sameCodes!.length > 0 && z.sameCodes!.every((c) => /^0\d{5}$/.test(c))),
  );
  for (const office of catalogue.offices.values())
    assert.match(officeSignature(office), /^.+ [A-Z]{2}$|^Northern Indiana$/, office.id);
});

test("offices sign as recorded alerts do, not with the office list's name", () => {
  const signed = (id: string) => officeSignature(catalogue.offices.get(id)!);
  assert.equal(signed('OKX'), 'Upton NY');
  assert.equal(signed('BOU'), 'Denver CO');
  assert.equal(signed('LIX'), 'New Orleans LA');
  assert.equal(signed('GUM'), 'Tiyan GU');
  assert.equal(signed('EPZ'), 'El Paso Tx/Santa Teresa NM');
  // A text product's byline is not always the alerts' signature.
  const byline = (id: string) => officeByline(catalogue.offices.get(id)!);
  assert.equal(byline('OKX'), 'New York NY');
  assert.equal(byline('BOU'), 'Denver/Boulder CO');
  assert.equal(byline('TOP'), 'Topeka KS');
});

test('office by office, in a worker or in slices, the result is the nationwide one', async () => {
  const some = offices.filter((zones) => ['TOP', 'ICT', 'GLD', 'DDC'].includes(zones[0]!.officeId));
  const direct = alertsInOneCall(some, cycle);
  const viaWorker = await generateAlertsInWorker(some, cycle).all;
  assert.deepEqual(await generateAlertsOffThread(some, cycle).all, direct);
  const viaSlices = await generateAlertsInSlices(some, cycle).all;
  assert.deepEqual(viaWorker, direct);
  assert.deepEqual(viaSlices, direct);
  assert.deepEqual([...direct].sort(newestFirst), direct);
});

/** A generation whose cycle is `all`, and each office's alerts those of the cycle naming it (none here). */
function generation(all: Promise<AlertFeature[]>): AlertGeneration {
  return { all, office: async () => (await all, []) };
}

function counting(): { generate: AlertGenerator; calls: number[] } {
  const calls: number[] = [];
  return {
    calls,
    generate: (_zones: ArrayLike<readonly AlertZone[]>, hour: number) => {
      calls.push(hour);
      return generation(new Promise((r) => setTimeout(() => r([]), 5)));
    },
  };
}

test('a cycle is generated once however many requests wait for it', async () => {
  const { generate, calls } = counting();
  const cycles = new AlertCycles(() => [], generate);
  const now = epochHourToMs(cycle) + 60_000;
  const sets = await Promise.all([cycles.current(now), cycles.current(now), cycles.current(now + 3_600_000)]);
  assert.deepEqual(calls, [cycle]);
  assert.equal(sets[0], sets[2]);
  assert.equal(sets[0].issuedMs, epochHourToMs(cycle));
});

test('the next cycle is generated ahead during the last hour, and the previous one is kept for lookups', async () => {
  const { generate, calls } = counting();
  const cycles = new AlertCycles(() => [], generate);
  const lastHour = epochHourToMs(cycle + 12) - 30 * 60_000;
  await cycles.current(lastHour);
  await until(() => calls.length >= 2, 'the next cycle generated ahead');
  assert.deepEqual(calls, [cycle, cycle + 12]);
  const after = await cycles.current(epochHourToMs(cycle + 12) + 1);
  assert.equal(after.cycleHour, cycle + 12);
  assert.deepEqual(calls, [cycle, cycle + 12]);
  assert.equal((await cycles.previous(epochHourToMs(cycle + 12) + 1))?.cycleHour, cycle);
});

test('a failed generation is retried by the next request', async () => {
  let fail = true;
  const cycles = new AlertCycles(
    () => [],
    () => generation(fail ? Promise.reject(new Error('boom')) : Promise.resolve([])),
  );
  const now = epochHourToMs(cycle) + 60_000;
  await assert.rejects(cycles.current(now), /boom/);
  fail = false;
  assert.equal((await cycles.current(now)).items.length, 0);
});
