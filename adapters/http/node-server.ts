import {
  createServer,
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type RequestListener,
  type Server,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * Node's ServerResponse, except that an empty reason phrase means "the standard one". srvx (under h3) hands
 * the Response's `statusText` to `writeHead`, and that is `''` unless a handler chose one; Node sends an
 * explicit reason as given, so every status line went out as `HTTP/1.1 200 ` with no phrase (aiohttp shows
 * `message=''`). Without a reason, Node writes the phrase of STATUS_CODES ("OK", "Not Found", …).
 */
export class StandardReasonResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override writeHead(
    statusCode: number,
    reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    if (typeof reason === 'string' && reason !== '') return super.writeHead(statusCode, reason, headers);
    return super.writeHead(statusCode, typeof reason === 'string' ? headers : reason);
  }
}

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
 * rejects with Node's error (EADDRINUSE, EACCES), to be reported, never replaced.
 */
export async function listenExactly(handler: RequestListener, options: ListenOptions): Promise<NodeListener> {
  const server = createServer({ ServerResponse: StandardReasonResponse }, handler);
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

const IN_FLIGHT = Symbol('taskcast.answersInFlight');
type TrackedSocket = Socket & { [IN_FLIGHT]?: number };

/**
 * The responses being written on each connection, and a graceful close (what listhen's http-shutdown did),
 * which Node's `server.close()` alone does not give: a keep-alive connection idle at the time is closed at
 * once, and one with a request in flight as soon as its answers are out, instead of lingering until the
 * keep-alive timeout. A request that arrives on such a connection meanwhile is answered with
 * `Connection: close`. A counter on the socket, not a map, and one 'close' listener made once for the server
 * and handed to every response, so a request allocates nothing here.
 */
class AnswersInFlight {
  #closing = false;

  constructor(private readonly server: Server) {
    const closing = (): boolean => this.#closing;
    // 'close' comes once, whether the answer was written or the client went away; `this` is the response.
    function answered(this: ServerResponse): void {
      const socket = this.req.socket as TrackedSocket;
      const left = (socket[IN_FLIGHT] = (socket[IN_FLIGHT] ?? 1) - 1);
      if (left === 0 && closing()) socket.end();
    }
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const socket = req.socket as TrackedSocket;
      socket[IN_FLIGHT] = (socket[IN_FLIGHT] ?? 0) + 1;
      res.on('close', answered);
      if (this.#closing) res.setHeader('connection', 'close');
    });
  }

  /** Whether a response is being written on this connection. */
  on(socket: Socket): boolean {
    return ((socket as TrackedSocket)[IN_FLIGHT] ?? 0) > 0;
  }

  drain(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.#closing = true;
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }
}
