import { subscribe } from 'node:diagnostics_channel';
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { H3Event } from 'h3';
import type { HttpMetrics } from '../shared/metrics.ts';
import { clientAddress } from './client-address.ts';
import { correlationIdOf } from './correlation-id.ts';
import type { RequestLog } from '../shared/request-log.ts';

export type { RequestLog } from '../shared/request-log.ts';

export interface RequestObserverOptions {
  /** Absent: no request metrics (METRICS=off). */
  readonly metrics?: HttpMetrics;
  /** Absent: no request lines (LOG_LEVEL above info). */
  readonly log?: RequestLog;
  readonly trustProxy: boolean;
  /**
   * How the app is served. `node` (the server): every request has a Node response, and its record is taken
   * when the socket has the whole answer, with no h3 response hook at all. `fetch` (the default: tests,
   * embeddings, taskcast/msw): no socket, so the record is taken in h3's onResponse hook, when the Response
   * is ready; a request that does come with a Node response is still recorded from its socket.
   */
  readonly servedBy?: 'node' | 'fetch';
}

/** h3's hooks, as its config takes them: plain functions (`this: void`), handed to h3 on their own. */
export interface RequestObserver {
  onRequest(this: void, event: H3Event): void;
  onResponse?(this: void, response: Response, event: H3Event): void;
}

const STARTED = 'taskcast.startedAt';

type Recorder = (event: H3Event, started: number, status: number, bytes: number | null, aborted: boolean) => void;

/** What a response behind a socket carries until it is recorded. */
interface Observation {
  readonly record: Recorder;
  readonly event: H3Event;
  readonly started: number;
}

const OBSERVATION = Symbol('taskcast.observation');
const CURRENT = Symbol('taskcast.currentResponse');
const COUNTED = Symbol('taskcast.bytesCounted');
type ObservedResponse = ServerResponse & { [OBSERVATION]?: Observation };
/** `COUNTED`: the socket's bytesWritten when its last recorded answer was settled. */
type ObservedSocket = Socket & { [CURRENT]?: ObservedResponse; [COUNTED]?: number };

/**
 * Responses behind a Node server are recorded from Node's own diagnostics channel, which Node publishes as
 * each response finishes: one subscriber for the process, rather than a listener and its closures on every
 * response. A response that never finishes (the client went away) is recorded when its socket closes, from
 * one listener per connection.
 */
let finishSubscribed = false;
function subscribeToFinishedResponses(): void {
  if (finishSubscribed) return;
  finishSubscribed = true;
  subscribe('http.server.response.finish', (message) => {
    const { response, socket } = message as { response: ObservedResponse; socket: Socket | null };
    settle(response, socket, false);
  });
}

function settle(response: ObservedResponse, socket: Socket | null, aborted: boolean): void {
  const observation = response[OBSERVATION];
  if (observation === undefined) return; // not one of ours, or already recorded
  response[OBSERVATION] = undefined;
  // The bytes this response put on the socket, status line and headers included (nginx's $bytes_sent): the
  // only count that holds for every body (string, stream, chunked), since srvx writes the response after the
  // app is done with it. A connection's answers go out one after another, in order, even when its requests
  // were pipelined, so what was written since the previous answer was settled belongs to this one. (A count
  // taken when the request came in would not do: a pipelined request arrives before the answers ahead of it
  // are written, with no socket yet, and was charged for all of them.)
  let bytes: number | null = null;
  if (socket) {
    const written = socket.bytesWritten;
    const observed = socket as ObservedSocket;
    bytes = written - (observed[COUNTED] ?? 0);
    observed[COUNTED] = written;
  }
  observation.record(
    observation.event,
    observation.started,
    // statusCode is 200 until the app sets one; if the client left before the head went out, no status was
    // sent at all, and a 200 would count an abandoned request as a success.
    aborted && !response.headersSent ? CLIENT_CLOSED_REQUEST : response.statusCode,
    bytes,
    aborted,
  );
}

/** nginx's status for a request whose client closed the connection before any answer was written. */
const CLIENT_CLOSED_REQUEST = 499;

function watchSocket(socket: ObservedSocket, response: ObservedResponse): void {
  if (!(CURRENT in socket)) {
    socket.once('close', () => {
      const current = socket[CURRENT];
      if (current !== undefined) settle(current, socket, true);
    });
  }
  socket[CURRENT] = response;
}

/**
 * Times every request and, once its answer is written, records it in the duration histogram and writes one
 * log line: method, route pattern, status, duration, bytes, the correlation id (forecast answers carry one),
 * the client address (after TRUST_PROXY).
 *
 * Behind a Node server the record waits for the socket to take the whole answer (or for the client to go
 * away), so the duration includes writing it and the bytes are those sent. That is arranged from onRequest,
 * which h3 calls synchronously: h3's onResponse hook would put every answer through three more promises
 * and make it asynchronous, which cost about a sixth of a cheap request (the task list) on its own.
 */
export function createRequestObserver(options: RequestObserverOptions): RequestObserver | undefined {
  const { metrics, log, trustProxy } = options;
  if (!metrics && !log) return undefined;

  subscribeToFinishedResponses();
  const servedByNode = options.servedBy === 'node';
  const record: Recorder = (event, started, status, bytes, aborted) => {
    const ms = performance.now() - started;
    const route = event.context.matchedRoute?.route ?? 'unmatched';
    const method = event.req.method;
    metrics?.observeRequest(route, method, status, ms / 1000);
    if (!log) return;
    log.request({
      method,
      route,
      path: event.url.pathname,
      status,
      durationMs: Math.round(ms * 100) / 100,
      bytes,
      client: clientAddress(event, trustProxy),
      correlationId: correlationIdOf(event),
      aborted: aborted || undefined,
    });
  };

  const onRequest = (event: H3Event): void => {
    const started = performance.now();
    const nodeRes = event.runtime?.node?.res as ObservedResponse | undefined;
    if (!nodeRes) {
      // Behind a Node server, a request without a Node response is the stand-in for one its parser refused,
      // and refused-requests.ts writes its answer on the socket itself: it reports it through answered().
      if (servedByNode) standIns.set(event.req, (status, bytes) => record(event, started, status, bytes, false));
      else event.context[STARTED] = started;
      return;
    }
    // Its bytes are counted from the socket when it is settled (see settle).
    const socket = nodeRes.socket;
    nodeRes[OBSERVATION] = { record, event, started };
    if (socket) watchSocket(socket, nodeRes);
  };

  if (servedByNode) return { onRequest };
  return {
    onRequest,
    onResponse(response, event) {
      const started = event.context[STARTED] as number | undefined;
      // Behind a socket after all: recorded when it finishes (see onRequest).
      if (started === undefined) return;
      // Without a socket (app.fetch), the body's declared length when there is one.
      record(event, started, response.status, lengthOf(response.headers.get('content-length')), false);
    },
  };
}

/** Stand-in requests (see onRequest) waiting for their answer to be written. */
const standIns = new WeakMap<Request, (status: number, bytes: number) => void>();

/**
 * The answer to a stand-in request was written on the socket (`bytes` of it, head included), outside the
 * Node response the observer otherwise records from: record it now, once. Without this, requests Node's
 * parser refused (431, 414, 400) were answered but neither logged nor counted behind the server.
 */
export function answered(request: Request, status: number, bytes: number): void {
  const recordIt = standIns.get(request);
  if (recordIt === undefined) return;
  standIns.delete(request);
  recordIt(status, bytes);
}

function lengthOf(header: string | null): number | null {
  if (header === null) return null;
  const n = Number(header);
  return Number.isInteger(n) && n >= 0 ? n : null;
}
