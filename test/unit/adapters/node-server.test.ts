/**
 * listenExactly's graceful close and its 'clientError' hand-off, on a real socket: what a client sees when the
 * server closes with connections idle, mid-answer and arriving, and whether a refused request is told that an
 * answer is still being written on its connection.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { listenExactly, type NodeListener } from '../../../adapters/http/node-server.ts';

/** Answers `/slow` when `release` is called, everything else at once. */
function server(onClientError?: (answering: boolean) => void) {
  const waiting: (() => void)[] = [];
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const answer = (): void => void res.end('done');
    if (req.url === '/slow') waiting.push(answer);
    else answer();
  };
  const listening = listenExactly(handler, {
    host: '127.0.0.1',
    port: 0,
    ...(onClientError && {
      onClientError: (_error: Error, socket: Socket, answering: boolean) => {
        onClientError(answering);
        socket.destroy();
      },
    }),
  });
  return { listening, release: () => waiting.splice(0).forEach((answer) => answer()), waiting };
}

/** A raw keep-alive connection that collects what it reads and knows when the server closed it. */
async function open(listener: NodeListener) {
  const socket = connect(listener.port, '127.0.0.1');
  await once(socket, 'connect');
  let read = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (read += chunk));
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    ended,
    read: () => read,
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`),
  };
}

const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((resolve) => setImmediate(resolve));
};

describe('listenExactly: graceful close', () => {
  it('closes an idle keep-alive connection at once and one mid-answer once its answer is out', async () => {
    const { listening, release, waiting } = server();
    const listener = await listening;
    const idle = await open(listener);
    idle.send('/fast');
    await until(() => idle.read().includes('done'));
    const busy = await open(listener);
    busy.send('/slow');
    await until(() => waiting.length === 1);

    let closed = false;
    const closing = listener.close().then(() => (closed = true));
    await idle.ended;
    assert.equal(closed, false, 'the server waits for the answer in flight');
    assert.equal(busy.socket.destroyed, false, 'the busy connection is not cut');

    release();
    await busy.ended;
    await closing;
    assert.match(busy.read(), /200 OK[\s\S]*done/);
  });

  it('answers a request that arrives on a connection meanwhile with Connection: close, then closes it', async () => {
    const { listening, release, waiting } = server();
    const listener = await listening;
    const client = await open(listener);
    client.send('/slow');
    await until(() => waiting.length === 1);
    const closing = listener.close();
    client.send('/fast'); // pipelined behind the answer in flight
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await client.ended;
    await closing;
    const answers = client.read().split('HTTP/1.1 ').slice(1);
    assert.equal(answers.length, 2, client.read());
    assert.match(answers[1]!, /connection: close/i);
  });

  it('does nothing per request before the close begins', async () => {
    const { listening } = server();
    const listener = await listening;
    assert.equal(listener.server.listenerCount('request'), 1, 'only the handler listens');
    await listener.close();
  });
});

describe('listenExactly: a refused request', () => {
  it('is told whether an answer is still being written on its connection', async () => {
    const seen: boolean[] = [];
    const { listening, release, waiting } = server((answering) => seen.push(answering));
    const listener = await listening;

    const fresh = await open(listener);
    fresh.socket.write('NOT HTTP\r\n\r\n');
    await fresh.ended;

    const busy = await open(listener);
    busy.send('/slow');
    await until(() => waiting.length === 1);
    busy.socket.write('NOT HTTP\r\n\r\n');
    await busy.ended;
    release();

    assert.deepEqual(seen, [false, true]);
    await listener.close();
  });
});
