/**
 * Runs the real Taskcast server as a child process for the end-to-end tests: `npm start` (as in production) or
 * `node bootstrap/server/start.mjs` directly (what `npm start` execs). Every process started here is tracked and killed (with its
 * whole process group) by `killLeftovers()`, which each test file calls from an `after` hook, and again on exit.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../support/free-port.ts';
export { freePort };

export const PROJECT_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
/** What `npm start` execs; it finds the project from its own path, so it runs from any working directory. */
export const START_SCRIPT = join(PROJECT_ROOT, 'bootstrap', 'server', 'start.mjs');

const LISTENING = /Taskcast listening on http:\/\/([^\s:]+):(\d+)/;

/** The variables the server reads; they are removed from the inherited environment unless a test sets them. */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DB_PATH',
  'STORAGE',
  'JWT_SECRET',
  'FORECAST_PROVIDER',
  'UPSTREAM_URL',
  'UPSTREAM_USER_AGENT',
  'PUBLIC_BASE_URL',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'LOG_FORMAT',
  'METRICS',
  'METRICS_TOKEN',
  'CORS_ORIGINS',
  'AUTH_RATE_LIMIT',
  'LOGIN_FAILURES_PER_ACCOUNT',
  'LOGIN_FAILURES_PER_ADDRESS',
  'SIGNUPS_PER_ADDRESS',
  'MAX_TASKS_PER_USER',
  'MAX_CONNECTIONS',
  'HEADERS_TIMEOUT_MS',
  'REQUEST_TIMEOUT_MS',
  'NODE_TEST_CONTEXT',
  'NODE_OPTIONS',
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'REDIS_URL',
];

export interface ExitInfo {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface SpawnOptions {
  /** DB_PATH; `undefined` leaves it unset (the server's default then applies). */
  readonly dbPath?: string | undefined;
  /** `npm` runs `npm start` in PROJECT_ROOT (the default); `node` runs bootstrap/server/start.mjs directly. */
  readonly via?: 'npm' | 'node';
  /** Working directory; only for `via: 'node'` (npm needs the project root). */
  readonly cwd?: string;
  /** A port; a free one by default. 0 lets the server pick one: `ServerProcess.port` is then the one it logged. */
  readonly port?: number;
  /** Extra variables; `undefined` removes one. Applied last. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A command that runs node (`via: 'node'` only), e.g. `['unshare', '-pf', '--mount-proc']`. */
  readonly wrap?: readonly string[];
}

interface Tracked {
  readonly child: ChildProcess;
  /** Every descendant pid seen, so the orphan check and the clean-up can reach them. */
  readonly descendants: Set<number>;
}

const tracked = new Set<Tracked>();
const tempDirs: string[] = [];

/** A fresh folder under the OS temp dir, removed by `killLeftovers()`. */
export function makeTempDir(label = 'e2e'): string {
  const dir = mkdtempSync(join(tmpdir(), `taskcast-${label}-`));
  tempDirs.push(dir);
  return dir;
}

/** Alive and not a zombie waiting to be reaped. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Every living descendant of `pid` (Linux /proc). */
export function descendantsOf(pid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, ppid] of parentOf) {
      if (ppid === parent && !found.includes(child)) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

function buildEnv(port: number, options: SpawnOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete env[name];
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
  if (options.dbPath !== undefined) env.DB_PATH = options.dbPath;
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

let bundled: Promise<unknown> | undefined;
/**
 * The server bundle, made once per test process before the first server starts (start.mjs --build-only). With
 * no bundle yet, eight servers started at once would each bundle the tree, which on a loaded 2-core machine
 * took longer than a start-up may.
 */
function bundleOnce(): Promise<unknown> {
  bundled ??= promisify(execFile)(process.execPath, [START_SCRIPT, '--build-only'], { cwd: PROJECT_ROOT });
  return bundled;
}

function spawnServer(port: number, options: SpawnOptions): ChildProcess {
  const env = buildEnv(port, options);
  const common = { env, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'], detached: true };
  if ((options.via ?? 'npm') === 'npm') {
    if (options.cwd !== undefined)
      throw new Error('npm start runs in the project root; use via: "node" for another cwd');
    return spawn('npm', ['start'], { ...common, cwd: PROJECT_ROOT });
  }
  const node = [process.execPath, '--enable-source-maps', START_SCRIPT];
  const [command, ...args] = [...(options.wrap ?? []), ...node] as [string, ...string[]];
  return spawn(command, args, { ...common, cwd: options.cwd ?? PROJECT_ROOT });
}

/** A spawned process, its output, and its exit. */
class Spawned {
  stdout = '';
  stderr = '';
  exit: ExitInfo | undefined;
  readonly exited: Promise<ExitInfo>;
  readonly tracked: Tracked;

  constructor(readonly child: ChildProcess) {
    this.tracked = { child, descendants: new Set() };
    tracked.add(this.tracked);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exited = new Promise((resolveExit) => {
      child.on('close', (code, signal) => {
        this.exit = { code, signal };
        // Forget a finished tree, so the clean-up never signals a pid the system has handed out again.
        if ([...this.tracked.descendants].every((d) => !isAlive(d))) tracked.delete(this.tracked);
        resolveExit(this.exit);
      });
    });
  }

  /** stdout and stderr, for assertion messages. */
  get output(): string {
    return `--- stdout ---\n${this.stdout}--- stderr ---\n${this.stderr}`;
  }

  rememberDescendants(): number[] {
    const pid = this.child.pid;
    if (pid === undefined) return [];
    const found = descendantsOf(pid);
    for (const d of found) this.tracked.descendants.add(d);
    return found;
  }
}

export interface StopResult extends ExitInfo {
  readonly elapsedMs: number;
  /** Pids of the process tree still alive after the spawned process exited (should be empty). */
  readonly orphans: number[];
}

export class ServerProcess {
  private constructor(
    private readonly spawned: Spawned,
    readonly port: number,
    /** The node process running bootstrap/server/start.mjs (the npm process's child under `via: 'npm'`). */
    readonly serverPid: number,
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The spawned process: npm, or node itself. */
  get pid(): number {
    return this.spawned.child.pid ?? -1;
  }

  get stdout(): string {
    return this.spawned.stdout;
  }

  get stderr(): string {
    return this.spawned.stderr;
  }

  get output(): string {
    return this.spawned.output;
  }

  get exited(): Promise<ExitInfo> {
    return this.spawned.exited;
  }

  /** Starts the server and resolves once it has logged its "listening" line and answers GET /health. */
  static async start(options: SpawnOptions = {}, timeoutMs = 20_000): Promise<ServerProcess> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ServerProcess.startOnce(options, timeoutMs);
      } catch (error) {
        // The free port was taken between our probe and the server's bind: try another one, once.
        const lostPortRace = options.port === undefined && /port is already in use/.test((error as Error).message);
        if (!lostPortRace || attempt >= 2) throw error;
      }
    }
  }

  private static async startOnce(options: SpawnOptions, timeoutMs: number): Promise<ServerProcess> {
    await bundleOnce();
    const port = options.port ?? (await freePort());
    const spawned = new Spawned(spawnServer(port, options));
    const deadline = Date.now() + timeoutMs;
    while (!LISTENING.test(spawned.stdout)) {
      if (spawned.exit)
        throw new Error(`the server exited (${JSON.stringify(spawned.exit)}) before listening\n${spawned.output}`);
      if (Date.now() > deadline) {
        await killTree(spawned.tracked);
        throw new Error(`the server did not log "Taskcast listening" within ${timeoutMs} ms\n${spawned.output}`);
      }
      await sleep(25);
    }
    const match = LISTENING.exec(spawned.stdout);
    const listening = Number(match?.[2]);
    // PORT=0 asks for any free port: the one logged is the one bound.
    if (port === 0 ? !(listening > 0) : listening !== port) {
      await killTree(spawned.tracked);
      throw new Error(`the server listens on ${match?.[1]}:${match?.[2]}, not on port ${port}\n${spawned.output}`);
    }
    // node:http rather than fetch, which refuses the ports on the Fetch standard's "bad port" list (6000…).
    const health = await statusOf(`http://127.0.0.1:${listening}/health`);
    if (health !== 200) throw new Error(`GET /health answered ${health}\n${spawned.output}`);

    const pid = spawned.child.pid ?? -1;
    let serverPid = pid;
    if ((options.via ?? 'npm') === 'npm') {
      const node = spawned.rememberDescendants().find((d) => commandLine(d).includes('bootstrap/server/start.mjs'));
      if (node === undefined)
        throw new Error(`no node process running bootstrap/server/start.mjs under npm (pid ${pid})\n${spawned.output}`);
      serverPid = node;
    }
    return new ServerProcess(spawned, listening, serverPid);
  }

  /**
   * Sends `signal` to the spawned process (npm forwards it to node) and waits for the exit. After `timeoutMs`
   * the tree is killed and the result has `signal: 'SIGKILL'` (or whatever ended it).
   */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000): Promise<StopResult> {
    this.spawned.rememberDescendants();
    const started = performance.now();
    if (!this.spawned.exit) this.spawned.child.kill(signal);
    const exit = await Promise.race([this.spawned.exited, idle(timeoutMs)]);
    const elapsedMs = performance.now() - started;
    if (exit === undefined) {
      await killTree(this.spawned.tracked);
      const killed = await this.spawned.exited;
      return { ...killed, elapsedMs, orphans: [] };
    }
    return { ...exit, elapsedMs, orphans: await this.orphans() };
  }

  /** `kill -9` on the node server process itself, then waits for the spawned process (npm) to end too. */
  async kill9(): Promise<StopResult> {
    const started = performance.now();
    process.kill(this.serverPid, 'SIGKILL'); // synchronously, before any await: the caller picks the moment
    const exit = await Promise.race([this.spawned.exited, idle(10_000)]);
    if (exit === undefined) {
      await killTree(this.spawned.tracked);
      throw new Error(`the spawned process did not end after kill -9 of the server\n${this.output}`);
    }
    return { ...exit, elapsedMs: performance.now() - started, orphans: await this.orphans() };
  }

  /**
   * `kill -9` of the whole process group (npm and node at once, as a supervisor or the OOM killer of a
   * container would), without waiting for anything: the caller restarts at once, while the dead may still be
   * zombies. `exited` settles later.
   */
  killGroup9(): void {
    this.spawned.rememberDescendants();
    process.kill(-this.pid, 'SIGKILL');
  }

  /** Descendants still alive, given a short grace for the kernel to finish an exit. */
  private async orphans(): Promise<number[]> {
    const all = [...this.spawned.tracked.descendants, this.serverPid];
    for (let i = 0; i < 20; i++) {
      const alive = all.filter((p) => p !== this.pid && isAlive(p));
      if (alive.length === 0) return [];
      await sleep(50);
    }
    return all.filter((p) => p !== this.pid && isAlive(p));
  }
}

export interface RunResult extends ExitInfo {
  readonly stdout: string;
  readonly stderr: string;
  readonly output: string;
  /** True when the server started listening instead of exiting; it was then killed. */
  readonly listened: boolean;
  readonly timedOut: boolean;
}

/**
 * Runs a start-up that is expected to fail, until it exits (or listens, or times out: then it is killed).
 * With `onListening`, that signal goes to the spawned process the moment its "listening" line shows, without
 * the wait for /health that `ServerProcess.start` makes (as a supervisor that trusts the line would), and the
 * run lasts until the exit; only the timeout kills it then.
 */
export async function runUntilExit(
  options: SpawnOptions = {},
  timeoutMs = 20_000,
  onListening?: NodeJS.Signals,
): Promise<RunResult> {
  await bundleOnce();
  const port = options.port ?? (await freePort());
  const spawned = new Spawned(spawnServer(port, options));
  const deadline = Date.now() + timeoutMs;
  let listened = false;
  let timedOut = false;
  while (!spawned.exit) {
    if (!listened && LISTENING.test(spawned.stdout)) {
      listened = true;
      if (onListening !== undefined) spawned.child.kill(onListening);
    }
    if (Date.now() > deadline) timedOut = true;
    if ((listened && onListening === undefined) || timedOut) {
      spawned.rememberDescendants();
      await killTree(spawned.tracked);
      break;
    }
    await sleep(25);
  }
  const exit = await spawned.exited;
  return { ...exit, stdout: spawned.stdout, stderr: spawned.stderr, output: spawned.output, listened, timedOut };
}

/** stderr without npm's own chatter ("npm warn …", "npm error …", the "> script" banner). */
export function serverLines(text: string): string[] {
  return text
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' &&
        !/^npm (warn|error|notice|info|verbose|ERR!|WARN)\b/i.test(line) &&
        !line.startsWith('> '),
    );
}

async function killTree(entry: Tracked): Promise<void> {
  const pid = entry.child.pid;
  if (pid !== undefined) {
    for (const d of descendantsOf(pid)) entry.descendants.add(d);
    try {
      process.kill(-pid, 'SIGKILL'); // the process group: detached children lead their own
    } catch {
      // already gone
    }
  }
  for (const d of entry.descendants) {
    try {
      process.kill(d, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (entry.child.exitCode === null && entry.child.signalCode === null) {
    await Promise.race([new Promise((r) => entry.child.once('close', r)), idle(5_000)]);
  }
}

/** Kills every process these helpers started that is still around, and removes the temp folders. For `after`. */
export async function killLeftovers(): Promise<void> {
  await Promise.all([...tracked].map((entry) => killTree(entry)));
  tracked.clear();
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

process.on('exit', () => {
  for (const entry of tracked) {
    const pid = entry.child.pid;
    for (const target of [...(pid === undefined ? [] : [-pid]), ...entry.descendants]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // gone
      }
    }
  }
});

/** The lock sockets beside a store (`${DB_PATH}.lock.<random>`): one while a server holds it. */
export function lockSockets(dbPath: string): string[] {
  const dir = dirname(dbPath);
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${basename(dbPath)}.lock.`))
    .map((name) => join(dir, name));
}

/** The status of a GET, through node:http (any port, unlike fetch). */
export function statusOf(url: string): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    get(url, (response) => {
      response.resume();
      response.once('end', () => resolveStatus(response.statusCode ?? 0));
    }).once('error', reject);
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Resolves with `undefined` after `ms` without keeping the process alive, for races against an exit. */
function idle(ms: number): Promise<undefined> {
  return new Promise((r) => setTimeout(r, ms, undefined).unref());
}
