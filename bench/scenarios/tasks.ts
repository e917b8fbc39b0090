// `npm run bench -- tasks`: the task API, Taskcast against the Express + SQLite peer.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { countTasks, createTask, prefill, signUp, SMALL_TASK_BODY } from '../lib/api.ts';
import { alternate, median, type AlternatingFigures, type Measurement, type Target } from '../lib/load.ts';
import {
  peerAvailability,
  peerSpec,
  sleep,
  taskcastSpec,
  type RunningServer,
  type ShutdownReport,
} from '../lib/servers.ts';
import { fmt, loggedMeasure } from '../lib/logged-measure.ts';
import { count2xx, ownFigure, versusOwnRun, versusPeer } from '../lib/rows.ts';
import type { BenchContext, ScenarioSet, SetReport, TargetRow } from '../lib/types.ts';

const LIST_SIZE = 20;
const BIG_STORE = 20_000;
const PREFILL_USERS = 4;
const TARGETS = { get: 3.5, post: 2.5, postKeyed: 0.9, postBig: 0.5, rssMb: 200 } as const;

const SCENARIO = {
  get: `GET /api/tasks (${LIST_SIZE} tasks)`,
  post: 'POST /api/tasks',
  postKeyed: 'POST /api/tasks with Idempotency-Key',
  postUnkeyed: 'POST /api/tasks without a key (unique X-Request-Id)',
  postBig: `POST /api/tasks @${BIG_STORE / 1000}k stored`,
  rss: `RSS @${BIG_STORE / 1000}k stored`,
} as const;

const MB = 1024 * 1024;

export const tasksSet: ScenarioSet = {
  name: 'tasks',
  description: 'Task API throughput against the Express + SQLite peer, POST with a large store, and memory.',
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, load, log, warn } = ctx;
    const measurements: Measurement[] = [];
    const shutdowns: Record<string, ShutdownReport> = {};
    const extra: Record<string, unknown> = { shutdowns };

    const bench = loggedMeasure(ctx, measurements);

    // Phase 1: both servers on fresh stores, GET then POST, each against Taskcast and the peer in turn.
    const taskcast = await lab.start(taskcastSpec(join(lab.tempDir('taskcast'), 'tasks.db')));
    log(`taskcast up at ${taskcast.origin} (pid ${taskcast.pid})`);
    let peer: RunningServer | null = null;
    const availability = peerAvailability();
    if (!availability.ok) {
      warn(`the peer will not run: ${availability.reason}\n  Reporting Taskcast's figures alone.`);
    } else {
      try {
        peer = await lab.start(peerSpec(join(lab.tempDir('peer'), 'tasks.db')));
        log(`peer up at ${peer.origin} (pid ${peer.pid})`);
      } catch (error) {
        warn(
          `the peer failed to start, reporting Taskcast's figures alone:\n  ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const servers = peer ? [taskcast, peer] : [taskcast];

    const get = new Map<string, Measurement>();
    for (const server of servers) {
      const user = await signUp(server.origin, 'list');
      for (let i = 0; i < LIST_SIZE; i++) await createTask(server.origin, user, i);
      const listed = await countTasks(server.origin, user);
      if (listed !== LIST_SIZE)
        throw new Error(`${server.label} lists ${listed} tasks for the list user, expected ${LIST_SIZE}`);
      get.set(
        server.label,
        await bench(SCENARIO.get, server, { url: `${server.origin}/api/tasks`, method: 'GET', headers: user.auth }),
      );
    }

    const post = new Map<string, Measurement>();
    for (const server of servers) {
      const user = await signUp(server.origin, 'post');
      post.set(
        server.label,
        await bench(SCENARIO.post, server, {
          url: `${server.origin}/api/tasks`,
          method: 'POST',
          headers: { 'content-type': 'application/json', ...user.auth },
          body: SMALL_TASK_BODY,
        }),
      );
    }
    // The "empty store" POST figure is taken while the store grows from ~LIST_SIZE tasks to this many.
    const tcPost = post.get('taskcast');
    extra['taskcastStoreAfterPostScenario'] = tcPost ? LIST_SIZE + count2xx(tcPost) : null;

    shutdowns['taskcast (phase 1)'] = await lab.stop(taskcast);
    if (peer) shutdowns['peer'] = await lab.stop(peer);

    // POST with a fresh Idempotency-Key each time against POST without a key, side by side. Each arm has a
    // fresh server of its own, so each pays exactly its own costs: the background compaction that a growing
    // store runs now and then (a keyed store also folds its keys) lands on the server that caused it rather
    // than on whichever round happens to be running, as it did when both arms shared one server. Rounds
    // alternate between the two. Both requests carry one header with a value no other request had (the plain
    // one an X-Request-Id that Taskcast ignores), because autocannon builds such requests one by one in
    // JavaScript on the same two cores, which alone costs a plain POST about 15% of its rate. The servers' CPU
    // per request is read too: it is the key's own cost, which the load generator cannot blur.
    const arms = [
      await lab.start({
        ...taskcastSpec(join(lab.tempDir('taskcast-unkeyed'), 'tasks.db')),
        label: 'taskcast (POST without a key)',
      }),
      await lab.start({
        ...taskcastSpec(join(lab.tempDir('taskcast-keyed'), 'tasks.db')),
        label: 'taskcast (POST with a key)',
      }),
    ] as const;
    // A fresh server generates its first alert cycle in the background; let that finish outside the rounds.
    for (const arm of arms)
      await (await fetch(`${arm.origin}/alerts`, { headers: { 'user-agent': 'taskcast-bench' } })).arrayBuffer();
    const postTarget = async (server: RunningServer, uniqueHeader: string): Promise<Target> => {
      const user = await signUp(server.origin, uniqueHeader);
      return {
        url: `${server.origin}/api/tasks`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...user.auth },
        body: SMALL_TASK_BODY,
        uniqueHeader,
      };
    };
    log(
      `  ${SCENARIO.postKeyed} against ${SCENARIO.postUnkeyed}, alternating rounds on two fresh servers (pids ${arms[0].pid}, ${arms[1].pid}) ...`,
    );
    const [unkeyed, keyed] = await alternate(
      [
        { label: SCENARIO.postUnkeyed, target: await postTarget(arms[0], 'x-request-id'), pid: arms[0].pid },
        { label: SCENARIO.postKeyed, target: await postTarget(arms[1], 'idempotency-key'), pid: arms[1].pid },
      ],
      load,
      (label, pass, rps, cpuUs) =>
        log(
          `    pass ${pass + 1} ${label.padEnd(48)} ${fmt(rps, 0).padStart(7)} req/s${cpuUs === null ? '' : `  server CPU ${fmt(cpuUs, 1)} µs/req`}`,
        ),
    );
    if (unkeyed!.non2xx + unkeyed!.errors + keyed!.non2xx + keyed!.errors > 0) {
      warn(`keyed/unkeyed POST: ${unkeyed!.non2xx + keyed!.non2xx} non-2xx, ${unkeyed!.errors + keyed!.errors} errors`);
    }
    extra['keyedPost'] = { unkeyed, keyed };
    shutdowns['taskcast (POST without a key)'] = await lab.stop(arms[0]);
    shutdowns['taskcast (POST with a key)'] = await lab.stop(arms[1]);

    // Phase 2: a fresh Taskcast with exactly BIG_STORE tasks, for POST and RSS.
    const bigDir = lab.tempDir('taskcast-20k');
    const dbPath = join(bigDir, 'tasks.db');
    const big = await lab.start(taskcastSpec(dbPath));
    log(`taskcast (fresh, for the ${BIG_STORE}-task store) up at ${big.origin} (pid ${big.pid})`);
    log(`  pre-filling ${BIG_STORE} tasks over ${PREFILL_USERS} users via the API ...`);
    const filled = await prefill(big.origin, BIG_STORE, PREFILL_USERS, load.connections);
    big.assertAlive('pre-fill');
    const storeBytes = storeFiles(bigDir);
    log(
      `  pre-filled in ${fmt(filled.seconds, 1)} s (${fmt(BIG_STORE / filled.seconds, 0)} tasks/s); store files ${JSON.stringify(storeBytes)} bytes`,
    );
    await sleep(1000);
    const memAt20k = big.memory();
    log(
      `  RSS with ${BIG_STORE} tasks stored: ${fmt(memAt20k.rss / MB, 1)} MB (peak so far ${fmt(memAt20k.hwm / MB, 1)} MB)`,
    );

    const bigUser = await signUp(big.origin, 'post20k');
    const postBig = await bench(SCENARIO.postBig, big, {
      url: `${big.origin}/api/tasks`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bigUser.auth },
      body: SMALL_TASK_BODY,
    });
    const memAfter = big.memory();
    extra['bigStore'] = {
      tasksPrefilled: BIG_STORE,
      prefillUsers: PREFILL_USERS,
      prefillSeconds: filled.seconds,
      storeFileBytesAfterPrefill: storeBytes,
      storeFileBytesAfterPostScenario: storeFiles(bigDir),
      rssBytesAt20k: memAt20k.rss,
      peakRssBytesAfterPrefill: memAt20k.hwm,
      rssBytesAfterPostScenario: memAfter.rss,
      peakRssBytesAfterPostScenario: memAfter.hwm,
      tasksStoredAfterPostScenario: BIG_STORE + count2xx(postBig),
    };
    shutdowns['taskcast (phase 2)'] = await lab.stop(big);
    for (const [label, s] of Object.entries(shutdowns)) {
      if (label.startsWith('taskcast') && (s.signal !== 'SIGTERM' || s.exitCode !== 0)) {
        warn(`${label} did not stop cleanly on SIGTERM: ${JSON.stringify(s)}`);
      }
    }

    // The summary.
    const rows: TargetRow[] = [];
    rows.push(versusPeer(SCENARIO.get, get.get('taskcast'), get.get('peer'), TARGETS.get));
    rows.push(versusPeer(SCENARIO.post, post.get('taskcast'), post.get('peer'), TARGETS.post));
    const keyedRps = median(keyed!.rps);
    const unkeyedRps = median(unkeyed!.rps);
    const keyedRatio = keyedRps / unkeyedRps;
    const cpu = (f: AlternatingFigures): string =>
      f.cpuUsPerRequest.length > 0 ? `${fmt(median(f.cpuUsPerRequest), 1)}` : '?';
    const clean = unkeyed!.non2xx + unkeyed!.errors + keyed!.non2xx + keyed!.errors === 0;
    rows.push({
      scenario: SCENARIO.postKeyed,
      unit: 'req/s',
      taskcast: keyedRps,
      peer: unkeyedRps,
      ratio: keyedRatio,
      ratioOf: SCENARIO.postUnkeyed,
      target: `≥ ${TARGETS.postKeyed}× POST without a key`,
      pass: clean ? keyedRatio >= TARGETS.postKeyed : false,
      note: `alternating rounds, keyed ${keyed!.rps.map((r) => fmt(r, 0)).join(', ')}; without ${unkeyed!.rps.map((r) => fmt(r, 0)).join(', ')}; server CPU ${cpu(keyed!)} against ${cpu(unkeyed!)} µs/req${clean ? '' : '; non-2xx/errors seen: figures invalid'}`,
    });
    rows.push(
      versusOwnRun(SCENARIO.postBig, postBig, tcPost, TARGETS.postBig, {
        ratioOf: 'Taskcast POST (empty store)',
        target: 'Taskcast empty',
      }),
    );
    const rssMb = memAt20k.rss / MB;
    rows.push(
      ownFigure(
        SCENARIO.rss,
        'MB',
        rssMb,
        { below: TARGETS.rssMb },
        `peak ${fmt(memAfter.hwm / MB, 0)} MB by the end of the POST@20k run, ~${fmt((BIG_STORE + count2xx(postBig)) / 1000, 0)}k tasks stored`,
      ),
    );
    return { rows, measurements, warnings: [], extra };
  },
};

/** Size of each file in the store's folder (the document, plus any journal or lock beside it). */
function storeFiles(dir: string): Record<string, number> {
  const sizes: Record<string, number> = {};
  for (const name of readdirSync(dir)) sizes[name] = statSync(join(dir, name)).size;
  return sizes;
}
