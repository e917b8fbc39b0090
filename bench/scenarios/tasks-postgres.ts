// `npm run bench -- tasks --storage postgres`: the task API on PostgreSQL against the Express + SQLite peer;
// POST with 1,000,000 tasks stored; one node against two on this machine, with where the CPU time goes.
//
// Env: BENCH_DATABASE_URL (an administrative URL; default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres).
// A database of its own is created for the run and dropped at the end.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { countTasks, createTask, signUp, SMALL_TASK_BODY } from '../lib/api.ts';
import { type LoadOptions, type Measurement, type Target } from '../lib/load.ts';
import { peerAvailability, peerSpec, taskcastSpec, type RunningServer } from '../lib/servers.ts';
import { loggedMeasure } from '../lib/logged-measure.ts';
import { count2xx, judged, versusOwnRun, versusPeer } from '../lib/rows.ts';
import type { BenchContext, ScenarioSet, SetReport, TargetRow } from '../lib/types.ts';

const LIST_SIZE = 20;
const BIG_STORE = 1_000_000;
const TARGETS = { get: 2, post: 1.5, postBig: 0.7 } as const;
const SCENARIO = {
  get: `GET /api/tasks (${LIST_SIZE} tasks)`,
  post: 'POST /api/tasks',
  getTwo: `GET /api/tasks (${LIST_SIZE}), 2 nodes`,
  postTwo: 'POST /api/tasks, 2 nodes',
  postBig: 'POST /api/tasks @1M stored',
} as const;

const adminUrl = (): string =>
  process.env['BENCH_DATABASE_URL'] ||
  process.env['TEST_DATABASE_URL'] ||
  'postgres://postgres@127.0.0.1:5432/postgres';

async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** CPU seconds (user + system) of a process and of every PostgreSQL server process, from /proc. */
function cpuSeconds(pids: readonly number[]): { nodes: number[]; postgres: number } {
  const tick = 100; // USER_HZ on Linux
  const of = (pid: number): { seconds: number; comm: string } | undefined => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { seconds: (Number(fields[11]) + Number(fields[12])) / tick, comm };
    } catch {
      return undefined;
    }
  };
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = of(Number(entry));
    if (p && (p.comm === 'postgres' || p.comm.startsWith('postgres:'))) postgres += p.seconds;
  }
  return { nodes: pids.map((pid) => of(pid)?.seconds ?? 0), postgres };
}

export const tasksPostgresSet: ScenarioSet = {
  name: 'tasks-postgres',
  description: 'The task API with STORAGE=postgres: against the peer, with 1M tasks stored, one node against two.',
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, load, log, warn } = ctx;
    const measurements: Measurement[] = [];
    const extra: Record<string, unknown> = {};
    const admin = adminUrl();
    const database = `taskcast_bench_${process.pid}`;
    await sql(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await sql(admin, `CREATE DATABASE ${database}`);
    const dbUrl = new URL(admin);
    dbUrl.pathname = `/${database}`;
    const url = dbUrl.href;
    log(`PostgreSQL database ${database} at ${dbUrl.host}`);
    const [version] = await sql<{ server_version: string }>(url, 'SHOW server_version');
    const [settings] = await sql<{ fsync: string; synchronous_commit: string }>(
      url,
      "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit",
    );
    extra['postgres'] = { version: version?.server_version, ...settings };
    log(
      `  server ${version?.server_version}, fsync=${settings?.fsync}, synchronous_commit=${settings?.synchronous_commit}`,
    );

    const startNode = async (): Promise<RunningServer> => {
      const spec = taskcastSpec(join(lab.tempDir('unused'), 'tasks.db'));
      return lab.start({
        ...spec,
        env: { ...spec.env, STORAGE: 'postgres', DATABASE_URL: url, DATABASE_POOL_SIZE: '16' },
      });
    };
    const bench = loggedMeasure(ctx, measurements);
    const postTarget = (origin: string, auth: Record<string, string>): Target => ({
      url: `${origin}/api/tasks`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: SMALL_TASK_BODY,
    });

    try {
      // Phase 1: one node, and the peer, on fresh stores.
      const a = await startNode();
      log(`taskcast (postgres) up at ${a.origin}`);
      let peer: RunningServer | null = null;
      const availability = peerAvailability();
      if (!availability.ok) warn(`the peer will not run: ${availability.reason}`);
      else peer = await lab.start(peerSpec(join(lab.tempDir('peer'), 'tasks.db')));
      const servers = peer ? [a, peer] : [a];

      const get = new Map<string, Measurement>();
      for (const server of servers) {
        const user = await signUp(server.origin, 'list');
        for (let i = 0; i < LIST_SIZE; i++) await createTask(server.origin, user, i);
        if ((await countTasks(server.origin, user)) !== LIST_SIZE) throw new Error(`${server.label}: wrong list size`);
        get.set(
          server.label,
          await bench(SCENARIO.get, server, { url: `${server.origin}/api/tasks`, method: 'GET', headers: user.auth }),
        );
      }
      const post = new Map<string, Measurement>();
      let cpuOne: Record<string, number> = {};
      for (const server of servers) {
        const user = await signUp(server.origin, 'post');
        const before = server === a ? cpuSeconds([a.pid]) : undefined;
        const m = await bench(SCENARIO.post, server, postTarget(server.origin, user.auth));
        post.set(server.label, m);
        if (server === a && before) {
          const after = cpuSeconds([a.pid]);
          cpuOne = { node: after.nodes[0]! - before.nodes[0]!, postgres: after.postgres - before.postgres };
          // Every 201 is a committed row: count them in the database (requests cut off when a round ends may
          // have been stored without their answer being counted, so there may be more rows, never fewer).
          const [row] = await sql<{ n: number }>(
            url,
            'SELECT count(*)::int AS n FROM tasks t JOIN users u ON u.id = t.user_id WHERE u.email = lower($1)',
            [user.email],
          );
          const acked = count2xx(m);
          extra['postCommitted'] = { acknowledged: acked, rowsInDatabase: row?.n };
          log(`  POST: ${acked} answered 201, ${row?.n} rows in the database`);
          if ((row?.n ?? 0) < acked) warn(`POST: ${acked} acknowledged but ${row?.n} rows stored`);
        }
      }
      if (peer) await lab.stop(peer);

      // Phase 2: a second node on the same database; the load is split between the two.
      const b = await startNode();
      log(`second node up at ${b.origin}`);
      const half: LoadOptions = { ...load, connections: Math.max(1, Math.floor(load.connections / 2)) };
      const listUser = await signUp(a.origin, 'list2');
      for (let i = 0; i < LIST_SIZE; i++) await createTask(a.origin, listUser, i);
      const getTwo = await Promise.all(
        [a, b].map((n) =>
          bench(SCENARIO.getTwo, n, { url: `${n.origin}/api/tasks`, method: 'GET', headers: listUser.auth }, half),
        ),
      );
      const postUser = await signUp(a.origin, 'post2');
      const before2 = cpuSeconds([a.pid, b.pid]);
      const postTwo = await Promise.all(
        [a, b].map((n) => bench(SCENARIO.postTwo, n, postTarget(n.origin, postUser.auth), half)),
      );
      const after2 = cpuSeconds([a.pid, b.pid]);
      const cpuTwo = {
        nodeA: after2.nodes[0]! - before2.nodes[0]!,
        nodeB: after2.nodes[1]! - before2.nodes[1]!,
        postgres: after2.postgres - before2.postgres,
      };
      extra['cpuSecondsDuringPost'] = {
        oneNode: cpuOne,
        twoNodes: cpuTwo,
        note: 'user+system CPU seconds over warm-up and rounds; postgres counts every PostgreSQL server process on the machine (other work using the server included); the load generator runs in the bench process',
      };
      await lab.stop(b);
      await lab.stop(a);

      // Phase 3: 1,000,000 tasks stored (written with SQL: through the API it would take many minutes).
      log(`  storing ${BIG_STORE.toLocaleString('en')} tasks over 100 users with INSERT ... SELECT ...`);
      const started = Date.now();
      await sql(
        url,
        `INSERT INTO users (id, name, email, password_hash)
        SELECT gen_random_uuid(), 'Bulk ' || g, 'bulk' || g || '@bench.example', 'x' FROM generate_series(1, 100) g`,
      );
      await sql(
        url,
        `INSERT INTO tasks (id, user_id, title, description, status, priority, due_date, created_at, updated_at)
        SELECT gen_random_uuid(), owners.ids[g % 100 + 1], 'Bulk task ' || g, NULL, 'pending', 'medium', NULL,
               timestamp '2026-01-01' + g * interval '1 second', timestamp '2026-01-01' + g * interval '1 second'
        FROM generate_series(1, ${BIG_STORE}) g,
             (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'bulk%@bench.example') owners`,
      );
      await sql(url, 'VACUUM ANALYZE tasks');
      // Write the bulk load's dirty pages out now, so that the checkpoint it would trigger does not land in
      // the middle of the measurement (needs a superuser or pg_checkpoint; skipped otherwise).
      await sql(url, 'CHECKPOINT').catch(() => log('  (CHECKPOINT not permitted; the measurement may meet one)'));
      const [count] = await sql<{ n: number }>(url, 'SELECT count(*)::int AS n FROM tasks');
      const [size] = await sql<{ s: string }>(url, "SELECT pg_size_pretty(pg_total_relation_size('tasks')) AS s");
      log(
        `  stored in ${((Date.now() - started) / 1000).toFixed(1)} s; ${count?.n} tasks, table and indexes ${size?.s}`,
      );
      extra['bigStore'] = { tasks: count?.n, tableAndIndexes: size?.s };
      const big = await startNode();
      const bigUser = await signUp(big.origin, 'post1m');
      const beforeBig = cpuSeconds([big.pid]);
      const postBig = await bench(SCENARIO.postBig, big, postTarget(big.origin, bigUser.auth));
      const afterBig = cpuSeconds([big.pid]);
      const cpuBig = {
        node: afterBig.nodes[0]! - beforeBig.nodes[0]!,
        postgres: afterBig.postgres - beforeBig.postgres,
      };
      await lab.stop(big);

      // CPU time per acknowledged POST: unlike req/s, it does not depend on how much of the machine other
      // work left to the servers, so it shows whether a figure moved because of Taskcast or because of the machine.
      const perRequest = (cpu: Record<string, number>, m: Measurement[]) => {
        const n = m.reduce((sum, x) => sum + count2xx(x), 0);
        return Object.fromEntries(
          Object.entries(cpu).map(([k, v]) => [k, n > 0 ? Number(((v * 1000) / n).toFixed(3)) : null]),
        );
      };
      const onePostM = post.get('taskcast');
      const cpuMsPerPost = {
        oneNodeEmpty: onePostM ? perRequest(cpuOne, [onePostM]) : null,
        twoNodes: perRequest(cpuTwo, postTwo),
        oneNodeAt1M: perRequest(cpuBig, [postBig]),
      };
      extra['cpuMsPerPost'] = cpuMsPerPost;
      log(`  CPU ms per acknowledged POST: ${JSON.stringify(cpuMsPerPost)}`);

      const rows: TargetRow[] = [];
      rows.push(versusPeer(SCENARIO.get, get.get('taskcast'), get.get('peer'), TARGETS.get));
      rows.push(versusPeer(SCENARIO.post, post.get('taskcast'), post.get('peer'), TARGETS.post));
      const onePost = post.get('taskcast');
      rows.push(
        versusOwnRun(
          SCENARIO.postBig,
          postBig,
          onePost,
          TARGETS.postBig,
          { ratioOf: 'POST, empty database', target: 'empty' },
          `CPU ms per POST, empty → 1M: node ${cpuMsPerPost.oneNodeEmpty?.['node']} → ${cpuMsPerPost.oneNodeAt1M['node']}, postgres ${cpuMsPerPost.oneNodeEmpty?.['postgres']} → ${cpuMsPerPost.oneNodeAt1M['postgres']}`,
        ),
      );
      const sum = (ms: Measurement[]) => ms.reduce((n, m) => n + m.reqPerSec, 0);
      const oneGet = get.get('taskcast');
      rows.push(
        judged(
          {
            scenario: SCENARIO.getTwo,
            unit: 'req/s',
            taskcast: sum(getTwo),
            peer: null,
            ratio: oneGet ? sum(getTwo) / oneGet.reqPerSec : null,
            ratioOf: 'one node',
            target: 'reported',
            pass: null,
            note: '2 cores shared by both nodes, PostgreSQL and the load generator',
          },
          getTwo,
        ),
      );
      rows.push(
        judged(
          {
            scenario: SCENARIO.postTwo,
            unit: 'req/s',
            taskcast: sum(postTwo),
            peer: null,
            ratio: onePost ? sum(postTwo) / onePost.reqPerSec : null,
            ratioOf: 'one node',
            target: 'reported',
            pass: null,
            note: `CPU s during POST: one node ${fmtCpu(cpuOne)}; two nodes ${fmtCpu(cpuTwo)}`,
          },
          postTwo,
        ),
      );
      return { rows, measurements, warnings: [], extra };
    } finally {
      await sql(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
    }
  },
};

const fmtCpu = (cpu: Record<string, number>): string =>
  Object.entries(cpu)
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');
