/**
 * Server CPU a request costs in user space alone: the server's `'connection'` is handed in-memory `Duplex` pairs,
 * so no kernel, no loopback and no load-generator process share the request's caches. Beside the limit bench
 * (whose figures on a machine with far memory follow what a request touches; docs/benchmarks.md, "On the
 * Firecracker VM"), it tells a step's own cost from what the machine adds around it.
 *
 *   node --import tsx bench/in-memory-requests.mts ab <variant,…> [passes]   fresh processes, alternating order
 *   VARIANT=<variant> node --import tsx bench/in-memory-requests.mts          one process: CPU µs a request
 *
 * Variants (`/health`, Taskcast with LOG_LEVEL=warn METRICS=off unless the environment says otherwise; every one
 * listens, as a served one does, since a listening node:http server tracks its connections per request):
 *   bare       node:http answering recorded bytes        h3         h3 alone answering the same bytes
 *   plain      Taskcast's app on a plain createServer   subclass   the same with StandardReasonResponse
 *   host       the same with the Host check             guard      the same with the connection guard
 *   wrapped    the app through listenExactly (the subclass and the Host check together), no guard
 *   full       the server as bootstrap/server/main.ts listens (listenExactly, then the connection guard)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';

const VARIANTS = ['bare', 'h3', 'plain', 'subclass', 'host', 'guard', 'wrapped', 'full'] as const;
const CONNECTIONS = 32;
const REQUESTS = Number(process.env['REQUESTS'] ?? 8000);
const ROUNDS = Number(process.env['ROUNDS'] ?? 7);

const body = Buffer.from(JSON.stringify({ status: 'ok', timestamp: new Date().toISOString() }));
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

async function serverOf(variant: string): Promise<Server> {
  if (variant === 'bare') return createServer((_req, res) => res.writeHead(200, headers).end(body));
  const { H3, HTTPResponse, toNodeHandler } = await import('h3');
  if (variant === 'h3') {
    const app = new H3();
    app.all('/health', () => new HTTPResponse(body, { status: 200, headers }));
    return createServer(toNodeHandler(app) as RequestListener);
  }
  process.env['JWT_SECRET'] ??= 'taskcast-bench-secret-0123456789abcdef';
  process.env['DB_PATH'] ??= join(mkdtempSync(join(tmpdir(), 'taskcast-in-memory-')), 'tasks.db');
  process.env['LOG_LEVEL'] ??= 'warn';
  process.env['METRICS'] ??= 'off';
  const { guardConnections } = await import('../adapters/http/connection-guard.ts');
  const { listenExactly, StandardReasonResponse } = await import('../adapters/http/node-server.ts');
  const { replaceUnparsableHost } = await import('../adapters/http/parsable-host.ts');
  const { createPinoLogger } = await import('../adapters/logging/pino-logger.ts');
  const { processMetrics } = await import('../adapters/metrics/taskcast-metrics.ts');
  const { readConfig } = await import('../bootstrap/server/config.ts');
  const { createContainer } = await import('../bootstrap/composition/container.ts');
  const { containerOptionsOf } = await import('../bootstrap/server/container-options.ts');
  const { buildHttpApp } = await import('../bootstrap/composition/http-app.ts');
  const { startTaskService } = await import('../bootstrap/composition/start-up.ts');
  const config = readConfig();
  const log = createPinoLogger({ level: config.logLevel, format: 'json' });
  const metrics = config.metrics ? processMetrics() : false;
  const container = createContainer(containerOptionsOf(config, (message) => log.info(message), metrics));
  await startTaskService(container);
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
      replaceUnparsableHost(req);
      void handler(req, res);
    });
  const server = createServer(handler);
  if (variant === 'guard') guardConnections(server, config.connectionLimits);
  return server;
}

/** Two ends of one in-memory connection: what one writes, the other reads. */
function connection(): { client: Duplex; server: Duplex } {
  const ends: Duplex[] = [];
  const end = (other: () => Duplex): Duplex =>
    new Duplex({
      read() {},
      write(chunk: Buffer, _encoding, callback) {
        other().push(chunk);
        callback();
      },
      writev(chunks, callback) {
        other().push(Buffer.concat(chunks.map((c) => c.chunk as Buffer)));
        callback();
      },
      final(callback) {
        other().push(null);
        callback();
      },
    });
  ends.push(
    end(() => ends[1]!),
    end(() => ends[0]!),
  );
  const server = ends[1]! as Duplex & Record<string, unknown>;
  // What node:http asks of a net.Socket beyond a stream.
  server['remoteAddress'] = '127.0.0.1';
  for (const method of ['setTimeout', 'setNoDelay', 'setKeepAlive']) server[method] = () => server;
  return { client: ends[0]!, server };
}

const REQUEST = Buffer.from('GET /health HTTP/1.1\r\nHost: 127.0.0.1:3000\r\nuser-agent: in-memory\r\n\r\n');

/** `count` requests over CONNECTIONS connections, each sending its next request once its answer is whole. */
function round(server: Server, count: number): Promise<void> {
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
          if (!head.startsWith('HTTP/1.1 200')) return fail(new Error(head));
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
  await round(server, 3000);
  const us: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const before = process.cpuUsage();
    await round(server, REQUESTS);
    const used = process.cpuUsage(before);
    us.push((used.user + used.system) / REQUESTS);
  }
  us.sort((a, b) => a - b);
  process.stdout.write(`${JSON.stringify({ variant, least: us[0], median: us[Math.floor(us.length / 2)] })}\n`);
  const db = process.env['DB_PATH'];
  if (db?.includes('taskcast-in-memory-')) rmSync(dirname(db), { recursive: true, force: true });
  process.exit(0);
}

function alternate(variants: readonly string[], passes: number): void {
  for (let pass = 0; pass < passes; pass++) {
    for (const variant of pass % 2 === 0 ? variants : [...variants].reverse()) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
        env: { ...process.env, VARIANT: variant },
        encoding: 'utf8',
      });
      const load = execFileSync('cat', ['/proc/loadavg'], { encoding: 'utf8' }).split(' ')[0];
      const { least, median } = JSON.parse(out.trim().split('\n').at(-1)!) as { least: number; median: number };
      console.log(
        `pass ${pass + 1} ${variant.padEnd(8)} least ${least.toFixed(1)} µs, median ${median.toFixed(1)} µs a request (load ${load})`,
      );
    }
  }
}

const [mode, list, passes] = process.argv.slice(2);
if (mode === 'ab' && list !== undefined) {
  const variants = list.split(',');
  for (const v of variants) if (!(VARIANTS as readonly string[]).includes(v)) throw new Error(`unknown variant ${v}`);
  alternate(variants, Number(passes ?? 3));
} else {
  await measureOne(process.env['VARIANT'] ?? 'full');
}
