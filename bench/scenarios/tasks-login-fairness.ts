// `npm run bench -- tasks-login-fairness`: how long one user's login takes while another address floods the
// login route with wrong passwords. Sign-ups and logins take their turn per client address (FairQueue), so
// the flood only makes its own address wait (and then answers it 503); before, one arrival-order queue made
// everyone wait behind every hash of the flood (13.6 s after 100 failed logins).
import { join } from 'node:path';
import { signUp } from '../lib/api.ts';
import { taskcastSpec, sleep } from '../lib/servers.ts';
import type { BenchContext, ScenarioSet, SetReport } from '../lib/types.ts';

const FLOOD = 100;
/** The victim's login may wait for a few hashes (the running one, one of the flood's in its turn, its own). */
const GOAL_FACTOR = 4;

export const tasksLoginFairnessSet: ScenarioSet = {
  name: 'tasks-login-fairness',
  description: `A login from one address while ${FLOOD} failed logins from another wait for bcrypt (goal: under ${GOAL_FACTOR} × one login alone).`,
  async run(ctx: BenchContext): Promise<SetReport> {
    const { lab, load, log } = ctx;
    const spec = taskcastSpec(join(lab.tempDir('taskcast'), 'tasks.db'));
    // Addresses from X-Forwarded-For, so one machine can play two clients.
    const server = await lab.start({ ...spec, env: { ...spec.env, TRUST_PROXY: '1' } });
    log(`taskcast up at ${server.origin} (pid ${server.pid})`);
    const user = await signUp(server.origin, 'victim');
    const login = async (
      address: string,
      password: string,
    ): Promise<{ status: number; ms: number; retryAfter: number }> => {
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ email: user.email, password }),
      });
      await res.arrayBuffer();
      return {
        status: res.status,
        ms: performance.now() - started,
        retryAfter: Number(res.headers.get('retry-after')),
      };
    };

    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push((await login('198.51.100.7', 'bench-password-1')).ms);
    const aloneMs = median(alone);
    log(`  one login alone: median ${aloneMs.toFixed(0)} ms`);

    const seconds = load.roundSeconds * load.rounds;
    log(`  logins from 198.51.100.7 while ${FLOOD} wrong ones from 203.0.113.66 stay in flight, ${seconds} s ...`);
    let stop = false;
    const flood = { answered: 0, byStatus: new Map<number, number>() };
    const attacker = async (): Promise<void> => {
      while (!stop) {
        const { status, retryAfter } = await login('203.0.113.66', 'wrong-password');
        flood.answered++;
        flood.byStatus.set(status, (flood.byStatus.get(status) ?? 0) + 1);
        // A refused one tries again after Retry-After: the queue stays full, and the machine's cores go to
        // the hashes, not to answering a request flood (a different attack, which the bench is not about).
        if (status === 503) await sleep(Math.max(1, retryAfter) * 1000);
      }
    };
    const attackers = Array.from({ length: FLOOD }, attacker);
    await sleep(500);
    const during: number[] = [];
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      const { status, ms } = await login('198.51.100.7', 'bench-password-1');
      if (status !== 200) throw new Error(`the victim's login answered ${status}`);
      during.push(ms);
      await sleep(200);
    }
    stop = true;
    await Promise.all(attackers);
    server.assertAlive('tasks-login-fairness');

    const p50 = median(during);
    const max = Math.max(...during);
    const byStatus = Object.fromEntries(flood.byStatus);
    log(
      `  victim: ${during.length} logins, p50 ${p50.toFixed(0)} ms, max ${max.toFixed(0)} ms; flood answers ${JSON.stringify(byStatus)}`,
    );
    return {
      rows: [
        {
          scenario: `login during a ${FLOOD}-login flood from another address, p50`,
          unit: 'ms',
          taskcast: Math.round(p50),
          peer: null,
          ratio: p50 / aloneMs,
          ratioOf: 'one login alone',
          target: `< ${GOAL_FACTOR} × alone`,
          pass: p50 < GOAL_FACTOR * aloneMs,
          note: `alone ${aloneMs.toFixed(0)} ms, max ${max.toFixed(0)} ms, flood ${JSON.stringify(byStatus)}`,
        },
      ],
      measurements: [],
      warnings: [],
      extra: { aloneMs: alone, duringMs: during, flood: byStatus },
    };
  },
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
