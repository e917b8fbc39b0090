// `npm run bench -- tasks-logins`: POST /api/tasks latency while 32 logins run at once. bcrypt runs on
// libuv's thread pool, the same pool as the journal's fdatasync; a burst of logins must not make every
// durable write wait behind the hashes.
import { join } from 'node:path';
import { SMALL_TASK_BODY, signUp } from '../lib/api.ts';
import { fire } from '../lib/load.ts';
import { taskcastSpec } from '../lib/servers.ts';
import type { BenchContext, ScenarioSet, SetReport } from '../lib/types.ts';

const LOGIN_CONNECTIONS = 32;
const POST_CONNECTIONS = 4;
const GOAL_P99_MS = 50;

export const tasksLoginsSet: ScenarioSet = {
  name: 'tasks-logins',
  description: `POST /api/tasks p99 and max latency, alone and while ${LOGIN_CONNECTIONS} logins run at once (goal: p99 under ${GOAL_P99_MS} ms).`,
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, load, log } = ctx;
    const server = await lab.start(taskcastSpec(join(lab.tempDir('taskcast'), 'tasks.db')));
    log(`taskcast up at ${server.origin} (pid ${server.pid})`);
    const writer = await signUp(server.origin, 'writer');
    const loginUser = await signUp(server.origin, 'login');
    const post = {
      url: `${server.origin}/api/tasks`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', ...writer.auth },
      body: SMALL_TASK_BODY,
    };
    const seconds = load.roundSeconds * load.rounds;

    log(`  POST alone, ${POST_CONNECTIONS} connections, ${seconds} s ...`);
    const alone = await fire(post, { connections: POST_CONNECTIONS, duration: seconds });
    log(`  POST while ${LOGIN_CONNECTIONS} logins run, ${seconds} s ...`);
    const logins = fire(
      {
        url: `${server.origin}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: loginUser.email, password: 'bench-password-1' }),
      },
      { connections: LOGIN_CONNECTIONS, duration: seconds + 2 },
    );
    await new Promise((r) => setTimeout(r, 1000)); // let the logins fill the pool first
    const contended = await fire(post, { connections: POST_CONNECTIONS, duration: seconds });
    const loginResult = await logins;
    server.assertAlive('tasks-logins');

    const row = (label: string, r: typeof alone) => ({
      scenario: `POST /api/tasks p99, ${label}`,
      unit: 'req/s' as const,
      taskcast: r.requests.average,
      peer: null,
      ratio: null,
      ratioOf: null,
      target: label === 'alone' ? '–' : `p99 < ${GOAL_P99_MS} ms`,
      pass: label === 'alone' ? null : r.latency.p99 < GOAL_P99_MS,
      note: `p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms, non-2xx ${r.non2xx}`,
    });
    log(
      `  logins: ${loginResult.requests.average.toFixed(0)} req/s, p99 ${loginResult.latency.p99} ms, non-2xx ${loginResult.non2xx}`,
    );
    return {
      rows: [row('alone', alone), row(`with ${LOGIN_CONNECTIONS} logins`, contended)],
      measurements: [],
      warnings: [],
      extra: {
        alone: { p50: alone.latency.p50, p99: alone.latency.p99, max: alone.latency.max, rps: alone.requests.average },
        contended: {
          p50: contended.latency.p50,
          p99: contended.latency.p99,
          max: contended.latency.max,
          rps: contended.requests.average,
        },
        logins: { rps: loginResult.requests.average, p99: loginResult.latency.p99, non2xx: loginResult.non2xx },
      },
    };
  },
};
