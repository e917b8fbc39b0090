// The request line, shared by the HTTP adapter that writes one per request and the logging adapter
// (adapters/logging/request-line.ts) that sends it to the log.

/** The one line per answered request: what an operator reads, and a collector indexes. */
export interface RequestLine {
  readonly method: string;
  /** The route pattern (`/api/tasks/:id`), never the raw path, so lines group by route. */
  readonly route: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  /** Bytes sent on the socket, headers included; the body's length without a socket; null when unknown. */
  readonly bytes: number | null;
  /** The client's address, after TRUST_PROXY. */
  readonly client: string;
  /** The answer's X-Correlation-Id (forecast answers carry one). */
  readonly correlationId?: string;
  /** The client went away before the whole answer was sent. */
  readonly aborted?: boolean;
}

/** Where request lines go: a port of its own, since it is the one line written for every request. */
export interface RequestLog {
  request(line: RequestLine): void;
}
