/**
 * What goes on the wire, read from a raw socket against `npm start` (issue 35, items 15 and 16):
 * - every status line carries the standard reason phrase (srvx passed h3's empty statusText to writeHead,
 *   and Node sent `HTTP/1.1 200 ` with none);
 * - each media type has one spelling in Content-Type, successes and errors alike (task successes said
 *   `application/json;charset=UTF-8`, its errors `application/json; charset=utf-8`);
 * - a request whose URL or headers are larger than Node's parser reads gets the API's own error shape
 *   (it got Node's bare 431 with an empty body), and so does a request that is not HTTP at all.
 */
import assert from 'node:assert/strict';
import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { killLeftovers, makeTempDir, ServerProcess } from './server-process.ts';

after(killLeftovers);

interface RawResponse {
  readonly statusLine: string;
  readonly status: number;
  /** Lower-case names; a repeated header keeps its last value. */
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * Sends `chunks` (with a pause between them) on a new connection and reads until the server closes it or
 * `idleMs` passes without data; returns every response read, in order.
 */
/**
 * Sends `chunks` on one connection, 30 ms apart, and collects what comes back until the connection goes idle.
 * With `answered`, each chunk after the first waits until the ones before it have been answered: a test about
 * an answered request must not depend on how fast a loaded machine answers within those 30 ms.
 */
function exchange(
  port: number,
  chunks: string[],
  { idleMs = 1500, answered = false }: { idleMs?: number; answered?: boolean } = {},
): Promise<{ responses: RawResponse[]; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    let closed = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses: parseResponses(data), closed });
    };
    const idle = (): void => {
      clearTimeout(timer);
      timer = setTimeout(finish, idleMs);
    };
    let onData = (): void => {};
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      idle();
      onData();
    });
    const answersReach = (count: number): Promise<void> =>
      new Promise((done) => {
        const check = (): void => {
          if (parseResponses(data).length < count && !socket.destroyed) return;
          onData = () => {};
          done();
        };
        onData = check;
        check();
      });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? finish() : reject(error)));
    const send = async (): Promise<void> => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, 30));
        if (i > 0 && answered) await answersReach(i);
        if (!socket.destroyed) socket.write(chunk);
      }
      idle();
    };
    socket.on('connect', () => void send());
  });
}

function parseResponses(data: Buffer): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = data;
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) break;
    const [statusLine = '', ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    // A 304 has no body; a HEAD's answer names a length it does not send, and nothing follows it here.
    const bodyBytes = /^HTTP\/1\.1 (304|204)/.test(statusLine) ? 0 : length;
    const body = rest.subarray(end + 4, end + 4 + bodyBytes).toString('utf8');
    responses.push({ statusLine, status: Number(statusLine.split(' ')[1]), headers, body });
    rest = rest.subarray(end + 4 + bodyBytes);
  }
  return responses;
}

async function one(port: number, request: string): Promise<RawResponse> {
  const { responses } = await exchange(port, [request]);
  assert.ok(responses[0], `no response to ${request.slice(0, 80)}`);
  return responses[0];
}

function request(method: string, path: string, headers: Record<string, string> = {}, body?: string): string {
  const all: Record<string, string> = { host: 'wire.test', 'user-agent': 'wire-format-test', ...headers };
  if (body !== undefined) {
    all['content-type'] = 'application/json';
    all['content-length'] = String(Buffer.byteLength(body));
  }
  const lines = Object.entries(all).map(([k, v]) => `${k}: ${v}`);
  return `${method} ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\nconnection: close\r\n\r\n${body ?? ''}`;
}

const standardStatusLine = (status: number): string => `HTTP/1.1 ${status} ${STATUS_CODES[status]}`;

let server: ServerProcess;

before(async () => {
  server = await ServerProcess.start({ dbPath: join(makeTempDir('wire'), 'tasks.db') });
});

describe('status lines and Content-Type spellings (item 15)', () => {
  test('every answer has the standard reason phrase; one spelling per media type, JSON types bare', async () => {
    const port = server.port;
    const account = { name: 'W', email: 'w@wire.test', password: 'correct horse' };
    const signUpAs = () => one(port, request('POST', '/api/auth/signup', {}, JSON.stringify(account)));
    const logInWith = (password: string) =>
      one(port, request('POST', '/api/auth/login', {}, JSON.stringify({ email: account.email, password })));
    const signUp = await signUpAs();
    const token = (JSON.parse(signUp.body) as { token: string }).token;
    const auth = { authorization: `Bearer ${token}` };
    const created = await one(port, request('POST', '/api/tasks', auth, JSON.stringify({ title: 'wire' })));
    const id = (JSON.parse(created.body) as { task: { id: string } }).task.id;
    const single = await one(port, request('GET', `/api/tasks/${id}`, auth));
    const point = '/points/39.7456,-97.0892';
    const answers: Array<[string, RawResponse, number]> = [
      ['sign-up', signUp, 201],
      ['create', created, 201],
      ['health', await one(port, request('GET', '/health')), 200],
      ['ready', await one(port, request('GET', '/ready')), 200],
      ['login', await logInWith(account.password), 200],
      ['list', await one(port, request('GET', '/api/tasks', auth)), 200],
      ['task', single, 200],
      [
        '304',
        await one(port, request('GET', `/api/tasks/${id}`, { ...auth, 'if-none-match': single.headers['etag'] ?? '' })),
        304,
      ],
      [
        'patch',
        await one(port, request('PATCH', `/api/tasks/${id}`, auth, JSON.stringify({ status: 'completed' }))),
        200,
      ],
      ['bad filter', await one(port, request('GET', '/api/tasks?status=done', auth)), 400],
      ['no token', await one(port, request('GET', '/api/tasks')), 401],
      ['wrong password', await logInWith('wrong horse'), 401],
      ['unknown task', await one(port, request('GET', '/api/tasks/nope', auth)), 404],
      ['wrong method', await one(port, request('PUT', '/api/tasks', auth)), 405],
      ['taken email', await signUpAs(), 409],
      ['delete', await one(port, request('DELETE', `/api/tasks/${id}`, auth)), 200],
      ['task openapi', await one(port, request('GET', '/api/openapi.json')), 200],
      ['point', await one(port, request('GET', point)), 200],
      ['point as json', await one(port, request('GET', point, { accept: 'application/json' })), 200],
      ['point as json-ld', await one(port, request('GET', point, { accept: 'application/ld+json' })), 200],
      ['point not acceptable', await one(port, request('GET', point, { accept: 'application/xml' })), 406],
      ['no user agent', await one(port, `GET ${point} HTTP/1.1\r\nhost: wire.test\r\nconnection: close\r\n\r\n`), 403],
      ['bad point', await one(port, request('GET', '/points/999,999')), 400],
      ['unknown forecast path', await one(port, request('GET', '/nowhere')), 404],
      ['problem page', await one(port, request('GET', '/problems/NotFound')), 200],
      ['problem page as html', await one(port, request('GET', '/problems/NotFound', { accept: 'text/html' })), 200],
      ['forecast openapi', await one(port, request('GET', '/openapi.json')), 200],
      ['docs', await one(port, request('GET', '/docs', { accept: 'text/html' })), 200],
    ];
    const spellings = new Map<string, Set<string>>();
    for (const [what, answer, status] of answers) {
      assert.equal(answer.status, status, `${what}: ${answer.statusLine} ${answer.body.slice(0, 200)}`);
      assert.equal(answer.statusLine, standardStatusLine(status), what);
      const type = answer.headers['content-type'];
      if (type === undefined) continue;
      const media = type.split(';')[0]!.trim().toLowerCase();
      if (!spellings.has(media)) spellings.set(media, new Set());
      spellings.get(media)!.add(type);
    }
    for (const [media, seen] of spellings) {
      assert.equal(seen.size, 1, `${media} is spelled ${[...seen].join(' and ')}`);
      const [spelling] = seen;
      if (media.endsWith('json')) assert.equal(spelling, media, `${media} carries no parameter`);
      else assert.equal(spelling, `${media}; charset=utf-8`, `${media} names its charset one way`);
    }
    for (const media of ['application/json', 'application/geo+json', 'application/ld+json', 'application/problem+json'])
      assert.ok(spellings.has(media), `${media} was seen`);
  });
});

describe('oversized and malformed requests get the API’s own error shape (item 16)', () => {
  const big = 'b'.repeat(20_000);

  const problemShape = (answer: RawResponse, name: string, status: number, base = 'http://wire.test'): void => {
    assert.equal(answer.statusLine, standardStatusLine(status));
    assert.equal(answer.headers['content-type'], 'application/problem+json');
    assert.equal(answer.headers['connection'], 'close');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['correlationId', 'detail', 'instance', 'status', 'title', 'type']);
    assert.equal(body['type'], `${base}/problems/${name}`);
    assert.equal(body['status'], status);
    assert.equal(body['instance'], `${base}/requests/${String(body['correlationId'])}`);
    assert.equal(answer.headers['x-correlation-id'], body['correlationId']);
    assert.equal(typeof body['detail'], 'string');
  };

  const taskShape = (answer: RawResponse, name: string, status: number): void => {
    assert.equal(answer.statusLine, standardStatusLine(status));
    assert.equal(answer.headers['content-type'], 'application/json');
    assert.equal(answer.headers['connection'], 'close');
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    assert.equal(body['error'], name);
    assert.equal(typeof body['message'], 'string');
    assert.deepEqual(
      Object.keys(body).sort(),
      name === 'ValidationError' ? ['details', 'error', 'message'] : ['error', 'message'],
    );
  };

  test('task API: a URL over the limit is a 414 URITooLong, headers over it a 431 RequestHeaderFieldsTooLarge', async () => {
    const url = await exchange(server.port, [`GET /api/tasks?q=${big} HTTP/1.1\r\nhost: wire.test\r\n\r\n`]);
    assert.equal(url.responses.length, 1);
    taskShape(url.responses[0]!, 'URITooLong', 414);
    assert.ok(url.closed, 'the connection is closed after the answer');
    const headers = await one(server.port, `POST /api/tasks HTTP/1.1\r\nhost: wire.test\r\ncookie: ${big}\r\n\r\n`);
    taskShape(headers, 'RequestHeaderFieldsTooLarge', 431);
    assert.match(JSON.parse(headers.body).message, /16384 bytes/);
  });

  test('forecast API: the same as problem+json, with the base URL from Host, and a type page that resolves', async () => {
    problemShape(
      await one(
        server.port,
        `GET /alerts?zone=${'KSZ009,'.repeat(3000)} HTTP/1.1\r\nhost: wire.test\r\nuser-agent: t\r\n\r\n`,
      ),
      'URITooLong',
      414,
    );
    problemShape(
      await one(
        server.port,
        `GET /points/39.7,-97.1 HTTP/1.1\r\nhost: wire.test\r\nuser-agent: t\r\nx-big: ${big}\r\n\r\n`,
      ),
      'RequestHeaderFieldsTooLarge',
      431,
    );
    for (const name of ['URITooLong', 'RequestHeaderFieldsTooLarge']) {
      const page = await one(server.port, request('GET', `/problems/${name}`));
      assert.equal(page.status, 200, name);
      assert.match(JSON.parse(page.body).whatToDo, /\w/);
    }
  });

  test('headers that overflow in a later packet than the request line: still an answer, as problem+json', async () => {
    const chunks = ['GET /api/tasks HTTP/1.1\r\nhost: wire.test\r\n'];
    for (let i = 0; i < 20; i++) chunks.push(`x-h${i}: ${'c'.repeat(1000)}\r\n`);
    const { responses, closed } = await exchange(server.port, chunks);
    assert.equal(responses.length, 1);
    assert.equal(responses[0]!.statusLine, standardStatusLine(431));
    assert.ok(closed);
    // The path is not in the packet that overflowed, so the answer cannot tell the API: it is the root's
    // (the forecast API's) problem, whose base is the server's own address (no Host was seen either).
    problemShape(responses[0]!, 'RequestHeaderFieldsTooLarge', 431, server.baseUrl);
  });

  test('on a keep-alive connection, after an answered request, the oversized one is still answered', async () => {
    const { responses } = await exchange(
      server.port,
      [
        `GET /health HTTP/1.1\r\nhost: wire.test\r\n\r\n`,
        `GET /api/tasks HTTP/1.1\r\nhost: wire.test\r\nx-big: ${big}\r\n\r\n`,
      ],
      { answered: true },
    );
    assert.deepEqual(
      responses.map((r) => r.statusLine),
      [standardStatusLine(200), standardStatusLine(431)],
    );
    taskShape(responses[1]!, 'RequestHeaderFieldsTooLarge', 431);
  });

  test('HEAD gets the status and headers, with the length of the body it leaves out', async () => {
    const { responses, closed } = await exchange(server.port, [
      `HEAD /api/tasks HTTP/1.1\r\nhost: wire.test\r\nx-big: ${big}\r\n\r\n`,
    ]);
    assert.equal(responses[0]?.statusLine, standardStatusLine(431));
    assert.ok(Number(responses[0]?.headers['content-length']) > 0);
    assert.equal(responses[0]?.body, '', 'no body after the head');
    assert.ok(closed);
  });

  test('a request that is not HTTP/1.1 is a 400 in the shape of its API', async () => {
    taskShape(
      await one(server.port, `GET /api/tasks HTTP/1.1\r\nhost: wire.test\r\nno colon here\r\n\r\n`),
      'ValidationError',
      400,
    );
    problemShape(
      await one(server.port, `GET /points/1,2 HTTP/1.1\r\nhost: wire.test\r\nno colon here\r\n\r\n`),
      'BadRequest',
      400,
    );
  });

  test('the server goes on serving afterwards', async () => {
    const health = await one(server.port, request('GET', '/health'));
    assert.equal(health.statusLine, standardStatusLine(200));
    assert.doesNotMatch(server.output, /could not answer a refused request|"level":50/);
  });
});
