import type { ServerResponse } from 'node:http';
import type { H3Event } from 'h3';
import type { TaskcastMetrics } from '../metrics/taskcast-metrics.ts';
import { clientAddress } from './client-address.ts';

/** Where the one line per request goes; the Logger port's `info`. */
export interface RequestLog {
  info(message: string, fields?: Record<string, unknown>): void;
}

export interface RequestObserverOptions {
  /** Absent: no request metrics (METRICS=off). */
  readonly metrics?: TaskcastMetrics;
  /** Absent: no request lines (LOG_LEVEL above info). */
  readonly log?: RequestLog;
  readonly trustProxy: boolean;
}

export interface RequestObserver {
  onRequest(event: H3Event): void;
  onResponse(response: Response, event: H3Event): void;
}

const STARTED = 'taskcast.startedAt';

/**
 * Times every request and, once its answer is written, records it in the duration histogram and writes one
 * log line: method, route pattern, status, duration, bytes, the correlation id (forecast answers carry one),
 * the client address (after TRUST_PROXY). Behind a Node server the line waits for the socket to take the
 * whole answer, so the duration includes writing it and the bytes are those sent; through `app.fetch` (tests,
 * embeddings) it is taken when the Response is ready.
 */
export function createRequestObserver(options: RequestObserverOptions): RequestObserver | undefined {
  const { metrics, log, trustProxy } = options;
  if (!metrics && !log) return undefined;

  return {
    onRequest(event) {
      event.context[STARTED] = performance.now();
    },
    onResponse(response, event) {
      const started = event.context[STARTED] as number | undefined;
      const route = event.context.matchedRoute?.route ?? 'unmatched';
      const method = event.req.method;
      const status = response.status;
      // Read now: once written, the response's headers are gone from it.
      const correlationId = log ? response.headers.get('x-correlation-id') : null;
      const record = (bytes: number | null, aborted: boolean): void => {
        const ms = started === undefined ? 0 : performance.now() - started;
        metrics?.observeRequest(route, method, status, ms / 1000);
        if (!log) return;
        const fields: Record<string, unknown> = {
          method,
          route,
          path: event.url.pathname,
          status,
          durationMs: Math.round(ms * 100) / 100,
          bytes,
          client: clientAddress(event, trustProxy),
        };
        if (correlationId) fields['correlationId'] = correlationId;
        if (aborted) fields['aborted'] = true;
        log.info('request', fields);
      };
      const nodeRes = event.runtime?.node?.res as ServerResponse | undefined;
      if (!nodeRes) {
        // Without a socket (app.fetch), the body's declared length when there is one.
        record(lengthOf(response.headers.get('content-length')), false);
        return;
      }
      // The bytes this response puts on the socket, status line and headers included (nginx's $bytes_sent):
      // it is the only count that holds for every body (string, stream, chunked), since the response is
      // written by srvx after this hook. A keep-alive connection carries one response at a time, so the
      // difference belongs to this one. 'close' comes whether the body was sent in full or the client went away.
      const socket = nodeRes.socket;
      const before = socket?.bytesWritten ?? 0;
      nodeRes.once('close', () => record(socket ? socket.bytesWritten - before : null, !nodeRes.writableFinished));
    },
  };
}

function lengthOf(header: string | null): number | null {
  if (header === null) return null;
  const n = Number(header);
  return Number.isInteger(n) && n >= 0 ? n : null;
}
