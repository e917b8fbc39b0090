/**
 * The durable `POST /api/tasks` of the limit bench, in short runs of whole bundled servers: server CPU per POST
 * (all threads, and the main thread alone, from /proc) under 32 unthrottled connections, with the limit
 * bench's body and one user who posts.
 *
 *   node --import tsx bench/post-rounds.mts curve [tree] [stored,…]   CPU per POST against the tasks stored
 *   node --import tsx bench/post-rounds.mts ab <treeA> <treeB> [rounds] [prefill]   alternating rounds of two trees
 *
 * A tree is a checkout with its node_modules (a worktree). QUIET=1 runs `LOG_LEVEL=warn METRICS=off`, else the
 * default configuration (request lines at info, metrics on); SECONDS_A_ROUND (default 2) sets the rounds' length.
 * Under a minute or two each; a shared machine's noise is several percent a round, so compare medians.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTask, signUp, SMALL_TASK_BODY, type BenchUser } from './lib/api.ts';
import { fire, median, processCpuMs } from './lib/load.ts';
import { Lab, MAIN_DIR, taskcastSpec, type RunningServer } from './lib/servers.ts';

interface Poster {
  readonly label: string;
  readonly server: RunningServer;
  readonly user: BenchUser;
}

interface Round {
  readonly posts: number;
  readonly rps: number;
  /** Server CPU per POST, all threads (µs). */
  readonly cpuUs: number;
  /** The main thread's share (µs). */
  readonly mainUs: number;
}

const quiet = process.env['QUIET'] === '1';
const seconds = Number(process.env['SECONDS_A_ROUND'] ?? 2);
const lab = new Lab();
process.on('exit', () => lab.cleanupSync());

/** The main thread's user + system time (ms), from its own /proc entry (10 ms ticks). */
function mainThreadCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

async function startPoster(tree: string, label: string): Promise<Poster> {
  const spec = taskcastSpec(join(lab.tempDir(`post-${label}`), 'tasks.db'), tree);
  const env = quiet ? { ...spec.env, METRICS: 'off' } : { ...spec.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
  const server = await lab.start({ ...spec, env, stdoutFile: join(lab.tempDir(`out-${label}`), 'stdout.log') });
  const user = await signUp(server.origin, 'post-rounds');
  await createTask(server.origin, user, 0);
  return { label, server, user };
}

/** POSTs for `duration` seconds, or `amount` of them. */
async function post(p: Poster, load: { duration: number } | { amount: number }): Promise<Round> {
  const pid = p.server.pid;
  const cpu0 = processCpuMs(pid) ?? Number.NaN;
  const main0 = mainThreadCpuMs(pid);
  const result = await fire(
    {
      url: `${p.server.origin}/api/tasks`,
      method: 'POST',
      headers: { 'content-type': 'application/json', ...p.user.auth },
      body: SMALL_TASK_BODY,
    },
    { connections: 32, ...load },
  );
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${p.label}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const posts = result.requests.total;
  const per = (ms: number): number => (ms * 1000) / posts;
  return {
    posts,
    rps: result.requests.average,
    cpuUs: per((processCpuMs(pid) ?? Number.NaN) - cpu0),
    mainUs: per(mainThreadCpuMs(pid) - main0),
  };
}

const show = (r: Round): string =>
  `${r.rps.toFixed(0)} req/s, ${r.cpuUs.toFixed(1)} µs CPU a POST (main thread ${r.mainUs.toFixed(1)})`;

async function curve(tree: string, levels: readonly number[]): Promise<void> {
  const p = await startPoster(tree, 'curve');
  let stored = 1 + (await post(p, { duration: 2 })).posts;
  for (const level of levels) {
    if (level > stored) stored += (await post(p, { amount: level - stored })).posts;
    const from = stored;
    const rounds: Round[] = [];
    for (let i = 0; i < 2; i++) rounds.push(await post(p, { duration: seconds }));
    stored += rounds.reduce((sum, r) => sum + r.posts, 0);
    console.log(
      `${from} → ${stored} tasks stored: ${rounds.map(show).join('; ')}; RSS ${rssMb(p.server.pid).toFixed(0)} MB`,
    );
  }
}

async function alternating(trees: readonly [string, string], rounds: number, prefill: number): Promise<void> {
  const posters = [await startPoster(trees[0], 'A'), await startPoster(trees[1], 'B')];
  for (const p of posters) {
    if (prefill > 0) await post(p, { amount: prefill });
    await post(p, { duration: 3 });
  }
  const figures = new Map<Poster, Round[]>(posters.map((p) => [p, []]));
  for (let i = 0; i < rounds; i++) {
    for (const p of i % 2 === 0 ? posters : [...posters].reverse()) {
      const r = await post(p, { duration: seconds });
      figures.get(p)!.push(r);
      console.log(`  ${p.label} round ${i + 1}: ${show(r)}`);
    }
  }
  const medians = posters.map((p) => {
    const rs = figures.get(p)!;
    return {
      rps: median(rs.map((r) => r.rps)),
      cpuUs: median(rs.map((r) => r.cpuUs)),
      mainUs: median(rs.map((r) => r.mainUs)),
    };
  });
  posters.forEach((p, i) =>
    console.log(
      `${p.label} ${trees[i]}: medians ${show({ posts: 0, ...medians[i]! })}; RSS ${rssMb(p.server.pid).toFixed(0)} MB`,
    ),
  );
  const [a, b] = medians as [Omit<Round, 'posts'>, Omit<Round, 'posts'>];
  console.log(
    `B/A: req/s ${(b.rps / a.rps).toFixed(3)}, CPU ${(b.cpuUs / a.cpuUs).toFixed(3)}, main thread ${(b.mainUs / a.mainUs).toFixed(3)}`,
  );
}

const [mode, ...args] = process.argv.slice(2);
try {
  if (mode === 'curve') {
    await curve(args[0] ?? MAIN_DIR, (args[1] ?? '0,20000,100000,250000').split(',').map(Number));
  } else if (mode === 'ab' && args[0] !== undefined && args[1] !== undefined) {
    await alternating([args[0], args[1]], Number(args[2] ?? 6), Number(args[3] ?? 20_000));
  } else {
    throw new Error('usage: post-rounds.mts curve [tree] [stored,…] | ab <treeA> <treeB> [rounds] [prefill]');
  }
} finally {
  await lab.cleanup();
}
