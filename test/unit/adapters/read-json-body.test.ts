/**
 * readJsonBody behind a real Node server, both ways a body reaches it: whole in the packet of its headers (taken
 * from the request's buffer at once) and still arriving when the handler asks (read as it comes). Each way must
 * give the same answers: the value, 400 for empty or malformed bodies, 413 past the limit.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { H3, toNodeHandler } from 'h3';
import { HttpProblem } from '../../../adapters/http/http-problem.ts';
import { readJsonBody } from '../../../adapters/http/read-json-body.ts';
import { ValidationError } from '../../../domain/shared/validation-error.ts';

/** The route's limit: small, so that a body past it fits in one packet. */
const LIMIT = 64;

let server: Server;
let port: number;
/** What the last read that failed threw. */
let lastFailure: unknown;

before(async () => {
  const app = new H3();
  app.post('/echo', async (event) => {
    // As every route of the task API does (the token's check first), the body is asked for after a wait: by
    // then Node's parser has gone through the packet that carried the headers, and its body.
    await Promise.resolve();
    // `?settled`: long enough for the request to be complete (its end read), as a chunked body needs.
    if (event.url.search === '?settled') await new Promise((resolve) => setTimeout(resolve, 10));
    const req = (event.req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime!.node!.req!;
    // How many 'data' listeners the read added: none when the body was taken from the buffer.
    let dataListeners = 0;
    const on = req.on.bind(req);
    req.on = ((name: string, listener: (...args: unknown[]) => void) => {
      if (name === 'data') dataListeners++;
      return on(name, listener);
    }) as typeof req.on;
    try {
      const value = await readJsonBody(event, LIMIT);
      // Whichever way it was read, the request must still come to its end (and so to 'close').
      const ended =
        req.readableEnded ||
        (await Promise.race([
          once(req, 'end').then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000).unref()),
        ]));
      return { value, dataListeners, ended };
    } catch (error) {
      lastFailure = error;
      if (error instanceof ValidationError) return new Response(JSON.stringify(error.details), { status: 400 });
      if (error instanceof HttpProblem) return new Response(null, { status: error.status, headers: error.headers });
      throw error;
    }
  });
  server = createServer(toNodeHandler(app));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as { port: number }).port;
});

after(() => server.close());

/**
 * One POST on a raw connection: the head and `parts` of the body, each part written `gapMs` after the one
 * before (0: the head and the whole body in one write). Resolves with the status and body of the answer.
 */
async function post(
  parts: readonly Buffer[],
  head: string,
  gapMs = 0,
  path = '/echo',
  keepAlive = false,
): Promise<{ status: number; head: string; body: string }> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let read = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => (read += chunk));
  const closed = once(socket, 'close');
  const request = Buffer.from(
    `POST ${path} HTTP/1.1\r\nHost: x\r\n${keepAlive ? '' : 'Connection: close\r\n'}${head}\r\n`,
  );
  if (gapMs === 0) socket.write(Buffer.concat([request, ...parts]));
  else {
    socket.write(request);
    for (const part of parts) {
      await new Promise((resolve) => setTimeout(resolve, gapMs));
      socket.write(part);
    }
  }
  await closed;
  const status = Number(read.slice(9, 12));
  const end = read.indexOf('\r\n\r\n');
  return { status, head: read.slice(0, end), body: Buffer.from(read.slice(end + 4), 'latin1').toString('utf8') };
}

const sized = (body: Buffer): string => `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n`;
const CHUNKED = 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n';
const chunk = (data: Buffer): Buffer =>
  Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
const LAST_CHUNK = Buffer.from('0\r\n\r\n');

describe('readJsonBody on a Node request', () => {
  const body = Buffer.from(JSON.stringify({ title: 'Brief', done: false }));

  const WHOLE = { value: { title: 'Brief', done: false }, dataListeners: 0, ended: true };

  it('takes a body that came with its headers from the buffer, without a data listener, and the request ends', async () => {
    const answer = await post([body], sized(body));
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), WHOLE);
  });

  it('reads a body still arriving as it comes, and gives the same value', async () => {
    const answer = await post([body.subarray(0, 5), body.subarray(5)], sized(body), 30);
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), { ...WHOLE, dataListeners: 1 });
  });

  it('joins the chunks of a chunked body that came whole, once the request is complete', async () => {
    const chunks = [chunk(body.subarray(0, 7)), chunk(body.subarray(7)), LAST_CHUNK];
    const answer = await post(chunks, CHUNKED, 0, '/echo?settled');
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body), WHOLE);
  });

  for (const [how, gapMs] of [
    ['whole', 0],
    ['still arriving', 30],
  ] as const) {
    it(`answers 413 for a chunked body past the limit (${how}), and closes the connection`, async () => {
      const big = Buffer.from(JSON.stringify({ title: 'x'.repeat(LIMIT) }));
      // The client asks to keep the connection; the server must close it, not read the rest of a body it refuses.
      const path = gapMs === 0 ? '/echo?settled' : '/echo';
      const answer = await post([chunk(big), LAST_CHUNK], CHUNKED, gapMs, path, true);
      assert.equal(answer.status, 413);
      assert.match(answer.head, /\r\nconnection: close/i);
    });

    it(`answers 400 for an empty body (${how})`, async () => {
      const answer = await post(
        gapMs === 0 ? [] : [Buffer.from('  ')],
        sized(Buffer.from(gapMs === 0 ? '' : '  ')),
        gapMs,
      );
      assert.equal(answer.status, 400);
      assert.match(answer.body, /it was empty/);
    });

    it(`answers 400 for bytes that are not UTF-8 (${how})`, async () => {
      const bad = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]); // {"a":"\xff"}
      const answer = await post([bad], sized(bad), gapMs);
      assert.equal(answer.status, 400);
      assert.match(answer.body, /not valid UTF-8/);
    });
  }

  for (const [how, head, part] of [
    ['with Content-Length', sized(body), body.subarray(0, 5)],
    ['chunked', CHUNKED, chunk(body.subarray(0, 5))],
  ] as const) {
    it(
      `fails a body whose client went away (${how}) as the request's fault, not as Node's 'aborted' error`,
      { timeout: 5000 },
      async () => {
        lastFailure = undefined;
        const socket = connect(port, '127.0.0.1');
        await once(socket, 'connect');
        socket.write(`POST /echo HTTP/1.1\r\nHost: x\r\n${head}\r\n`);
        socket.write(part);
        await new Promise((resolve) => setTimeout(resolve, 30));
        socket.destroy();
        while (lastFailure === undefined) await new Promise((resolve) => setTimeout(resolve, 5));
        assert.ok(lastFailure instanceof ValidationError, (lastFailure as Error).message);
        assert.match(lastFailure.details[0]!.message, /ended early/);
      },
    );
  }

  it(
    'serves the next request on a kept-alive connection after a body taken from the buffer',
    { timeout: 5000 },
    async () => {
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let read = '';
      socket.setEncoding('utf8').on('data', (data: string) => (read += data));
      const one = `POST /echo HTTP/1.1\r\nHost: x\r\n${sized(body)}\r\n${body.toString()}`;
      socket.write(one + one);
      while ((read.match(/"ended":/g) ?? []).length < 2) await once(socket, 'data');
      socket.destroy();
      assert.equal((read.match(/"dataListeners":0,"ended":true/g) ?? []).length, 2, read);
    },
  );
});
