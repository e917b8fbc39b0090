/** The connection guard counts a connection busy while its request is answered, idle from its answer on. */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, test } from 'node:test';
import { guardConnections } from '../../../adapters/http/connection-guard.ts';

const HEADERS_MS = 200;
const ANSWER_AFTER_MS = 2.5 * HEADERS_MS;

async function guardedServer(): Promise<Server> {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end('done'), ANSWER_AFTER_MS);
  });
  guardConnections(server, { maxConnections: 10, headersTimeoutMs: HEADERS_MS, requestTimeoutMs: 10_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return server;
}

/** Sends one request; resolves when the answer has come, and again (`closed`) when the server closes. */
function oneRequest(server: Server): { answered: Promise<number>; closed: Promise<number> } {
  const socket: Socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  let text = '';
  const answered = new Promise<number>((resolve) =>
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.endsWith('done')) resolve(performance.now());
    }),
  );
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now())));
  socket.write('GET / HTTP/1.1\r\nhost: x\r\n\r\n');
  return { answered, closed };
}

test('a request answered after the headers deadline keeps its connection; the deadline runs from its answer', async () => {
  const server = await guardedServer();
  const { answered, closed } = oneRequest(server);
  const first = await Promise.race([answered.then(() => 'answered'), closed.then(() => 'closed')]);
  assert.equal(first, 'answered', 'a busy connection must not be cut');
  const idleFor = (await closed) - (await answered);
  // Cut once idle for the deadline, by a sweep a quarter of it apart (timers may run a little late).
  assert.ok(
    idleFor >= HEADERS_MS * 0.9 && idleFor < HEADERS_MS * 2,
    `closed ${idleFor.toFixed(0)} ms after its answer`,
  );
});
