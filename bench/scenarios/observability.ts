// `npm run bench -- observability`: what the request log lines and the metrics cost GET /api/tasks.
// The same server three times over, on one machine at once: everything off (LOG_LEVEL=warn, METRICS=off),
// metrics only, and the defaults (a JSON line per request at info, metrics on). Rounds alternate between
// them (ABC, CBA, ...) so that the noise of a shared machine falls on each alike; the medians are compared.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { countTasks, createTask, signUp } from '../lib/api.ts';
import { fire, median } from '../lib/load.ts';
import { taskcastSpec, type RunningServer } from '../lib/servers.ts';
import type { BenchContext, ScenarioSet, SetReport, TargetRow } from '../lib/types.ts';

const LIST_SIZE = 20;
/** Logging and metrics together may cost at most this share of GET /api/tasks throughput (issue 17). */
const MAX_COST = 0.1;

const VARIANTS = [
  { label: 'off', env: { LOG_LEVEL: 'warn', METRICS: 'off' } },
  { label: 'metrics', env: { LOG_LEVEL: 'warn', METRICS: 'on' } },
  { label: 'logs+metrics', env: { LOG_LEVEL: 'info', METRICS: 'on', LOG_FORMAT: 'json' } },
] as const;

export const observabilitySet: ScenarioSet = {
  name: 'observability',
  description: `GET /api/tasks (${LIST_SIZE} tasks) with request logs and metrics on, metrics only, and both off, side by side (target: under ${MAX_COST * 100}% cost).`,
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, load, log } = ctx;
    const servers: Array<{
      label: string;
      server: RunningServer;
      target: Parameters<typeof fire>[0];
      logFile: string;
      rps: number[];
    }> = [];
    for (const variant of VARIANTS) {
      const dir = lab.tempDir(variant.label.replace('+', '-'));
      const spec = taskcastSpec(join(dir, 'tasks.db'));
      // Lines go to a file, as a container runtime or a log shipper would take them, not through this process.
      const logFile = join(dir, 'stdout.log');
      const server = await lab.start({
        ...spec,
        label: `taskcast ${variant.label}`,
        env: { ...spec.env, ...variant.env },
        stdoutFile: logFile,
      });
      const user = await signUp(server.origin, 'list');
      for (let i = 0; i < LIST_SIZE; i++) await createTask(server.origin, user, i);
      if ((await countTasks(server.origin, user)) !== LIST_SIZE)
        throw new Error(`${variant.label}: the list user does not have ${LIST_SIZE} tasks`);
      servers.push({
        label: variant.label,
        server,
        target: { url: `${server.origin}/api/tasks`, method: 'GET', headers: user.auth },
        logFile,
        rps: [],
      });
      log(`${server.label} up at ${server.origin} (pid ${server.pid})`);
    }

    for (const s of servers)
      if (load.warmupSeconds > 0) await fire(s.target, { connections: load.connections, duration: load.warmupSeconds });
    // Twice the usual rounds, since each is compared with its neighbours; order reversed every other pass.
    const passes = load.rounds * 2;
    for (let pass = 0; pass < passes; pass++) {
      const order = pass % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) {
        s.server.assertAlive('observability');
        const result = await fire(s.target, { connections: load.connections, duration: load.roundSeconds });
        if (result.non2xx > 0 || result.errors > 0)
          ctx.warn(`${s.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
        s.rps.push(result.requests.average);
        log(
          `    pass ${pass + 1}/${passes} ${s.label.padEnd(13)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p99 ${result.latency.p99} ms`,
        );
      }
    }

    const off = servers[0]!;
    const offMedian = median(off.rps);
    const rows: TargetRow[] = servers.map((s) => {
      const m = median(s.rps);
      const ratio = m / offMedian;
      const judged = s.label === 'logs+metrics';
      return {
        scenario: `GET /api/tasks, ${s.label}`,
        unit: 'req/s',
        taskcast: m,
        peer: s === off ? null : offMedian,
        ratio: s === off ? null : ratio,
        ratioOf: s === off ? null : 'both off',
        target: judged ? `≥ ${1 - MAX_COST}× off` : '–',
        pass: judged ? ratio >= 1 - MAX_COST : null,
        note: `rounds ${s.rps.map((r) => r.toFixed(0)).join(', ')}; log ${(statSync(s.logFile).size / 1024 / 1024).toFixed(1)} MB`,
      };
    });
    return {
      rows,
      measurements: [],
      warnings: [],
      extra: Object.fromEntries(servers.map((s) => [s.label, { rounds: s.rps, logBytes: statSync(s.logFile).size }])),
      columns: { value: 'Taskcast', reference: 'both off' },
    };
  },
};
