// `npm run bench -- request-path`: what each step Taskcast adds around every route costs (issue 41), as
// server CPU per request at a fixed, modest request rate, where a shared machine moves it least. Beside the
// full server: the same server with one step off at a time (bench/lib/step-server.ts), with all of them off,
// a bare node:http server answering the same recorded bytes and a minimal h3 app answering them
// (bench/lib/mirror-server.mjs). Every target takes its turn in each pass, the order reversed every other
// pass; the medians are compared.
//
// The figure of a target is its least CPU per request over the passes, not the median: other work on the
// machine only ever adds to it (a server descheduled mid-request finds its caches cold), so the least is
// the one nearest the server's own cost; the medians are kept in the JSON beside it.
//
// BENCH_RATE (requests per second, default 2000), BENCH_SECONDS, BENCH_ROUNDS (passes, default 3 × 2),
// BENCH_STEPS (a comma list of steps to measure; default all of them), BENCH_BEFORE (another work tree of
// Taskcast: its full server joins the passes as `before`, for a before/after in one run).
import { join } from 'node:path';
import { createTask, signUp } from '../lib/api.ts';
import { fire, median, processCpuNs, type Target } from '../lib/load.ts';
import { MAIN_DIR, BEFORE_DIR, BENCH_JWT_SECRET, type RunningServer } from '../lib/servers.ts';
import { writeFileSync } from 'node:fs';
import type { BenchContext, ScenarioSet, SetReport, TargetRow } from '../lib/types.ts';
import { places, record } from './limit.ts';

const LIST_SIZE = 20;
const PLACES = 16;
const CONNECTIONS = 8;
const HEADERS = { 'user-agent': 'taskcast-bench (bench/scenarios/request-path.ts)', accept: 'application/geo+json' };
/** The steps step-server.ts can switch off (see there). */
const STEPS = ['log', 'metrics', 'guard', 'drain', 'cors', 'refusal', 'faults'] as const;

interface Route {
  key: 'health' | 'list' | 'points';
  label: string;
  /** The target, its origin set per server. */
  target: (origin: string) => Target;
}

interface Server {
  key: string;
  label: string;
  running: RunningServer;
}

export const requestPathSet: ScenarioSet = {
  name: 'request-path',
  description:
    'Server CPU per request at a fixed rate: /health, GET /api/tasks, /points on Taskcast with each per-request step off in turn, beside a bare server and h3 alone.',
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, log, warn, load } = ctx;
    const rate = Number(process.env['BENCH_RATE'] ?? 2000);
    const steps = (process.env['BENCH_STEPS'] ?? STEPS.join(',')).split(',').filter((s) => s !== '') as Array<
      (typeof STEPS)[number]
    >;
    const variants: Array<{ key: string; label: string; off: string[] }> = [
      { key: 'full', label: 'Taskcast, every step', off: [] },
      ...steps.map((s) => ({ key: `-${s}`, label: `without ${s}`, off: [s] })),
      { key: 'none', label: 'Taskcast, all steps off', off: [...STEPS] },
    ];

    const before = BEFORE_DIR;
    if (before) variants.splice(1, 0, { key: 'before', label: `Taskcast at ${before}`, off: [] });
    const start = async (key: string, label: string, off: string[]): Promise<Server> => {
      const dir = lab.tempDir(`steps${key}`);
      const root = key === 'before' && before ? before : MAIN_DIR;
      const running = await lab.start({
        label,
        cwd: root,
        args: ['--import', 'tsx', join(root, 'bench/lib/step-server.ts')],
        env: {
          HOST: '127.0.0.1',
          DB_PATH: join(dir, 'tasks.db'),
          STORAGE: 'lowdb',
          JWT_SECRET: BENCH_JWT_SECRET,
          SIGNUPS_PER_ADDRESS: '0',
          LOGIN_FAILURES_PER_ADDRESS: '0',
          LOGIN_FAILURES_PER_ACCOUNT: '0',
          STEPS_OFF: off.join(','),
        },
        healthTimeoutMs: 180_000,
      });
      return { key, label, running };
    };
    // Started together: each loads the forecast data through tsx, tens of seconds on a busy machine.
    const taskcast: Server[] = await Promise.all(variants.map((v) => start(v.key, v.label, v.off)));

    // The data, on every Taskcast server alike: a user with 20 tasks (each store its own), 16 places.
    const listers = new Map<string, Record<string, string>>();
    for (const s of taskcast) {
      const user = await signUp(s.running.origin, 'steps-list');
      for (let i = 0; i < LIST_SIZE; i++) await createTask(s.running.origin, user, i);
      listers.set(s.running.origin, user.auth);
    }
    const { points } = await places(taskcast[0]!.running.origin, PLACES);
    const routes: Route[] = [
      { key: 'health', label: 'GET /health', target: (o) => ({ url: `${o}/health`, method: 'GET', headers: HEADERS }) },
      {
        key: 'list',
        label: `GET /api/tasks (${LIST_SIZE})`,
        target: (o) => ({
          url: `${o}/api/tasks`,
          method: 'GET',
          headers: { ...HEADERS, ...(listers.get(o) ?? listers.values().next().value) },
        }),
      },
      {
        key: 'points',
        label: `GET /points (${PLACES} places)`,
        target: (o) => ({ url: `${o}${points[0]}`, method: 'GET', headers: HEADERS, paths: points }),
      },
    ];

    // The bare server and h3 alone send the full server's answers, byte for byte.
    const answersFile = join(lab.tempDir('steps-mirror'), 'answers.json');
    writeFileSync(
      answersFile,
      JSON.stringify(await record(routes.map((r) => ({ target: r.target(taskcast[0]!.running.origin) })))),
    );
    const mirror = (via: string | undefined, key: string, label: string) =>
      lab
        .start({
          label,
          cwd: MAIN_DIR,
          args: [join(MAIN_DIR, 'bench/lib/mirror-server.mjs'), answersFile],
          env: via ? { MIRROR_VIA: via } : {},
        })
        .then((running): Server => ({ key, label, running }));
    const servers: Server[] = [
      await mirror(undefined, 'bare', 'bare node:http'),
      await mirror('h3', 'h3', 'h3 alone'),
      ...taskcast,
    ];

    // µs of server CPU per request, per route and server, one figure per pass.
    const cpu = new Map<string, number[]>();
    const id = (route: Route, server: Server) => `${route.key} ${server.key}`;
    const pairs = routes.flatMap((route) => servers.map((server) => ({ route, server })));
    const once = async (route: Route, server: Server, seconds: number) => {
      const before = processCpuNs(server.running.pid);
      const result = await fire(route.target(server.running.origin), {
        connections: CONNECTIONS,
        overallRate: rate,
        duration: seconds,
      });
      const after = processCpuNs(server.running.pid);
      if (result.non2xx > 0 || result.errors > 0)
        warn(`${server.label} ${route.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return before === null || after === null || result.requests.total === 0
        ? null
        : (after - before) / 1000 / result.requests.total;
    };
    for (const { route, server } of pairs) if (load.warmupSeconds > 0) await once(route, server, load.warmupSeconds);
    const passes = load.rounds * 2;
    for (let pass = 0; pass < passes; pass++) {
      const order = pass % 2 === 0 ? pairs : [...pairs].reverse();
      for (const { route, server } of order) {
        server.running.assertAlive('request-path');
        const us = await once(route, server, load.roundSeconds);
        if (us === null) continue;
        const key = id(route, server);
        cpu.set(key, [...(cpu.get(key) ?? []), us]);
      }
      log(`  pass ${pass + 1}/${passes} done`);
    }

    const at = (route: Route, key: string) => Math.min(...(cpu.get(`${route.key} ${key}`) ?? [Number.NaN]));
    const rows: TargetRow[] = [];
    const steps_: Record<string, Record<string, number>> = {};
    for (const route of routes) {
      const bare = at(route, 'bare');
      const h3 = at(route, 'h3');
      const full = at(route, 'full');
      const none = at(route, 'none');
      if (before) {
        const was = at(route, 'before');
        steps_[route.key] = { before: was };
        log(
          `\n  ${route.label}: before ${was.toFixed(1)} µs (${(bare / was).toFixed(2)} of bare), now ${full.toFixed(1)} (${(bare / full).toFixed(2)} of bare)`,
        );
      }
      log(
        `\n  ${route.label}: bare ${bare.toFixed(1)} µs, h3 alone ${h3.toFixed(1)} (${(bare / h3).toFixed(2)} of bare), ` +
          `Taskcast ${full.toFixed(1)} (${(bare / full).toFixed(2)} of bare), all steps off ${none.toFixed(1)}; ` +
          `framework ${(h3 - bare).toFixed(1)} µs, Taskcast beyond h3 ${(full - h3).toFixed(1)} µs, of which the steps ${(full - none).toFixed(1)}`,
      );
      steps_[route.key] = { ...steps_[route.key], bare, h3, full, none };
      for (const step of steps) {
        const without = at(route, `-${step}`);
        steps_[route.key]![step] = full - without;
        log(
          `    ${step.padEnd(8)} ${(full - without).toFixed(1).padStart(6)} µs  (without it ${without.toFixed(1)}, ${(bare / without).toFixed(2)} of bare)`,
        );
      }
      rows.push({
        scenario: `${route.label}: server CPU per request, bare server ÷ Taskcast`,
        unit: 'ms',
        taskcast: full / 1000,
        peer: bare / 1000,
        ratio: bare / full,
        ratioOf: 'bare server (CPU)',
        target: '≥ 0.8',
        pass: bare / full >= 0.8,
        note: `h3 alone ${h3.toFixed(1)} µs, all steps off ${none.toFixed(1)} µs; ${steps.map((s) => `${s} ${steps_[route.key]![s]!.toFixed(1)}`).join(', ')}`,
      });
    }
    return {
      rows,
      measurements: [],
      warnings: [],
      extra: {
        rate,
        connections: CONNECTIONS,
        points,
        cpuUsPerRequest: Object.fromEntries(cpu),
        medianCpuUsPerRequest: Object.fromEntries([...cpu].map(([k, v]) => [k, median(v)])),
        medians: steps_,
      },
      columns: { value: 'Taskcast (ms CPU)', reference: 'bare (ms CPU)' },
    };
  },
};
