import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionLimits {
  /** Most open connections at once; past it the oldest idle one is closed, or the new one if none is idle. */
  readonly maxConnections: number;
  /** How long a client may take to send a request's headers, counted from when the connection is ready for one. */
  readonly headersTimeoutMs: number;
  /** How long a whole request (headers and body) may take. */
  readonly requestTimeoutMs: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  maxConnections: 1000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
};

interface Tracked {
  readonly socket: Socket;
  /** Requests on this connection whose response has not finished. */
  busy: number;
  /** When it last became idle: for eviction order, and the start of its next request's headers deadline. */
  idleSince: number;
  /** Ends one of its requests: made once per connection and handed to each response, so a request allocates nothing. */
  readonly done: () => void;
}

/**
 * Keeps silent and slow clients from holding the server's connections.
 *
 * Node's own headersTimeout and requestTimeout are only checked every `connectionsCheckingInterval`
 * (30 s), and the server is created with the defaults, so a silent or slow-header connection stayed
 * open for about 90 s; with the open-file limit at 1,024, a thousand of them refused everyone, /health
 * included. Here every connection has a deadline for its next request's headers, counted from when it
 * opened or last went idle, and a cap: a new connection past the cap closes the oldest idle connection
 * (one with no request in flight), so new clients keep getting through while the silent ones make room.
 *
 * The deadlines are kept by one sweep over the connections, a quarter of the deadline apart, rather than a
 * timer per connection re-armed on every request: a request only counts itself in and out, and a silent
 * connection is cut between 1 and 1.25 deadlines after it went quiet.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  now: () => number = Date.now,
): { readonly open: () => number } {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  const tracked = new Map<Socket, Tracked>();

  const sweep = setInterval(
    () => {
      const idleBefore = now() - limits.headersTimeoutMs;
      for (const entry of tracked.values()) {
        if (entry.busy === 0 && entry.idleSince <= idleBefore) {
          tracked.delete(entry.socket);
          entry.socket.destroy();
        }
      }
    },
    Math.max(25, Math.floor(limits.headersTimeoutMs / 4)),
  );
  sweep.unref();
  server.once('close', () => clearInterval(sweep));

  server.on('connection', (socket: Socket) => {
    if (tracked.size >= limits.maxConnections && !evictOldestIdle(tracked)) {
      socket.destroy();
      return;
    }
    const entry: Tracked = {
      socket,
      busy: 0,
      idleSince: now(),
      done: () => {
        entry.busy = Math.max(0, entry.busy - 1);
        if (entry.busy === 0) entry.idleSince = now();
      },
    };
    tracked.set(socket, entry);
    socket.once('close', () => tracked.delete(socket));
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const entry = tracked.get(req.socket);
    if (!entry) return;
    entry.busy++;
    // 'close' fires once whether the response finished or the client went away.
    res.on('close', entry.done);
  });

  return { open: () => tracked.size };
}

function evictOldestIdle(tracked: Map<Socket, Tracked>): boolean {
  let oldest: Tracked | undefined;
  for (const entry of tracked.values()) {
    if (entry.busy === 0 && (!oldest || entry.idleSince < oldest.idleSince)) oldest = entry;
  }
  if (!oldest) return false;
  tracked.delete(oldest.socket);
  oldest.socket.destroy();
  return true;
}
