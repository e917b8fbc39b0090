// Cold-start timing: spawn a server, poll one URL every ~20 ms from the moment of spawning, and time the
// first 200. Each child runs in its own process group (so `npm start`'s sh + node go down together) and is
// stopped before the function returns; an `exit` hook kills any group still alive if the bench dies.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { freePort, sleep } from './servers.ts';

const POLL_MS = 20;
const OUTPUT_TAIL_CHARS = 4000;
const live = new Set<number>();
let hooked = false;

export interface StartupSpec {
  label: string;
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  /** Path (and query) polled until it answers 200. */
  path: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Between polls, ms (default 20). */
  pollMs?: number;
  /**
   * Run against the server right after its first 200, before it is stopped (`pid`: the spawned process);
   * its figures come back as `after`.
   */
  then?: (origin: string, pid: number) => Promise<Record<string, number>>;
}

export interface StartupResult {
  label: string;
  /** Spawn to the first 200, in ms. */
  ms: number;
  polls: number;
  /** Status codes seen before the first 200 (connection refusals not counted). */
  earlier: Record<string, number>;
  /** What `then` measured. */
  after?: Record<string, number>;
  /** How the group went down after the measurement. */
  stop: { signal: 'SIGTERM' | 'SIGKILL'; ms: number; exitCode: number | null };
}

export async function timeToFirstAnswer(spec: StartupSpec): Promise<StartupResult> {
  if (!hooked) {
    hooked = true;
    process.on('exit', () => {
      for (const pgid of live) killGroup(pgid, 'SIGKILL');
    });
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}${spec.path}`;
  let output = '';
  let exited: { code: number | null; signal: string | null } | null = null;

  const t0 = performance.now();
  const child = spawn(spec.command, spec.args, {
    cwd: spec.cwd,
    env: { ...process.env, ...spec.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const gone = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  const pgid = child.pid as number;
  live.add(pgid);

  try {
    const deadline = t0 + (spec.timeoutMs ?? 60_000);
    const earlier: Record<string, number> = {};
    let polls = 0;
    for (;;) {
      if (exited)
        throw new Error(
          `${spec.label}: exited during start-up (${JSON.stringify(exited)}).\n--- last output ---\n${output.trim() || '(none)'}`,
        );
      if (performance.now() > deadline)
        throw new Error(
          `${spec.label}: no 200 from ${spec.path} within ${spec.timeoutMs ?? 60_000} ms.\n${output.trim()}`,
        );
      polls++;
      const started = performance.now();
      try {
        const res = await fetch(url, { headers: spec.headers ?? {}, signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.status === 200) {
          const ms = performance.now() - t0;
          const after = spec.then ? await spec.then(`http://127.0.0.1:${port}`, pgid) : undefined;
          return {
            label: spec.label,
            ms,
            polls,
            earlier,
            ...(after ? { after } : {}),
            stop: await stopGroup(pgid, gone, () => exited),
          };
        }
        earlier[String(res.status)] = (earlier[String(res.status)] ?? 0) + 1;
      } catch {
        // Not listening yet.
      }
      await sleep(Math.max(0, (spec.pollMs ?? POLL_MS) - (performance.now() - started)));
    }
  } finally {
    if (live.has(pgid)) await stopGroup(pgid, gone, () => exited);
  }
}

async function stopGroup(
  pgid: number,
  gone: Promise<void>,
  exitInfo: () => { code: number | null } | null,
): Promise<StartupResult['stop']> {
  const started = Date.now();
  let signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM';
  killGroup(pgid, 'SIGTERM');
  const late = await Promise.race([gone.then(() => false), sleep(5000).then(() => true)]);
  if (late) {
    signal = 'SIGKILL';
    killGroup(pgid, 'SIGKILL');
    await gone;
  }
  // The group leader (npm, or node itself) is gone; make sure nothing it started outlives it.
  killGroup(pgid, 'SIGKILL');
  live.delete(pgid);
  return { signal, ms: Date.now() - started, exitCode: exitInfo()?.code ?? null };
}

function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}
