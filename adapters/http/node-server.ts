import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { AddressInfo, Socket } from 'node:net';
import { replaceHostWithoutOrigin } from './parsable-host.ts';

/**
 * Node's ServerResponse, except that an empty reason phrase means "the standard one". srvx (under h3) hands
 * the Response's `statusText` to `writeHead`, and that is `''` unless a handler chose one; Node sends an
 * explicit reason as given, so every status line went out as `HTTP/1.1 200 ` with no phrase (aiohttp shows
 * `message=''`). Without a reason, Node writes the phrase of STATUS_CODES ("OK", "Not Found", …).
 *
 * Written as a constructor function, the way Node derives its own classes, not as `class … extends
 * ServerResponse`: a derived class (even an empty one) made every request cost 3–4 µs more of CPU than Node's
 * own ServerResponse (in memory, 15 against 11.5 µs for `/health`, 3 passes of 3), while this form costs
 * nothing measurable (docs/benchmarks.md, "The reason phrase without a derived class").
 */
export const StandardReasonResponse = function StandardReasonResponse(
  this: ServerResponse,
  req: IncomingMessage,
  options?: object,
): void {
  (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: object) => void).call(
    this,
    req,
    options,
  );
} as unknown as typeof ServerResponse;
Object.setPrototypeOf(StandardReasonResponse.prototype, ServerResponse.prototype);
Object.setPrototypeOf(StandardReasonResponse, ServerResponse);

type WriteHead = (
  this: ServerResponse,
  statusCode: number,
  reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
  headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
) => ServerResponse;
// eslint-disable-next-line @typescript-eslint/unbound-method -- only ever called with `.call` on a response
const nodeWriteHead = ServerResponse.prototype.writeHead as WriteHead;
const standardWriteHead: WriteHead = function writeHead(statusCode, reason, headers) {
  if (typeof reason === 'string' && reason !== '') return nodeWriteHead.call(this, statusCode, reason, headers);
  return nodeWriteHead.call(this, statusCode, typeof reason === 'string' ? headers : reason);
};
StandardReasonResponse.prototype.writeHead = standardWriteHead as ServerResponse['writeHead'];

export interface ListenOptions {
  readonly host: string;
  /** The port to bind, exactly; 0 asks the system for a free one. */
  readonly port: number;
  /**
   * Answers a request Node's parser refused ('clientError': headers too large, a malformed request line…);
   * `answering` says whether a response to an earlier request is still being written on that connection.
   * Absent, Node answers as it does by default.
   */
  readonly onClientError?: (error: Error & { code?: string }, socket: Socket, answering: boolean) => void;
}

export interface NodeListener {
  readonly server: Server;
  /** The port actually bound: the one asked for, or the system's pick for 0. */
  readonly port: number;
  /** Stops accepting connections and resolves once every request in flight has been answered. */
  close(): Promise<void>;
}

/**
 * A Node HTTP server listening on exactly the host and port given. listhen cannot be made to: it asks
 * get-port-please for a port first, which turns 0 into 3000 when random ports are off (as they must be, or
 * a busy port moves silently to another) and replaces the ports browsers call unsafe (6000, 6665–6669,
 * 10080, …) with 3000 as well. Here `listen` binds what was asked, and a port that is busy or forbidden
 * rejects with Node's error (EADDRINUSE, EACCES), to be reported, never replaced. A Host header that no URL
 * can hold, or one given twice, is replaced before the handler sees it (parsable-host.ts).
 */
export async function listenExactly(handler: RequestListener, options: ListenOptions): Promise<NodeListener> {
  const server = createServer({ ServerResponse: StandardReasonResponse }, (req, res) => {
    replaceHostWithoutOrigin(req);
    handler(req, res);
  });
  const answers = new AnswersInFlight(server);
  const onClientError = options.onClientError;
  if (onClientError)
    server.on('clientError', (error, socket: Socket) => onClientError(error, socket, answers.on(socket)));
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error): void => {
      server.off('listening', listening);
      reject(error);
    };
    const listening = (): void => {
      server.off('error', failed);
      resolve();
    };
    server.once('error', failed);
    server.once('listening', listening);
    server.listen({ host: options.host, port: options.port });
  });
  return { server, port: (server.address() as AddressInfo).port, close: () => answers.drain() };
}

/** What Node's own 'clientError' default reads: the response being written on a connection, if any. */
type AnsweringSocket = Socket & { _httpMessage?: ServerResponse | null };

/**
 * A graceful close (what listhen's http-shutdown did), which Node's `server.close()` alone does not give: a
 * keep-alive connection idle at the time is closed at once, and one with a request in flight as soon as its
 * answer is out, instead of lingering until the keep-alive timeout. A request that arrives on such a
 * connection meanwhile is answered with `Connection: close`.
 *
 * Nothing here runs per request until the close begins: the 'request' listener and the subscription to
 * Node's 'http.server.response.finish' channel are made then. A per-request listener and counter cost 2–5 µs
 * of a 20–30 µs request on these machines (docs/benchmarks.md), for a close that happens once.
 */
class AnswersInFlight {
  constructor(private readonly server: Server) {}

  /**
   * Whether a response is being written on this connection. Node's own 'clientError' default asks the same
   * question of the same field (`socket._httpMessage`), which holds the response in flight and, when requests
   * are pipelined, the first of those queued; test/e2e/hostile-requests.test.ts pins what it answers.
   */
  on(socket: Socket): boolean {
    return (socket as AnsweringSocket)._httpMessage != null;
  }

  drain(): Promise<void> {
    const server = this.server;
    const closeAfterwards = (_req: IncomingMessage, res: ServerResponse): void => {
      res.setHeader('connection', 'close');
    };
    // A connection whose answer has just gone out is idle from the next turn on; close it then.
    const sweep = (): void => {
      setImmediate(() => server.closeIdleConnections());
    };
    return new Promise<void>((resolve) => {
      server.prependListener('request', closeAfterwards); // before the handler, which may answer at once
      subscribe(RESPONSE_FINISHED, sweep);
      server.close(() => {
        unsubscribe(RESPONSE_FINISHED, sweep);
        server.off('request', closeAfterwards);
        resolve();
      });
      server.closeIdleConnections();
    });
  }
}

const RESPONSE_FINISHED = 'http.server.response.finish';
