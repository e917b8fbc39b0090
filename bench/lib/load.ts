// Load generation: a warm-up, then several short autocannon rounds; the median round is the figure.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon, { type Options, type Result } from 'autocannon';

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  roundSeconds: number;
  rounds: number;
}

export interface Target {
  url: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /**
   * When set, requests rotate through these paths (one shared cursor over all connections) instead of
   * always asking for `url`'s path; `url` then only names the origin.
   */
  paths?: readonly string[];
  /** When set, every request carries this header with a value no other request had (e.g. Idempotency-Key). */
  uniqueHeader?: string;
}

export interface RoundFigures {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export interface Measurement {
  scenario: string;
  server: string;
  /** Median over rounds. */
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Summed over the warm-up and every round. */
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  rounds: RoundFigures[];
  warmup: RoundFigures | null;
}

export function loadOptionsFromEnv(env: Record<string, string | undefined> = process.env): LoadOptions {
  const number = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min)
      throw new Error(`${name} must be a number ≥ ${min} (got ${JSON.stringify(raw)})`);
    return value;
  };
  return {
    connections: Math.round(number('BENCH_CONNECTIONS', 32, 1)),
    warmupSeconds: number('BENCH_WARMUP', 2, 0),
    roundSeconds: number('BENCH_SECONDS', 5, 1),
    rounds: Math.round(number('BENCH_ROUNDS', 3, 1)),
  };
}

/** Each answer as it arrives: its status, and its latency in ms (sent at `performance.now() - ms`). */
export type OnAnswer = (status: number, ms: number) => void;

export async function fire(
  target: Target,
  extra: Omit<Options, 'url' | 'method' | 'headers' | 'body'>,
  onAnswer?: OnAnswer,
): Promise<Result> {
  const options: Options = { url: target.url, method: target.method, ...extra };
  if (target.headers) options.headers = target.headers;
  if (target.body !== undefined) options.body = target.body;
  const paths = target.paths;
  const unique = target.uniqueHeader;
  if ((paths && paths.length > 0) || unique) {
    let next = 0;
    const run = `${process.pid}-${Date.now().toString(36)}`;
    options.requests = [
      {
        setupRequest: (request) => {
          const n = next++;
          const out = { ...request };
          if (paths && paths.length > 0) out.path = paths[n % paths.length] as string;
          if (unique) out.headers = { ...request.headers, [unique]: `bench-${run}-${n}` };
          return out;
        },
      },
    ];
  }
  const run = autocannon(options);
  if (onAnswer) run.on('response', (_client, status, _bytes, ms) => onAnswer(status, ms));
  return run;
}

function figures(result: Result): RoundFigures {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats)) statusCodes[code] = stat.count;
  return {
    reqPerSec: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * Warm-up plus `rounds` rounds against one server. `check` runs between rounds (to notice a crashed
 * server early); `onRound` reports progress.
 */
export async function measure(
  scenario: string,
  server: string,
  target: Target,
  options: LoadOptions,
  hooks: { check?: () => void; onRound?: (label: string, round: RoundFigures) => void } = {},
): Promise<Measurement> {
  const run = async (seconds: number): Promise<RoundFigures> => {
    hooks.check?.();
    const round = figures(await fire(target, { connections: options.connections, duration: seconds }));
    hooks.check?.();
    return round;
  };
  const warmup = options.warmupSeconds > 0 ? await run(options.warmupSeconds) : null;
  if (warmup) hooks.onRound?.('warm-up', warmup);
  const rounds: RoundFigures[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const round = await run(options.roundSeconds);
    rounds.push(round);
    hooks.onRound?.(`round ${i + 1}/${options.rounds}`, round);
  }
  const all = warmup ? [warmup, ...rounds] : rounds;
  const statusCodes: Record<string, number> = {};
  for (const r of all)
    for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    scenario,
    server,
    reqPerSec: median(rounds.map((r) => r.reqPerSec)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    non2xx: all.reduce((n, r) => n + r.non2xx, 0),
    errors: all.reduce((n, r) => n + r.errors, 0),
    timeouts: all.reduce((n, r) => n + r.timeouts, 0),
    statusCodes,
    rounds,
    warmup,
  };
}

/** True when a measurement saw anything but 2xx answers. */
export function unclean(m: Pick<Measurement, 'non2xx' | 'errors' | 'timeouts'>): boolean {
  return m.non2xx > 0 || m.errors > 0 || m.timeouts > 0;
}

/** CPU time (user + system, ms) the process has used so far, from /proc/<pid>/stat; null off Linux. */
export function processCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime: clock ticks of 10 ms on Linux
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (ns) all of the process's threads have run so far, from each /proc/<pid>/task/<tid>/schedstat: the
 * scheduler's own count, to the nanosecond, where /proc/<pid>/stat counts 10 ms ticks. A thread that has
 * exited takes its share with it, so it suits servers whose threads live as long as they do. Null off Linux.
 */
export function processCpuNs(pid: number): number | null {
  try {
    let total = 0;
    for (const task of readdirSync(`/proc/${pid}/task`))
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return Number.isFinite(total) ? total : null;
  } catch {
    return null;
  }
}

export interface AlternatingFigures {
  label: string;
  /** Each round's req/s, in the order run. */
  rps: number[];
  /** The server's CPU per answered request in each round (µs), when /proc tells. */
  cpuUsPerRequest: number[];
  non2xx: number;
  errors: number;
}

/**
 * Several targets, their rounds alternating (ABC, CBA, ...) so that a shared machine's noise falls on each
 * alike. Each target names the server process it loads (one each, or one shared); besides req/s, each round
 * reads that process's CPU time: µs per request is the server's own cost, which the load generator (on the
 * same cores) does not blur.
 */
export async function alternate(
  targets: ReadonlyArray<{ label: string; target: Target; pid: number }>,
  options: LoadOptions,
  onRound: (label: string, pass: number, rps: number, cpuUs: number | null) => void = () => {},
): Promise<AlternatingFigures[]> {
  const figures = targets.map((t): AlternatingFigures => ({
    label: t.label,
    rps: [],
    cpuUsPerRequest: [],
    non2xx: 0,
    errors: 0,
  }));
  if (options.warmupSeconds > 0)
    for (const t of targets)
      await fire(t.target, { connections: options.connections, duration: options.warmupSeconds });
  const passes = options.rounds * 2;
  for (let pass = 0; pass < passes; pass++) {
    const order = targets.map((_, i) => i);
    if (pass % 2 === 1) order.reverse();
    for (const i of order) {
      const pid = targets[i]!.pid;
      const before = processCpuMs(pid);
      const result = await fire(targets[i]!.target, {
        connections: options.connections,
        duration: options.roundSeconds,
      });
      const after = processCpuMs(pid);
      const f = figures[i]!;
      f.rps.push(result.requests.average);
      f.non2xx += result.non2xx;
      f.errors += result.errors;
      const cpuUs =
        before !== null && after !== null && result.requests.total > 0
          ? ((after - before) * 1000) / result.requests.total
          : null;
      if (cpuUs !== null) f.cpuUsPerRequest.push(cpuUs);
      onRound(targets[i]!.label, pass, result.requests.average, cpuUs);
    }
  }
  return figures;
}
