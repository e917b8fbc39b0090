// Starting, probing and stopping the servers under test. Each server is a direct `node` child, so its pid
// is the server's own (no npm or tsx wrapper in between) and /proc/<pid>/status describes it.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/support/free-port.ts';
export { freePort };

export const MAIN_DIR = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');
/** Where the Express + SQLite peer lives; BENCH_PEER_DIR overrides it. */
export const PEER_DIR = process.env['BENCH_PEER_DIR'] || '/work/shared/peers/express-tasks';
/** Shared by Taskcast and the peer, so tokens mean the same on both; 32+ characters as Taskcast requires. */
export const BENCH_JWT_SECRET = 'taskcast-bench-secret-0123456789abcdef';

const STOP_GRACE_MS = 5000;
const HEALTH_TIMEOUT_MS = 30_000;
const OUTPUT_TAIL_CHARS = 8000;

export interface ServerSpec {
  /** A short label for tables and messages, such as `taskcast` or `peer`. */
  label: string;
  cwd: string;
  args: string[];
  env: Record<string, string>;
  /**
   * Where the server's stdout goes: a file, as a container runtime or a log shipper takes it. Unset, a pipe
   * this process reads (and keeps the tail of, for error messages).
   */
  stdoutFile?: string;
  /** How long to wait for the first /health 200 (default 30 s; a busy shared machine may need more). */
  healthTimeoutMs?: number;
}

export interface ShutdownReport {
  signal: 'SIGTERM' | 'SIGKILL' | 'none';
  exitCode: number | null;
  exitSignal: string | null;
  ms: number;
}

export class RunningServer {
  readonly origin: string;
  private exitInfo: { code: number | null; signal: string | null } | null = null;
  private output = '';
  private readonly exited: Promise<void>;

  constructor(
    readonly label: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {
    this.origin = `http://127.0.0.1:${port}`;
    const keep = (chunk: Buffer): void => {
      this.output = (this.output + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exitInfo = { code, signal };
        resolve();
      });
    });
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.label}: no pid (spawn failed)`);
    return this.child.pid;
  }

  get alive(): boolean {
    return this.exitInfo === null;
  }

  /** The last lines the server wrote to stdout and stderr. */
  get outputTail(): string {
    return this.output.trim();
  }

  /** Throws, with the server's last output, when the process has exited. */
  assertAlive(during: string): void {
    if (this.alive) return;
    throw new Error(
      `${this.label} exited (code ${this.exitInfo?.code}, signal ${this.exitInfo?.signal}) during ${during}.\n` +
        `--- last output of ${this.label} ---\n${this.outputTail || '(none)'}`,
    );
  }

  async waitForHealth(timeoutMs = HEALTH_TIMEOUT_MS): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      this.assertAlive('start-up');
      try {
        const res = await fetch(`${this.origin}/health`, { signal: AbortSignal.timeout(1000) });
        const body = (await res.json()) as { status?: unknown };
        if (res.status === 200 && body.status === 'ok') return;
        last = `HTTP ${res.status} ${JSON.stringify(body)}`;
      } catch (error) {
        last = error instanceof Error ? error.message : String(error);
      }
      await sleep(100);
    }
    throw new Error(`${this.label}: /health did not answer ok within ${timeoutMs} ms (${last}).\n${this.outputTail}`);
  }

  /** Resident set size and its peak, in bytes, from /proc/<pid>/status. */
  memory(): { rss: number; hwm: number } {
    const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
    const kb = (field: string): number => {
      const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
      if (!match?.[1]) throw new Error(`${this.label}: no ${field} in /proc/${this.pid}/status`);
      return Number(match[1]) * 1024;
    };
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  }

  /** SIGTERM, then SIGKILL after 5 s. Safe to call twice. */
  async stop(): Promise<ShutdownReport> {
    const started = Date.now();
    if (!this.alive)
      return {
        signal: 'none',
        exitCode: this.exitInfo?.code ?? null,
        exitSignal: this.exitInfo?.signal ?? null,
        ms: 0,
      };
    let signal: ShutdownReport['signal'] = 'SIGTERM';
    this.child.kill('SIGTERM');
    const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_GRACE_MS).unref());
    if ((await Promise.race([this.exited.then(() => 'done' as const), timer])) === 'late') {
      signal = 'SIGKILL';
      this.child.kill('SIGKILL');
      await this.exited;
    }
    return {
      signal,
      exitCode: this.exitInfo?.code ?? null,
      exitSignal: this.exitInfo?.signal ?? null,
      ms: Date.now() - started,
    };
  }

  /** Last resort from a synchronous `exit` handler. */
  killNow(): void {
    if (this.alive) this.child.kill('SIGKILL');
  }
}

/** Tracks every server and temp dir this run made, so they go away on errors and Ctrl-C too. */
export class Lab {
  private readonly servers = new Set<RunningServer>();
  private readonly dirs = new Set<string>();

  tempDir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), `taskcast-bench-${prefix}-`));
    this.dirs.add(dir);
    return dir;
  }

  async start(spec: ServerSpec): Promise<RunningServer> {
    const port = await freePort();
    const stdout = spec.stdoutFile === undefined ? 'pipe' : openSync(spec.stdoutFile, 'a');
    const child = spawn(process.execPath, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env, PORT: String(port) },
      stdio: ['ignore', stdout, 'pipe'],
    });
    if (typeof stdout === 'number') closeSync(stdout); // the child holds its own copy
    const server = new RunningServer(spec.label, port, child);
    this.servers.add(server);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    await server.waitForHealth(spec.healthTimeoutMs);
    return server;
  }

  async stop(server: RunningServer): Promise<ShutdownReport> {
    const report = await server.stop();
    this.servers.delete(server);
    return report;
  }

  async cleanup(): Promise<void> {
    await Promise.allSettled([...this.servers].map((s) => s.stop()));
    this.servers.clear();
    this.removeDirs();
  }

  /** For `process.on('exit')`: no awaiting possible there. */
  cleanupSync(): void {
    for (const server of this.servers) server.killNow();
    this.servers.clear();
    this.removeDirs();
  }

  private removeDirs(): void {
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
    this.dirs.clear();
  }
}

/**
 * Where the benches start Taskcast from: this checkout, or BENCH_TASKCAST_DIR (another checkout of the project,
 * with its node_modules), so one bench can be run against an earlier commit and the two runs compared.
 */
export const TASKCAST_DIR = process.env['BENCH_TASKCAST_DIR'] || MAIN_DIR;
/**
 * Another checkout (with its node_modules) that the limit and request-path benches run beside this one in the
 * same interleaved rounds (BENCH_BEFORE), so a change's before and after meet the same noise; unset, none runs.
 */
export const BEFORE_DIR = process.env['BENCH_BEFORE'] || null;

export function taskcastSpec(dbPath: string, dir: string = TASKCAST_DIR): ServerSpec {
  return {
    label: 'taskcast',
    cwd: dir,
    args: ['--enable-source-maps', 'bootstrap/server/start.mjs'],
    env: {
      HOST: '127.0.0.1',
      DB_PATH: dbPath,
      STORAGE: 'lowdb',
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // The bench signs up and logs in many times from one address; the budgets are not what it measures.
      SIGNUPS_PER_ADDRESS: '0',
      LOGIN_FAILURES_PER_ADDRESS: '0',
      LOGIN_FAILURES_PER_ACCOUNT: '0',
      // The POST rounds create hundreds of thousands of tasks for one user; past the default task limit
      // they would measure 409s.
      MAX_TASKS_PER_USER: '0',
    },
  };
}

export function peerSpec(dbPath: string): ServerSpec {
  return {
    label: 'peer',
    cwd: PEER_DIR,
    args: ['server.mjs'],
    env: { HOST: '127.0.0.1', DB_PATH: dbPath, JWT_SECRET: BENCH_JWT_SECRET },
  };
}

/** Whether the peer can run; if not, why and how to fix it. */
export function peerAvailability(): { ok: true } | { ok: false; reason: string } {
  if (!existsSync(join(PEER_DIR, 'server.mjs'))) return { ok: false, reason: `no peer at ${PEER_DIR}` };
  if (!existsSync(join(PEER_DIR, 'node_modules'))) {
    return {
      ok: false,
      reason: `the peer's dependencies are missing; install them with:\n    cd ${PEER_DIR} && npm install    # compiles better-sqlite3, about 90 s`,
    };
  }
  return { ok: true };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
