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
  /** When it last became idle (for eviction order), and the deadline for its next request's headers. */
  idleSince: number;
  deadline?: NodeJS.Timeout;
}

/**
 * Keeps silent and slow clients from holding the server's connections.
 *
 * Node's own headersTimeout and requestTimeout are only checked every `connectionsCheckingInterval`
 * (30 s), and the server is created with the defaults, so a silent or slow-header connection stayed
 * open for about 90 s; with the open-file limit at 1,024, a thousand of them refused everyone, /health
 * included. Here every connection gets a deadline for its next request's headers, armed when it opens and
 * again whenever it goes idle, and a cap: a new connection past the cap closes the oldest idle connection
 * (one with no request in flight), so new clients keep getting through while the silent ones make room.
 */
export function guardConnections(
  server: Server,
  limits: ConnectionLimits,
  now: () => number = Date.now,
): { readonly open: () => number } {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  const tracked = new Map<Socket, Tracked>();

  const arm = (entry: Tracked): void => {
    clearTimeout(entry.deadline);
    entry.idleSince = now();
    entry.deadline = setTimeout(() => {
      if (entry.busy === 0) entry.socket.destroy();
    }, limits.headersTimeoutMs);
    entry.deadline.unref();
  };

  server.on('connection', (socket: Socket) => {
    if (tracked.size >= limits.maxConnections && !evictOldestIdle(tracked)) {
      socket.destroy();
      return;
    }
    const entry: Tracked = { socket, busy: 0, idleSince: now() };
    tracked.set(socket, entry);
    arm(entry);
    socket.once('close', () => {
      clearTimeout(entry.deadline);
      tracked.delete(socket);
    });
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const entry = tracked.get(req.socket);
    if (!entry) return;
    entry.busy++;
    clearTimeout(entry.deadline);
    // 'close' fires once whether the response finished or the client went away.
    res.once('close', () => {
      entry.busy = Math.max(0, entry.busy - 1);
      if (entry.busy === 0 && !entry.socket.destroyed) arm(entry);
    });
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
  clearTimeout(oldest.deadline);
  oldest.socket.destroy();
  return true;
}
