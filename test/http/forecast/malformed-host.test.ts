/**
 * A Host header that names no origin, sent over a real socket: srvx builds the request's URL from the Host,
 * so these reach the app only over HTTP (app.fetch takes a URL that is already valid). `Host: localhost:70000`
 * passes srvx's check but not the WHATWG parser, and every forecast route, the forecast API's error answer
 * and /api/openapi.json answered 500. The forecast routes, whose bodies and links carry the origin, answer
 * 400 problem+json (RFC 9112 §3.2); nothing answers 500.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { toNodeHandler } from 'h3';
import { listenExactly, type NodeListener } from '../../../adapters/http/node-server.ts';
import { forecastWorld, UA } from '../../support/forecast-http.ts';
import { recordingForecastProvider } from '../../support/recording-forecast-provider.ts';

/** Over srvx's check but not the URL parser's; refused by srvx itself; empty (srvx takes the local address). */
const UNPARSABLE = ['localhost:70000', 'host:99999', '[::1]:99999', '999.1.1.1', '[1:2:3]'];
const REFUSED = ['[::1', 'a b', ':80'];
const FORECAST_ROUTES = ['/offices/TOP', '/points/39.7456,-97.0892', '/stations/KSLC', '/no/such/path'];
const OTHER_ROUTES = ['/health', '/api/tasks', '/api/openapi.json', '/openapi.json', '/problems/BadRequest'];

interface RawReply {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

let listener: NodeListener;
let port: number;

before(async () => {
  const w = await forecastWorld({ provider: recordingForecastProvider().provider });
  // As the server listens (bootstrap/server/main.ts), so that what it does before the app runs is here too.
  listener = await listenExactly(toNodeHandler(w.app), { host: '127.0.0.1', port: 0 });
  port = listener.port;
});

after(() => listener.close());

/** One GET with `host` as the Host line (or each of several, in order), as written, on its own connection. */
function get(path: string, host: string | readonly string[]): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer to GET ${path} with Host ${JSON.stringify(host)}`));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const contentType = /^content-type: *(.*)$/im.exec(head)?.[1]?.trim() ?? '';
      resolve({ status: Number(head.split(' ')[1]), contentType, body });
    });
    const hostLines = (typeof host === 'string' ? [host] : host).map((h) => `Host: ${h}\r\n`).join('');
    socket.write(`GET ${path} HTTP/1.1\r\n${hostLines}User-Agent: ${UA}\r\nConnection: close\r\n\r\n`);
  });
}

test('a Host no URL can hold: each forecast route is a 400 problem at the address reached', async () => {
  for (const host of [...UNPARSABLE, ...REFUSED]) {
    for (const path of FORECAST_ROUTES) {
      const reply = await get(path, host);
      assert.equal(reply.status, 400, `${host} ${path}: ${reply.body}`);
      assert.equal(reply.contentType, 'application/problem+json');
      const problem = JSON.parse(reply.body) as { type: string; status: number; instance: string };
      assert.equal(problem.type, `http://127.0.0.1:${port}/problems/BadRequest`, host);
      assert.ok(problem.instance.startsWith(`http://127.0.0.1:${port}/requests/`), problem.instance);
    }
  }
});

test('no route answers 500 for a malformed Host; the others answer as for any Host', async () => {
  for (const host of ['', ...UNPARSABLE, ...REFUSED]) {
    for (const path of OTHER_ROUTES) {
      const reply = await get(path, host);
      const expected = path === '/api/tasks' ? 401 : 200;
      assert.equal(reply.status, expected, `${JSON.stringify(host)} ${path}: ${reply.body.slice(0, 200)}`);
    }
  }
  // The task API's document names the address reached, not the Host, as its server.
  const document = JSON.parse((await get('/api/openapi.json', 'localhost:70000')).body) as {
    servers: { url: string }[];
  };
  assert.ok(
    document.servers.every((s) => !s.url.includes('70000')),
    JSON.stringify(document.servers),
  );
});

test('a path srvx re-parses is answered too: the Host is replaced before srvx reads it', async () => {
  // With such a Host, srvx's URL threw while h3 set the request up, whenever the path held a character its
  // fast URL hands to `new URL`: no answer, an uncaught exception, and twenty a minute stopped the server.
  const paths = ['/health?a="', '/api/tasks?a={', '/offices/{TOP}', '/a/../health', '/%2e%2e/health', '/stations/KSLÇ'];
  for (const host of UNPARSABLE) {
    for (const path of paths) {
      const reply = await get(path, host);
      assert.ok(reply.status >= 200 && reply.status < 500, `${host} ${path}: ${reply.status} ${reply.body}`);
    }
  }
  const office = await get('/offices/{TOP}', 'localhost:70000');
  assert.equal(office.status, 400, office.body);
  assert.equal(office.contentType, 'application/problem+json');
});

test('a Host given twice: the forecast routes are a 400 saying so, at the address reached', async () => {
  // Node keeps the first Host line; a proxy in front may have read the second (RFC 9112 §3.2: a 400).
  const twice: ReadonlyArray<readonly string[]> = [
    ['weather.example', 'attacker.example'],
    ['weather.example', 'weather.example'],
    ['', 'attacker.example'],
  ];
  for (const hosts of twice) {
    for (const path of FORECAST_ROUTES) {
      const reply = await get(path, hosts);
      assert.equal(reply.status, 400, `${hosts.join(' + ')} ${path}: ${reply.body}`);
      const problem = JSON.parse(reply.body) as { type: string; detail: string };
      assert.equal(problem.type, `http://127.0.0.1:${port}/problems/BadRequest`);
      assert.ok(!reply.body.includes('example'), reply.body);
      if (path !== '/no/such/path') assert.match(problem.detail, /one Host header/);
    }
    // The other routes ignore the Host, as they do a malformed one.
    assert.equal((await get('/health', hosts)).status, 200);
  }
  // One Host line, however its name is written, is not two.
  assert.equal((await get('/offices/TOP', 'weather.example')).status, 200);
});

test('a plain Host is still the base; an empty one is the address reached', async () => {
  const office = async (host: string) => (JSON.parse((await get('/offices/TOP', host)).body) as { id: string }).id;
  assert.equal(await office('weather.example:65535'), 'http://weather.example:65535/office');
  assert.equal(await office('[::1]:3000'), 'http://[::1]:3000/office');
  assert.equal(await office('my_service:3000'), 'http://my_service:3000/office');
  assert.equal(await office(''), `http://127.0.0.1:${port}/office`);
});
