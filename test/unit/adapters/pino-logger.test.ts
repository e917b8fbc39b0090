import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { test } from 'node:test';
import { toNodeHandler } from 'h3';
import { answerRefusedRequests } from '../../../adapters/http/refused-requests.ts';
import { createPinoLogger, defaultLogFormat } from '../../../adapters/logging/pino-logger.ts';
import type { RequestLine } from '../../../adapters/logging/request-line.ts';
import type { LogLevel } from '../../../adapters/logging/logger.ts';
import { TaskcastMetrics } from '../../../adapters/metrics/taskcast-metrics.ts';
import { createContainer } from '../../../bootstrap/composition/container.ts';
import { buildHttpApp } from '../../../bootstrap/composition/http-app.ts';

/** A pino logger writing JSON lines into memory. */
function capture(level: LogLevel = 'info') {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const log = createPinoLogger({ level, format: 'json', destination });
  return {
    log,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

type AppOptions = {
  log: ReturnType<typeof capture>['log'];
  trustProxy?: boolean;
  logRequests?: boolean;
  servedBy?: 'node' | 'fetch';
  metrics?: TaskcastMetrics;
  /** Answer what Node's parser refuses through the app, as npm start does. */
  answerRefused?: boolean;
};

/** The real app (task routes, no forecast), logging into `log`. */
async function app(options: AppOptions) {
  const container = createContainer({
    storage: 'memory',
    jwtSecret: 'logger-tests-secret-of-32-characters!',
    bcryptCost: 4,
    forecastProvider: false,
  });
  return buildHttpApp(container, {
    authBudgets: { loginFailuresPerAccount: 0, loginFailuresPerAddress: 0, signUpsPerAddress: 0 },
    trustProxy: options.trustProxy ?? false,
    log: options.log,
    metrics: options.metrics ?? new TaskcastMetrics({ processMetrics: false }),
    requestLog: (options.logRequests ?? true) ? options.log.requests : undefined,
    servedBy: options.servedBy,
  });
}

/** The real app on a real socket (so the request line sees bytes on the wire), logging into `log`. */
async function serve(options: AppOptions) {
  // As npm start serves it unless told otherwise: request lines taken from the socket, no h3 response hook.
  const h3 = await app({ ...options, servedBy: options.servedBy ?? 'node' });
  const server: Server = createServer(toNodeHandler(h3));
  if (options.answerRefused) {
    const answer = answerRefusedRequests({ fetch: (request) => h3.fetch(request), report: () => {} });
    server.on('clientError', (error, socket: Socket) => answer(error, socket, false));
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Request lines are written when the socket closes the response: wait until `count` are there. */
async function requestLines(sink: ReturnType<typeof capture>, count: number): Promise<Record<string, unknown>[]> {
  for (let i = 0; i < 200; i++) {
    const lines = sink.lines().filter((line) => line['msg'] === 'request');
    if (lines.length >= count) return lines;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`expected ${count} request lines, got:\n${sink.text()}`);
}

test('a sign-up is logged as one request line, and no password, token or cookie reaches the output', async () => {
  const sink = capture('debug');
  const server = await serve({ log: sink.log });
  try {
    const password = 'Tr0ub4dor&3-never-logged';
    const response = await fetch(`${server.origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'session=cookie-value-never-logged' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password }),
    });
    assert.equal(response.status, 201);
    const { token } = (await response.json()) as { token: string };
    // What a careless adapter might one day pass in: the body, the headers, a config.
    sink.log.info('sign-up received', { body: { name: 'Ada', email: 'ada@example.com', password } });
    sink.log.debug('headers', {
      req: { headers: { authorization: `Bearer ${token}`, cookie: 'session=cookie-value-never-logged' } },
    });
    sink.log.warn('config', { jwtSecret: 'a-secret-of-at-least-32-characters!!', token, password });

    const [line] = await requestLines(sink, 1);
    const text = sink.text();
    assert.ok(!text.includes(password), `the password is not in the output:\n${text}`);
    assert.ok(!text.includes(token), 'the token is not in the output');
    assert.ok(!text.includes('cookie-value-never-logged'), 'the cookie is not in the output');
    assert.ok(!text.includes('a-secret-of-at-least-32-characters'), 'the secret is not in the output');
    assert.ok(text.includes('ada@example.com'), 'the rest of the fields is kept');
    const received = sink.lines().find((l) => l['msg'] === 'sign-up received');
    assert.deepEqual(received?.['body'], { name: 'Ada', email: 'ada@example.com', password: '[redacted]' });
    assert.equal(line?.['level'], 30, 'info');
  } finally {
    await server.close();
  }
});

test('the request line: method, route pattern, status, duration, bytes, client address, correlation id', async () => {
  const sink = capture();
  const server = await serve({ log: sink.log, trustProxy: true });
  try {
    const tasks = await fetch(`${server.origin}/api/tasks/123`, {
      headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
    });
    const taskBody = await tasks.arrayBuffer();
    assert.equal(tasks.status, 401);
    // Any path outside /api is the forecast API's, whose answers (404 here: no provider) carry a correlation id.
    const forecast = await fetch(`${server.origin}/no/such/thing`, { headers: { 'user-agent': 'tests' } });
    await forecast.arrayBuffer();
    const correlationId = forecast.headers.get('x-correlation-id');
    assert.ok(correlationId);

    const lines = await requestLines(sink, 2);
    const task = lines.find((l) => l['path'] === '/api/tasks/123');
    assert.ok(task, sink.text());
    assert.equal(task['method'], 'GET');
    assert.equal(task['route'], '/api/tasks/:id', 'the pattern, not the path');
    assert.equal(task['status'], 401);
    assert.equal(typeof task['durationMs'], 'number');
    assert.ok((task['bytes'] as number) > taskBody.byteLength, 'bytes sent, headers included');
    assert.equal(task['client'], '198.51.100.7', 'the last X-Forwarded-For entry, as TRUST_PROXY=1 says');
    assert.equal(task['correlationId'], undefined);
    const other = lines.find((l) => l['path'] === '/no/such/thing');
    assert.equal(other?.['status'], 404);
    assert.equal(other?.['correlationId'], correlationId);
  } finally {
    await server.close();
  }
});

test('without TRUST_PROXY the client is the socket peer, whatever X-Forwarded-For says', async () => {
  const sink = capture();
  const server = await serve({ log: sink.log });
  try {
    await (await fetch(`${server.origin}/health`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).arrayBuffer();
    const [line] = await requestLines(sink, 1);
    assert.equal(line?.['client'], '127.0.0.1');
    assert.equal(line?.['route'], '/health');
  } finally {
    await server.close();
  }
});

test('no request lines when they are not asked for (LOG_LEVEL above info)', async () => {
  const sink = capture('debug');
  const server = await serve({ log: sink.log, logRequests: false });
  try {
    await (await fetch(`${server.origin}/health`)).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(sink.lines().filter((l) => l['msg'] === 'request').length, 0);
  } finally {
    await server.close();
  }
});

test('levels: a line below the level is not written; JSON lines carry pino fields', () => {
  const sink = capture('warn');
  sink.log.info('hidden');
  sink.log.error('shown', { n: 1 });
  const lines = sink.lines();
  assert.equal(lines.length, 1);
  assert.equal(lines[0]?.['msg'], 'shown');
  assert.equal(lines[0]?.['level'], 50);
  assert.equal(lines[0]?.['n'], 1);
  assert.equal(typeof lines[0]?.['time'], 'number');
});

test('LOG_FORMAT unset: readable lines on a terminal, JSON lines otherwise', () => {
  assert.equal(defaultLogFormat({ isTTY: true }), 'pretty');
  assert.equal(defaultLogFormat({ isTTY: false }), 'json');
  assert.equal(defaultLogFormat({}), 'json');
});

test('request lines are byte for byte what pino writes for the same fields', () => {
  const sink = capture();
  const text = fc.string({ unit: 'binary', maxLength: 40 });
  const line = fc.record<RequestLine>(
    {
      method: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'HEAD'),
      route: text,
      path: text,
      status: fc.integer({ min: 100, max: 599 }),
      durationMs: fc.double({ min: 0, max: 1e6, noNaN: true }).map((ms) => Math.round(ms * 100) / 100),
      bytes: fc.option(fc.nat(), { nil: null }),
      client: text,
      correlationId: fc.option(fc.uuid(), { nil: undefined }),
      aborted: fc.option(fc.constant(true), { nil: undefined }),
    },
    { requiredKeys: ['method', 'route', 'path', 'status', 'durationMs', 'bytes', 'client'] },
  );
  fc.assert(
    fc.property(line, (l) => {
      const before = sink.text().length;
      sink.log.requests.request(l);
      sink.log.info('request', { ...l });
      const [ours, pinos] = sink.text().slice(before).split('\n');
      const untimed = (s: string | undefined) => s?.replace(/"time":\d+/, '"time":0');
      assert.equal(untimed(ours), untimed(pinos));
    }),
    { numRuns: 300 },
  );
});

test('through app.fetch (no socket) a request is logged too', async () => {
  const sink = capture();
  const response = await (await app({ log: sink.log })).fetch(new Request('http://localhost/health'));
  const body = await response.arrayBuffer();
  const [line] = await requestLines(sink, 1);
  assert.equal(line?.['route'], '/health');
  assert.equal(line?.['status'], 200);
  // Without a socket the bytes are the body's declared length, and h3 declares none for this JSON answer.
  assert.ok(line?.['bytes'] === null || line?.['bytes'] === body.byteLength, JSON.stringify(line));
});

/**
 * A login whose body is announced but never sent: the request is in the app (reading it) when the client
 * hangs up, before any answer is written.
 */
async function abandonLogin(origin: string): Promise<void> {
  const socket = new Socket();
  await new Promise<void>((resolve) => socket.connect(Number(new URL(origin).port), '127.0.0.1', resolve));
  socket.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
}

test('a client that goes away before the answer is sent is logged as aborted', async () => {
  const sink = capture();
  const server = await serve({ log: sink.log });
  try {
    await abandonLogin(server.origin);
    const [line] = await requestLines(sink, 1);
    assert.equal(line?.['route'], '/api/auth/login');
    assert.equal(line?.['aborted'], true);
  } finally {
    await server.close();
  }
});

test('a client that goes away before any answer is written is not logged as a 200', async () => {
  const sink = capture();
  const metrics = new TaskcastMetrics({ processMetrics: false });
  const server = await serve({ log: sink.log, metrics });
  try {
    await abandonLogin(server.origin);
    const [line] = await requestLines(sink, 1);
    assert.equal(line?.['aborted'], true);
    // Nothing was sent, so no 200 was: nginx's 499 (client closed request), in the line and the counter.
    assert.equal(line?.['status'], 499);
    const text = await metrics.render();
    assert.match(text, /taskcast_http_requests_total\{method="POST",route="\/api\/auth\/login",status="499"\} 1/);
    assert.doesNotMatch(text, /route="\/api\/auth\/login",status="200"/);
  } finally {
    await server.close();
  }
});

test('a request Node refused (headers too large), answered through the app, is logged and counted', async () => {
  const sink = capture();
  const metrics = new TaskcastMetrics({ processMetrics: false });
  const server = await serve({ log: sink.log, metrics, answerRefused: true });
  try {
    const response = await fetch(`${server.origin}/health`, { headers: { 'x-big': 'a'.repeat(20_000) } });
    await response.arrayBuffer();
    assert.equal(response.status, 431);
    const [line] = await requestLines(sink, 1);
    assert.equal(line?.['status'], 431);
    assert.equal(line?.['route'], '/health');
    assert.equal(line?.['client'], '127.0.0.1');
    assert.ok(typeof line?.['bytes'] === 'number' && line['bytes'] > 0, JSON.stringify(line));
    assert.match(
      await metrics.render(),
      /taskcast_http_requests_total\{method="GET",route="\/health",status="431"\} 1/,
    );
  } finally {
    await server.close();
  }
});

test('pipelined requests on one connection each count only the bytes of their own answer', async () => {
  const sink = capture();
  const server = await serve({ log: sink.log });
  try {
    const socket = new Socket();
    await new Promise<void>((resolve) => socket.connect(Number(new URL(server.origin).port), '127.0.0.1', resolve));
    let received = 0;
    socket.on('data', (chunk: Buffer) => (received += chunk.length));
    const ended = new Promise((resolve) => socket.on('end', resolve));
    // Sent in one write: Node queues the second and third answers behind the first.
    const get = 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n';
    socket.write(`${get}${get}GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    await ended;
    const lines = await requestLines(sink, 3);
    const bytes = lines.map((line) => line['bytes'] as number);
    assert.equal(
      bytes.reduce((a, b) => a + b, 0),
      received,
      `each line its own answer's bytes: ${JSON.stringify(bytes)}, ${received} received`,
    );
    assert.equal(bytes[0], bytes[1]);
  } finally {
    await server.close();
  }
});
