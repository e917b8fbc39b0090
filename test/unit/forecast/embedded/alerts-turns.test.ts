/** The alert cycle shared between threads (issue 21): offices taken in turn, or claimed out of turn. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newestFirst } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import {
  generateAlertsInSlices,
  generateAlertsInWorker,
  generateAlertsOffThread,
  generateAlertsOffThreadWith,
  type SpawnAlertWorker,
} from '../../../../adapters/forecast/embedded/alerts/generation/alert-generator.ts';
import {
  claimOffice,
  generateTakingTurns,
  newOfficeBoard,
  releaseOffices,
  takeNextOffice,
  wantOffice,
} from '../../../../adapters/forecast/embedded/alerts/generation/alert-turns.ts';
import {
  spawnAlertWorker,
  type AlertWorkerRun,
} from '../../../../adapters/forecast/embedded/alerts/generation/alert-worker-run.ts';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import { hasForecastGrid } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import type { AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { alertsInOneCall, catalogue, depsAt, SUMMER, SUMMER_CYCLE } from './alerts-zones-support.ts';

const cycle = SUMMER_CYCLE;
const deps = depsAt(SUMMER);
const offices = alertZonesByOffice(catalogue, (office) => hasForecastGrid(deps, office));
const some = offices.filter((zones) => ['TOP', 'ICT', 'GLD', 'DDC', 'OAX', 'EAX'].includes(zones[0]!.officeId));
// Workers are spawned as the generator spawns them: beside it.
const GENERATOR_URL = new URL(
  '../../../../adapters/forecast/embedded/alerts/generation/alert-generator.ts',
  import.meta.url,
).href;
const ids = (alerts: readonly AlertFeature[]) => alerts.map((a) => a.properties.id);

/** What one thread generates from `board`: the offices it took, in the order it took them, and their alerts. */
function takeTurns(board: SharedArrayBuffer): { taken: number[]; alerts: AlertFeature[] } {
  const taken: number[] = [];
  const alerts: AlertFeature[] = [];
  generateTakingTurns(some, cycle, board, (office, made) => {
    taken.push(office);
    alerts.push(...made);
  });
  return { taken, alerts: alerts.sort(newestFirst) };
}

test('a thread taking offices in turn generates those no other thread claimed, each once', () => {
  const alone = takeTurns(newOfficeBoard(some.length));
  assert.deepEqual(alone.taken, [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(ids(alone.alerts), ids(alertsInOneCall(some, cycle)), 'alone: the whole cycle');
  // Another thread has claimed offices 1 and 4 out of turn: this one generates the rest, then finds none left.
  const board = newOfficeBoard(some.length);
  const view = new Int32Array(board);
  assert.ok(claimOffice(view, 1) && claimOffice(view, 4));
  assert.equal(claimOffice(view, 4), false, 'a claim is had once');
  const rest = takeTurns(board);
  assert.deepEqual(rest.taken, [0, 2, 3, 5]);
  assert.deepEqual(
    ids(rest.alerts),
    ids(alertsInOneCall([some[0]!, some[2]!, some[3]!, some[5]!], cycle).sort(newestFirst)),
  );
  assert.deepEqual(takeTurns(board).taken, []);
  // Claims given back (their thread stopped before sending) are taken again.
  releaseOffices(view, [4]);
  assert.equal(takeNextOffice(view, { read: 0 }), 4);
  assert.equal(takeNextOffice(view, { read: 0 }), -1);
});

test('the offices requests wait for are taken first, each once, then the rest in order', () => {
  const board = newOfficeBoard(some.length);
  const view = new Int32Array(board);
  wantOffice(view, 4);
  wantOffice(view, 2);
  assert.ok(claimOffice(view, 2), 'the main thread has begun office 2 itself');
  const turns = takeTurns(board);
  assert.deepEqual(turns.taken, [4, 0, 1, 3, 5]);
  // A thread that starts later finds the queue and the order spent.
  wantOffice(view, 5);
  assert.equal(takeNextOffice(view, { read: 0 }), -1);
});

test('two workers on one board give the cycle one worker gives, each office once', { timeout: 120_000 }, async () => {
  const board = newOfficeBoard(some.length);
  const arrived: number[] = [];
  const alerts: AlertFeature[] = [];
  const runs = [1, 2].map(() =>
    spawnAlertWorker({ zonesByOffice: some, cycleHour: cycle, board }, GENERATOR_URL, (office, made) => {
      arrived.push(office);
      alerts.push(...made);
    }),
  );
  await Promise.all(runs.map((run) => run.done));
  assert.deepEqual([...arrived].sort(), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(alerts.sort(newestFirst), await generateAlertsInWorker(some, cycle).all);
});

test(
  'a worker takes the offices requests wait for first, in the order they were asked for',
  { timeout: 120_000 },
  async () => {
    const board = newOfficeBoard(some.length);
    wantOffice(new Int32Array(board), 5);
    wantOffice(new Int32Array(board), 3);
    const arrived: number[] = [];
    await spawnAlertWorker({ zonesByOffice: some, cycleHour: cycle, board }, GENERATOR_URL, (office) =>
      arrived.push(office),
    ).done;
    assert.deepEqual(arrived, [5, 3, 0, 1, 2, 4]);
  },
);

// The offices in an order whose last has alerts in the cycle: the first of them with any, moved to the end (on
// 2026-07-15 OAX and TOP have none since convective-climate.ts's June severe season), so an office asked for has
// every other office queued ahead of it.
const firstWithAlerts = some.findIndex((zones) => alertsInOneCall([zones], cycle).length > 0);
const lastAsked = [...some.filter((_, i) => i !== firstWithAlerts), some[firstWithAlerts]!];

for (const [how, generate] of [
  ['in slices', generateAlertsInSlices],
  ['in a worker', generateAlertsInWorker],
] as const) {
  test(
    `an office asked for (${how}) comes before the cycle, with the alerts the cycle holds for it`,
    { timeout: 120_000 },
    async () => {
      assert.ok(firstWithAlerts >= 0, 'an office with alerts in the cycle');
      const generation = generate(lastAsked, cycle);
      const last = lastAsked.length - 1;
      let cycleDone = false;
      void generation.all.then(() => (cycleDone = true));
      const office = await generation.office(last);
      // In turn it would come last, the cycle done with it: a turn of the event loop later, the offices ahead of it
      // are still being made (one a turn).
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (how === 'in slices') assert.equal(cycleDone, false, 'generated out of turn, before the offices ahead of it');
      const all = await generation.all;
      // The office's own alerts: its zones' and its storm-based warnings, which name counties, not zones.
      const officeId = lastAsked[last]![0]!.officeId;
      const ours = all.filter((alert) => alert.properties.parameters['AWIPSidentifier']?.[0]?.endsWith(officeId));
      assert.ok(office.length > 0, `${officeId} has alerts in the cycle`);
      assert.deepEqual([...office].sort(newestFirst), ours);
      assert.deepEqual([...office].sort(newestFirst), alertsInOneCall([lastAsked[last]!], cycle));
      // Asked again, or once the cycle is done, the same alerts.
      assert.equal(await generation.office(last), office);
      assert.deepEqual(
        ids([...(await generation.office(0))].sort(newestFirst)),
        ids(alertsInOneCall([lastAsked[0]!], cycle)),
      );
    },
  );
}

test(
  'an office that cannot be generated here fails its requests and the cycle, not the process',
  { timeout: 120_000 },
  async () => {
    // A zone that reads well once (as it is sent to the worker) and then breaks: the office is asked for at
    // once, so this thread generates it, long before the worker (started through tsx) is up.
    let reads = 0;
    const broken = Object.defineProperty({ ...some[0]![0]! }, 'lat', {
      enumerable: true,
      get() {
        if (reads++ > 0) throw new Error('a broken zone');
        return 39.3;
      },
    });
    const generation = generateAlertsInWorker([some[0]!, some[1]!, [broken]], cycle);
    // The cycle begun first, as a server begins it: the zone is read once as it is sent to the worker.
    const whole = generation.all;
    whole.catch(() => undefined);
    await assert.rejects(generation.office(2), /a broken zone/);
    await assert.rejects(whole, /1 offices never arrived/);
    assert.deepEqual(
      ids([...(await generation.office(0))].sort(newestFirst)),
      ids(alertsInOneCall([some[0]!], cycle)),
      'the offices made before stand',
    );
  },
);

test(
  'where no worker can start, the cycle and an office asked for come from slices here',
  { timeout: 120_000 },
  async () => {
    // A function cannot be sent to a worker (DataCloneError), so every worker fails to start.
    const unsendable = some.map((zones) => zones.map((zone) => ({ ...zone, describe: () => zone.name })));
    const generation = generateAlertsOffThread(unsendable, cycle);
    const office = generation.office(2);
    assert.deepEqual(ids(await generation.all), ids(alertsInOneCall(some, cycle).sort(newestFirst)));
    assert.deepEqual(ids([...(await office)].sort(newestFirst)), ids(alertsInOneCall([some[2]!], cycle)));
    await assert.rejects(generateAlertsInWorker(unsendable, cycle).all, /could not be cloned|DataCloneError/);
  },
);

test(
  'a worker lost part-way (out of memory, killed): the offices it never sent are made here, the cycle whole',
  { timeout: 120_000 },
  async () => {
    // The worker is stopped when its third office arrives, and that office's alerts are dropped with it: as
    // a worker out of memory (ERR_WORKER_OUT_OF_MEMORY) loses the office it was sending and those it had
    // claimed. Its first two offices stand; the others go back on the board for this thread's slices.
    let sent = 0;
    let stopped = false;
    const losing: SpawnAlertWorker = (job, moduleUrl, onOffice) => {
      const run: AlertWorkerRun = spawnAlertWorker(job, moduleUrl, (office, alerts) => {
        if (stopped) return;
        if (++sent === 3) {
          stopped = true;
          void run.terminate();
          return;
        }
        onOffice(office, alerts);
      });
      return run;
    };
    const all = await generateAlertsOffThreadWith(losing)(offices.slice(0, 12), cycle).all;
    assert.equal(sent, 3, 'the worker sent two offices, then was lost with the third');
    assert.deepEqual(all, alertsInOneCall(offices.slice(0, 12), cycle).sort(newestFirst));
  },
);

test(
  'offices asked for are generated here one per turn of the event loop, so other work interleaves',
  { timeout: 120_000 },
  async () => {
    // A chain of immediates counts the turns; the worker (started through tsx) is not up yet, so both
    // offices are generated on this thread.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const generation = generateAlertsInWorker(some, cycle);
    const at: number[] = [];
    await Promise.all([
      generation.office(4).then(() => at.push(turns)),
      generation.office(5).then(() => at.push(turns)),
    ]);
    counting = false;
    assert.equal(at.length, 2);
    assert.ok(at[1]! > at[0]!, `a turn passed between the two offices (turns ${at.join(', ')})`);
    await generation.all;
  },
);
