/**
 * Server CPU a request costs in user space alone: the server's `'connection'` is handed in-memory `Duplex` pairs,
 * so no kernel, no loopback and no load-generator process share the request's caches. Beside the limit bench
 * (whose figures on a machine with far memory follow what a request touches; docs/benchmarks.md, "On the
 * Firecracker VM"), it tells a step's own cost from what the machine adds around it.
 *
 *   node --import tsx bench/in-memory-requests.mts ab <variant,…> [passes]   fresh processes, alternating order
 *   VARIANT=<variant> node --import tsx bench/in-memory-requests.mts          one process: CPU µs a request
 *
 * Each process sends 3,000 requests to warm up, then ROUNDS (7) rounds of REQUESTS (8,000) over 32 connections,
 * and prints the least and the median round's CPU a request: the whole process (`process.cpuUsage`: libuv's
 * pool doing the journal's writes and the store's fold worker included) and its main thread alone (Linux's
 * schedstat). The in-memory client's own parsing counts too, the same for every variant.
 *
 * Variants (Taskcast with LOG_LEVEL=warn METRICS=off unless the environment says otherwise, and
 * MAX_TASKS_PER_USER=0 as in the limit bench; every one listens, as a served one does, since a listening
 * node:http server tracks its connections per request):
 *   bare       node:http answering recorded bytes        h3         h3 alone answering the same bytes
 *   plain      Taskcast's app on a plain createServer   subclass   the same with StandardReasonResponse
 *   host       the same with the Host check             guard      the same with the connection guard
 *   wrapped    the app through listenExactly (the subclass and the Host check together), no guard
 *   full       the server as bootstrap/server/main.ts listens (listenExactly, then the connection guard)
 * A Taskcast variant may name another tree after `@` (`full@../main`, a worktree with its node_modules): its
 * modules, h3 among them, are loaded from there, so a change is measured against its parent in the same rounds.
 *
 * ROUTE=points measures one place's `/points` (Manhattan, KS; the embedded provider's kept document after the
 * first), for Taskcast variants only (`bare` and `h3` answer /health's bytes): run it once with LOG_LEVEL=info
 * METRICS=on and once without to see what the request line and the metrics cost a forecast route in process.
 *
 * ROUTE=post measures the limit bench's durable `POST /api/tasks` instead of `/health` (bench/scenarios/limit.ts):
 * for Taskcast, one user signs up and every request carries that user's bearer token and the bench's task body,
 * into a lowdb store with its journal in a fresh folder (the store's fold worker runs as served); `bare` and
 * `h3` are the limit bench's mirrors (bench/lib/mirror-handlers.mjs): the body read and parsed, appended to the
 * same group-committed O_DSYNC journal, then a recorded 201 of Taskcast's shape. They differ from Taskcast's POST
 * in two ways: a mirror starts a write at once when a slot is free, where Taskcast's journal waits a turn
 * (`setImmediate`) to batch what came in that turn; and a mirror writes the ~100-byte body, Taskcast a ~340-byte
 * task line. A Taskcast variant always gets a lowdb store in the scratch folder (DB_PATH and STORAGE are set,
 * whatever the environment says), so bench tasks never reach a developer's store. 59,000 POSTs a process:
 * creates leave no garbage, so the store folds nothing (when it folded at three times the snapshot, about
 * twice, in whichever rounds that landed, which the median showed and the least mostly not). With LOG_LEVEL=info the request lines go to stdout too; `ab` reads the figures' line among them.
 *
 *   ROUTE=post node --import tsx bench/in-memory-requests.mts ab bare,h3,full 3
 *   ROUTE=post node --import tsx bench/in-memory-requests.mts ab full,full@/tmp/parent 6
 *
 * PROFILE=<file.cpuprofile> (V8's CPU profile, a sample every 100 µs) or HEAP_PROFILE=<file.heapprofile> (the
 * sampling heap profile, collected objects included: what a request allocates) with VARIANT profile the measured
 * rounds of one process, not its start-up or warm-up; open them in Chrome's DevTools.
 *
 * A Taskcast variant runs the tree bundled as `npm start` runs it (esbuild, the server's options), built afresh
 * in the tree's `.tmp/in-memory-bench-<pid>/` by each process (~1 s, before the warm-up); SOURCES=tsx runs the
 * sources through tsx instead, where every function made per request also costs a `__name` call (esbuild's
 * keepNames), which inflated closure-heavy steps (the body read: 5 closures a request) beside the served code.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const VARIANTS = ['bare', 'h3', 'plain', 'subclass', 'host', 'guard', 'wrapped', 'full'] as const;
const CONNECTIONS = 32;
const REQUESTS = Number(process.env['REQUESTS'] ?? 8000);
const ROUNDS = Number(process.env['ROUNDS'] ?? 7);

const ROUTE = process.env['ROUTE'] === 'post' ? 'post' : process.env['ROUTE'] === 'points' ? 'points' : 'health';

const body = Buffer.from(JSON.stringify({ status: 'ok', timestamp: new Date().toISOString() }));
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

/** The limit bench's durable POST (bench/lib/api.ts) and, for the bare and h3 servers, a 201 of Taskcast's shape. */
const TASK_BODY = JSON.stringify({
  title: 'Benchmark task',
  description: 'Written by bench/run.ts',
  priority: 'high',
  due_date: '2030-01-15',
});
const created = new Date().toISOString().slice(0, 19).replace('T', ' ');
const CREATED = Buffer.from(
  JSON.stringify({
    message: 'Task created.',
    task: {
      id: randomUUID(),
      user_id: randomUUID(),
      title: 'Benchmark task',
      description: 'Written by bench/run.ts',
      status: 'pending',
      priority: 'high',
      due_date: '2030-01-15',
      created_at: created,
      updated_at: created,
    },
  }),
);

/**
 * A module of the Taskcast tree measured: this one, or the tree a variant names after `@` (`full@../main`), so
 * a change is measured against its parent in the same alternating rounds.
 */
const TREE = process.env['TASKCAST_TREE'] ?? fileURLToPath(new URL('..', import.meta.url));
const fromTree = <T,>(path: string): Promise<T> => import(pathToFileURL(join(TREE, path)).href) as Promise<T>;

/** Folders this process made, removed when it ends (see removeScratch). */
const scratchFolders = new Set<string>();
/** A fresh directory for a variant's store or journal. */
let scratch: string | undefined;
const scratchDir = (): string => {
  if (scratch === undefined) scratchFolders.add((scratch = mkdtempSync(join(tmpdir(), 'taskcast-in-memory-'))));
  return scratch;
};
/** Closes the Taskcast variant's store (its journal folded, its fold worker ended), once. */
let closeStore: (() => Promise<void>) | undefined;

/**
 * Removes the scratch folders (a variant's store, the bundle), whether the run ended well or not. A removal can
 * fail (a fold still writing in it can make rmSync throw ENOTEMPTY): it is then reported, not thrown, and the
 * folder left where it is.
 */
function removeScratch(): void {
  for (const dir of scratchFolders) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (error) {
      process.stderr.write(`could not remove ${dir}: ${(error as Error).message}\n`);
    }
  }
  scratchFolders.clear();
}
process.on('exit', removeScratch);

/** What a Taskcast variant is built from: the modules bootstrap/server/main.ts puts together, and h3's Node handler. */
const TASKCAST_MODULES = [
  'adapters/http/connection-guard.ts',
  'adapters/http/node-server.ts',
  'adapters/http/parsable-host.ts',
  'adapters/logging/pino-logger.ts',
  'adapters/metrics/taskcast-metrics.ts',
  'bootstrap/server/config.ts',
  'bootstrap/composition/container.ts',
  'bootstrap/server/container-options.ts',
  'bootstrap/composition/http-app.ts',
  'bootstrap/composition/start-up.ts',
] as const;

type TaskcastModules = typeof import('../adapters/http/connection-guard.ts') &
  typeof import('../adapters/http/node-server.ts') &
  typeof import('../adapters/http/parsable-host.ts') &
  typeof import('../adapters/logging/pino-logger.ts') &
  typeof import('../adapters/metrics/taskcast-metrics.ts') &
  typeof import('../bootstrap/server/config.ts') &
  typeof import('../bootstrap/composition/container.ts') &
  typeof import('../bootstrap/server/container-options.ts') &
  typeof import('../bootstrap/composition/http-app.ts') &
  typeof import('../bootstrap/composition/start-up.ts') &
  Pick<typeof import('h3'), 'toNodeHandler'>;

/**
 * The tree's modules as `npm start` runs them: bundled by esbuild with the server's own options
 * (bootstrap/server/server-bundle.mjs) into the tree's `.tmp/in-memory-bench-<pid>/`, at the depth of `npm start`'s
 * `.build/<digest>/`, beside the server's workers; without the source map `npm start` links (and reads with
 * `--enable-source-maps`), which only an error's stack trace uses. Under tsx (SOURCES=tsx) every function made per request
 * also costs a `__name` call (esbuild's keepNames, which the bundle does not use) and the profile names the
 * transformed sources; the bundle is what the limit bench serves. Either way one copy of h3, the tree's: its
 * app and its Node handler from two copies would fail each other's `instanceof` checks and take slower paths.
 */
async function taskcastModules(): Promise<TaskcastModules> {
  if (process.env['SOURCES'] === 'tsx') {
    const loaded = await Promise.all(TASKCAST_MODULES.map((path) => fromTree<Record<string, unknown>>(path)));
    const h3 = (await import(pathToFileURL(createRequire(join(TREE, 'package.json')).resolve('h3')).href)) as Record<
      string,
      unknown
    >;
    return Object.assign({}, ...loaded, { toNodeHandler: h3['toNodeHandler'] }) as TaskcastModules;
  }
  // One folder a process (two benches of one tree at once must not rebuild each other's bundle mid-import),
  // removed at exit with the other scratch folders.
  const outdir = join(TREE, '.tmp', `in-memory-bench-${process.pid}`);
  mkdirSync(outdir, { recursive: true });
  scratchFolders.add(outdir);
  const entry = join(outdir, 'bench-entry.ts');
  writeFileSync(
    entry,
    TASKCAST_MODULES.map((path) => `export * from ${JSON.stringify(join(TREE, path))};`).join('\n') +
      "\nexport { toNodeHandler } from 'h3';\n",
  );
  // The synchronous API, as start.mjs builds: the asynchronous one (esbuild's service over stdio streams) left
  // this process's process.nextTick optimised into code ~4x slower, which no served process has (about 2.5 µs
  // of a /health here until 2026-11-29; docs/benchmarks.md, "A first start's build").
  const { buildSync } = (await import(
    pathToFileURL(createRequire(join(TREE, 'package.json')).resolve('esbuild')).href
  )) as typeof import('esbuild');
  const { serverBundleOptions } = (await import(
    pathToFileURL(join(TREE, 'bootstrap/server/server-bundle.mjs')).href
  )) as { serverBundleOptions: (root: string, outdir: string, external: string[]) => import('esbuild').BuildOptions };
  const options = serverBundleOptions(TREE, outdir, ['@node-rs/bcrypt', 'esbuild']);
  buildSync({
    ...options,
    entryPoints: { ...(options.entryPoints as Record<string, string>), bench: entry },
    sourcemap: false,
  });
  return (await import(pathToFileURL(join(outdir, 'bench.mjs')).href)) as TaskcastModules;
}

async function serverOf(variant: string): Promise<Server> {
  if (ROUTE === 'post' && (variant === 'bare' || variant === 'h3')) {
    // The limit bench's bare and h3 mirrors (bench/lib/mirror-server.mjs) with their group-committed O_DSYNC
    // journal: the body read, parsed and made durable, then a recorded 201.
    const { bareHandler, h3Handler, openJournal } = await import('./lib/mirror-handlers.mjs');
    const answers = new Map([
      [
        'POST /api/tasks',
        {
          status: 201,
          headers: { 'content-type': 'application/json', 'content-length': String(CREATED.length) },
          body: CREATED,
        },
      ],
    ]);
    const journal = openJournal(join(scratchDir(), 'journal'));
    return createServer(variant === 'bare' ? bareHandler(answers, journal) : await h3Handler(answers, journal));
  }
  if (variant === 'bare') return createServer((_req, res) => res.writeHead(200, headers).end(body));
  if (variant === 'h3') {
    const { H3, HTTPResponse, toNodeHandler } = await import('h3');
    const app = new H3();
    app.all('/health', () => new HTTPResponse(body, { status: 200, headers }));
    return createServer(toNodeHandler(app) as RequestListener);
  }
  process.env['JWT_SECRET'] ??= 'taskcast-bench-secret-0123456789abcdef';
  if (ROUTE === 'post') {
    // Always the scratch folder: an exported DB_PATH or STORAGE would take 59,000 bench tasks into a real store.
    process.env['DB_PATH'] = join(scratchDir(), 'tasks.db');
    process.env['STORAGE'] = 'lowdb';
  } else process.env['DB_PATH'] ??= join(scratchDir(), 'tasks.db');
  process.env['LOG_LEVEL'] ??= 'warn';
  process.env['METRICS'] ??= 'off';
  // As the limit bench's servers (bench/lib/servers.ts): one user posts tens of thousands of tasks.
  process.env['MAX_TASKS_PER_USER'] ??= '0';
  const {
    guardConnections,
    listenExactly,
    StandardReasonResponse,
    replaceHostWithoutOrigin,
    createPinoLogger,
    processMetrics,
    readConfig,
    createContainer,
    containerOptionsOf,
    buildHttpApp,
    startTaskService,
    toNodeHandler,
  } = await taskcastModules();
  const config = readConfig();
  const log = createPinoLogger({ level: config.logLevel, format: 'json' });
  const metrics = config.metrics ? processMetrics() : false;
  const container = createContainer({
    ...containerOptionsOf(config, (message) => log.info(message), metrics),
    maxTasksPerUser: config.maxTasksPerUser,
  });
  const store = await startTaskService(container);
  closeStore = () => store.close();
  const app = await buildHttpApp(container, {
    authBudgets: config.authBudgets,
    forecastRequestsPerMinute: config.forecastRequestsPerMinute,
    log,
    metrics,
    requestLog: config.logLevel === 'info' || config.logLevel === 'debug' ? log.requests : undefined,
    servedBy: 'node',
  });
  const handler = toNodeHandler(app) as RequestListener;
  if (variant === 'full' || variant === 'wrapped') {
    const { server } = await listenExactly(handler, { host: '127.0.0.1', port: 0 });
    if (variant === 'full') guardConnections(server, config.connectionLimits);
    return server;
  }
  if (variant === 'subclass') return createServer({ ServerResponse: StandardReasonResponse }, handler);
  if (variant === 'host')
    return createServer((req: IncomingMessage, res: ServerResponse) => {
      replaceHostWithoutOrigin(req);
      void handler(req, res);
    });
  const server = createServer(handler);
  if (variant === 'guard') guardConnections(server, config.connectionLimits);
  return server;
}

/** Two ends of one in-memory connection: what one writes, the other reads. */
function connection(): { client: Duplex; server: Duplex } {
  const ends: Array<Duplex & { bytesWritten: number }> = [];
  const end = (other: () => Duplex): Duplex & { bytesWritten: number } => {
    // A net.Socket counts what it wrote; the request observer's log line reports it.
    const self = Object.assign(
      new Duplex({
        read() {},
        write(chunk: Buffer, _encoding, callback) {
          self.bytesWritten += chunk.length;
          other().push(chunk);
          callback();
        },
        writev(chunks, callback) {
          const data = Buffer.concat(chunks.map((c) => c.chunk as Buffer));
          self.bytesWritten += data.length;
          other().push(data);
          callback();
        },
        final(callback) {
          other().push(null);
          callback();
        },
      }),
      { bytesWritten: 0 },
    );
    return self;
  };
  ends.push(
    end(() => ends[1]!),
    end(() => ends[0]!),
  );
  const server = ends[1]! as unknown as Duplex & Record<string, unknown>;
  // What node:http asks of a net.Socket beyond a stream.
  server['remoteAddress'] = '127.0.0.1';
  for (const method of ['setTimeout', 'setNoDelay', 'setKeepAlive']) server[method] = () => server;
  return { client: ends[0]!, server };
}

const HEALTH = Buffer.from('GET /health HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nuser-agent: in-memory\r\n\r\n');
/** ROUTE=points: one place's `/points` (Manhattan, KS), answered from the embedded provider's kept document. */
const POINTS = Buffer.from(
  'GET /points/39.1836,-96.5717 HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nuser-agent: in-memory\r\n\r\n',
);

function post(path: string, json: string, extra = ''): Buffer {
  return Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nuser-agent: in-memory\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(json)}\r\n${extra}\r\n${json}`,
  );
}

/** The request a round sends, and the status line its answers must start with. */
async function requestOf(server: Server, variant: string): Promise<{ request: Buffer; status: string }> {
  if (ROUTE === 'health') return { request: HEALTH, status: 'HTTP/1.1 200' };
  if (ROUTE === 'points') return { request: POINTS, status: 'HTTP/1.1 200' };
  if (variant === 'bare' || variant === 'h3') return { request: post('/api/tasks', TASK_BODY), status: 'HTTP/1.1 201' };
  // One user signs up, as the limit bench's poster does, and every POST carries that user's bearer token.
  const signUp = JSON.stringify({ name: 'In memory', email: 'in-memory@bench.example', password: 'bench-password-1' });
  const answer = await exchange(server, post('/api/auth/signup', signUp));
  const token = (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { token: string }).token;
  return { request: post('/api/tasks', TASK_BODY, `authorization: Bearer ${token}\r\n`), status: 'HTTP/1.1 201' };
}

/** One request on a connection of its own; its whole answer as text (the connection is closed after it). */
function exchange(server: Server, request: Buffer): Promise<string> {
  const { client, server: socket } = connection();
  server.emit('connection', socket);
  const chunks: Buffer[] = [];
  client.on('data', (chunk: Buffer) => chunks.push(chunk));
  client.write(request);
  return new Promise((resolve) => {
    const check = (): void => {
      const text = Buffer.concat(chunks).toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? -1);
      if (end >= 0 && length >= 0 && Buffer.byteLength(text) >= end + 4 + length) {
        client.end();
        resolve(text);
      } else client.once('data', check);
    };
    client.once('data', check);
  });
}

/** `count` requests over CONNECTIONS connections, each sending its next request once its answer is whole. */
function round(server: Server, count: number, REQUEST: Buffer, status: string): Promise<void> {
  let left = count;
  let open = CONNECTIONS;
  return new Promise((done, fail) => {
    for (let c = 0; c < CONNECTIONS; c++) {
      const { client, server: socket } = connection();
      server.emit('connection', socket);
      let pending: Buffer = Buffer.alloc(0);
      const next = (): void => {
        if (left-- > 0) client.write(REQUEST);
        else if (--open === 0) done();
      };
      client.on('data', (chunk: Buffer) => {
        pending = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
        for (;;) {
          const end = pending.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = pending.subarray(0, end).toString('latin1');
          if (!head.startsWith(status)) return fail(new Error(head));
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
          if (pending.length < end + 4 + length) return;
          pending = pending.subarray(end + 4 + length);
          next();
        }
      });
      next();
    }
  });
}

async function measureOne(variant: string): Promise<void> {
  const server = await serverOf(variant);
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { request, status } = await requestOf(server, variant);
  await round(server, 3000, request, status);
  const profile =
    process.env['PROFILE'] !== undefined
      ? await startProfile('cpu')
      : process.env['HEAP_PROFILE'] !== undefined
        ? await startProfile('heap')
        : undefined;
  const us: number[] = [];
  const mainUs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const before = process.cpuUsage();
    const mainBefore = mainThreadNs();
    await round(server, REQUESTS, request, status);
    const used = process.cpuUsage(before);
    us.push((used.user + used.system) / REQUESTS);
    mainUs.push((mainThreadNs() - mainBefore) / 1000 / REQUESTS);
  }
  if (profile) await profile((process.env['PROFILE'] ?? process.env['HEAP_PROFILE'])!);
  const least = (xs: number[]): number => Math.min(...xs);
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const figures = { least: least(us), median: median(us), mainLeast: least(mainUs), mainMedian: median(mainUs) };
  process.stdout.write(`${JSON.stringify({ variant, ...figures })}\n`);
  // The store first: its close waits for a fold in progress, which would otherwise still write in the folder.
  await closeStore?.().catch((error: unknown) => {
    process.stderr.write(`the store did not close cleanly: ${(error as Error).message}\n`);
  });
  process.exit(0); // removes the scratch folders (process.on('exit'))
}

/**
 * From now (after the warm-up round), V8's CPU profile of the main thread (a sample every 100 µs), or its
 * sampling heap profile counting what the collector has freed too (a sample every 512 bytes): what a request
 * allocates. The function returned stops it and writes it.
 */
async function startProfile(kind: 'cpu' | 'heap'): Promise<(file: string) => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  if (kind === 'cpu') {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
  } else {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  return async (file) => {
    const { profile } =
      kind === 'cpu' ? await session.post('Profiler.stop') : await session.post('HeapProfiler.stopSampling');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

/** The main thread's CPU time (Linux's schedstat, ns): the rest of the process is libuv's pool and workers. */
function mainThreadNs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
}

function alternate(variants: readonly string[], passes: number): void {
  for (let pass = 0; pass < passes; pass++) {
    for (const variant of pass % 2 === 0 ? variants : [...variants].reverse()) {
      const [name, tree] = variant.split('@') as [string, string | undefined];
      const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
        env: { ...process.env, VARIANT: name, ...(tree === undefined ? {} : { TASKCAST_TREE: resolve(tree) }) },
        encoding: 'utf8',
        // With LOG_LEVEL=info the request lines come out here too; the figures are the last line.
        maxBuffer: 1 << 30,
      });
      const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      const f = JSON.parse(out.split('\n').findLast((line) => line.startsWith('{"variant"'))!) as Record<
        'least' | 'median' | 'mainLeast' | 'mainMedian',
        number
      >;
      console.log(
        `pass ${pass + 1} ${variant.padEnd(12)} least ${f.least.toFixed(1)} µs, median ${f.median.toFixed(1)} µs a request; ` +
          `main thread ${f.mainLeast.toFixed(1)}, ${f.mainMedian.toFixed(1)} (load ${load})`,
      );
    }
  }
}

const [mode, list, passes] = process.argv.slice(2);
if (mode === 'ab' && list !== undefined) {
  const variants = list.split(',');
  for (const v of variants)
    if (!(VARIANTS as readonly string[]).includes(v.split('@')[0]!)) throw new Error(`unknown variant ${v}`);
  alternate(variants, Number(passes ?? 3));
} else {
  await measureOne(process.env['VARIANT'] ?? 'full');
}
