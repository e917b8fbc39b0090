import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { H3Event } from 'h3';
import { BadRequest } from '../../domain/forecast/errors.ts';
import { ValidationError } from '../../domain/tasks/errors.ts';
import { HttpProblem } from './http-problem.ts';
import { answered } from './request-observer.ts';

/**
 * Requests Node's HTTP parser refuses before any handler sees them: a request line and headers over
 * `maxHeaderSize` (16 KB unless --max-http-header-size says otherwise), or bytes that are not HTTP/1.1. Node
 * answers those itself with a bare status line and no body (`431` with an empty body for oversized headers),
 * which no client of either API can read as an error. Here the refused request is answered by the app
 * instead, in the error shape of the API its path belongs to: what the parser had read is turned into a
 * stand-in Request (its method, path and the few headers the answer depends on), marked as refused, and the
 * app's first middleware throws the matching error for it, so the usual error handling (the task API's
 * JSON, the forecast's problem+json with its base URL and correlation id, CORS) writes the answer.
 */

export type RefusalKind = 'uri-too-long' | 'headers-too-large' | 'malformed';

export interface Refusal {
  readonly kind: RefusalKind;
  /** The parser's limit on the request line and headers together, in bytes. */
  readonly limit: number;
}

const refusals = new WeakMap<Request, Refusal>();

/** The refusal a stand-in request carries; undefined for every real request. */
export function refusalOf(event: H3Event): Refusal | undefined {
  return refusals.get(event.req);
}

/** The headers a refusal's answer can depend on: its base URL (Host, X-Forwarded-*) and CORS (Origin). */
const KEPT_HEADERS = new Set(['host', 'origin', 'x-forwarded-proto', 'x-forwarded-host']);
/** A kept header longer than this is left out: it may be the very one that was too large. */
const MAX_KEPT_VALUE = 1024;
/** How much of the packet is searched for the request's head; the parser's limit is 16 KB by default. */
const MAX_SCANNED = 256 * 1024;

/** What the parser had read of the refused request, as far as the packet shows it. */
export interface SeenHead {
  readonly method?: string;
  /** The request target's path (no query), or undefined when the request line is not in the packet. */
  readonly path?: string;
  readonly headers: ReadonlyArray<readonly [string, string]>;
  /** Bytes of the request line, and whether it ended (CRLF) within the packet. */
  readonly requestLineBytes: number;
  readonly requestLineEnded: boolean;
  /** Bytes of the header lines seen after the request line. */
  readonly headerBytes: number;
}

/**
 * Reads the refused request's head from the packet the parser failed on (`error.rawPacket`, the bytes of
 * the read that failed, and `error.bytesParsed`, where in it). When the request came in one read, as it
 * usually does, that is the whole head; when it came in pieces, the request line may be in an earlier one,
 * and the path cannot be told.
 */
export function readHead(packet: Buffer | undefined, bytesParsed: number | undefined): SeenHead {
  const none: SeenHead = { headers: [], requestLineBytes: 0, requestLineEnded: false, headerBytes: 0 };
  if (!packet || packet.length === 0) return none;
  const text = packet.toString('latin1', 0, Math.min(packet.length, MAX_SCANNED));
  const failedAt = Math.min(bytesParsed ?? text.length, text.length);
  // The refused request starts at the packet's start or after the last complete head before the failure
  // (a keep-alive client may have sent earlier requests in the same packet).
  let start = 0;
  for (let at = text.indexOf('\r\n\r\n'); at !== -1 && at + 4 <= failedAt; at = text.indexOf('\r\n\r\n', at + 4)) {
    if (REQUEST_LINE_START.test(text.slice(at + 4, at + 4 + 32))) start = at + 4;
  }
  const lineEnd = text.indexOf('\r\n', start);
  const requestLine = text.slice(start, lineEnd === -1 ? text.length : lineEnd);
  const match = REQUEST_LINE.exec(requestLine.slice(0, 4096));
  if (!match) return none;
  const method = match[1]!;
  const path = pathOf(match[2]!);
  const headers: Array<readonly [string, string]> = [];
  let headerBytes = 0;
  if (lineEnd !== -1) {
    const headEnd = text.indexOf('\r\n\r\n', lineEnd);
    const block = text.slice(lineEnd + 2, headEnd === -1 ? text.length : headEnd);
    headerBytes = block.length;
    const lines = block.split('\r\n');
    // Without the head's end in the packet, the last line may be cut short: leave it out.
    if (headEnd === -1) lines.pop();
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (KEPT_HEADERS.has(name) && value.length <= MAX_KEPT_VALUE && VISIBLE.test(value)) headers.push([name, value]);
    }
  }
  return {
    method,
    path,
    headers,
    requestLineBytes: requestLine.length,
    requestLineEnded: lineEnd !== -1,
    headerBytes,
  };
}

const REQUEST_LINE_START = /^[A-Z]{1,20} \S/;
/** `METHOD target[ HTTP/x.y]`: the target may be cut short by the end of the packet. */
const REQUEST_LINE = /^([A-Z]{1,20}) (\S+)/;
const VISIBLE = /^[\x20-\x7e]*$/;

/** The path of an origin-form (`/a/b?q`) or absolute-form (`http://h/a/b?q`) target; '/' for anything else. */
function pathOf(target: string): string {
  let path = target;
  if (!path.startsWith('/')) {
    const scheme = /^https?:\/\/[^/?#]*/i.exec(path);
    path = scheme ? path.slice(scheme[0].length) || '/' : '/';
  }
  const query = path.search(/[?#]/);
  if (query !== -1) path = path.slice(0, query);
  // Only the start of the path decides the API; a cut-off or enormous path is kept short.
  return path.slice(0, 1024) || '/';
}

/**
 * Which refusal a parser error is, or undefined for those Node's own answer suits (a request timeout, an
 * oversized chunk extension) or that need none (the client reset the connection).
 */
export function classify(code: string | undefined, head: SeenHead): RefusalKind | undefined {
  if (code === 'ECONNRESET' || code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return undefined;
  if (code !== 'HPE_HEADER_OVERFLOW') return 'malformed';
  // Over the limit: the URL's fault when the request line never ended, or is the larger part of the head.
  if (head.path !== undefined && (!head.requestLineEnded || head.requestLineBytes >= head.headerBytes))
    return 'uri-too-long';
  return 'headers-too-large';
}

export interface RefusalAnswerer {
  /** The app's fetch handler, which answers the stand-in request. */
  fetch(request: Request): Response | Promise<Response>;
  /** Where a failure to answer is reported (the socket is then destroyed). */
  report(error: unknown): void;
}

/**
 * A 'clientError' listener: answers the refused request through the app, or as Node would when the refusal
 * is not one of ours. `answering` is true while an earlier response is still being written on the
 * connection; nothing can be added to it then, so it is closed, as Node does.
 */
export function answerRefusedRequests(app: RefusalAnswerer) {
  return (
    error: Error & { code?: string; rawPacket?: Buffer; bytesParsed?: number },
    socket: Socket,
    answering: boolean,
  ): void => {
    if (!socket.writable || answering) {
      socket.destroy();
      return;
    }
    const head = readHead(error.rawPacket, error.bytesParsed);
    const kind = classify(error.code, head);
    if (kind === undefined) {
      if (error.code === 'ECONNRESET') socket.destroy();
      else nodeDefault(socket, error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 413);
      return;
    }
    const request = standIn(head, socket);
    refusals.set(request, { kind, limit: maxHeaderSize });
    Promise.resolve()
      .then(() => app.fetch(request))
      .then(async (response) => {
        const bytes = writeRaw(socket, response, await response.text(), head.method === 'HEAD');
        answered(request, response.status, bytes);
      })
      .catch((failure: unknown) => {
        app.report(failure);
        socket.destroy();
      });
  };
}

function standIn(head: SeenHead, socket: Socket): Request {
  const host = head.headers.find(([name]) => name === 'host')?.[1];
  const local = socket.localAddress?.includes(':') ? `[${socket.localAddress}]` : (socket.localAddress ?? 'localhost');
  const fallback = `${local}:${socket.localPort ?? 80}`;
  let url: URL;
  try {
    url = new URL(head.path ?? '/', `http://${host ?? fallback}`);
  } catch {
    url = new URL(head.path ?? '/', `http://${fallback}`);
  }
  const headers = new Headers();
  for (const [name, value] of head.headers) if (name !== 'host' || url.host === value) headers.append(name, value);
  // Always a GET: for a HEAD the answer's body is left out when it is written, its length kept.
  const request = new Request(url, { headers });
  // The peer, where h3's getRequestIP looks for it (srvx's `ip`), so the request line names the client.
  Object.defineProperty(request, 'ip', { value: socket.remoteAddress });
  return request;
}

/**
 * Writes the app's answer on the socket and closes the connection: after a parse error nothing more is read.
 * Returns the bytes written, head included (what the request line's `bytes` counts).
 */
function writeRaw(socket: Socket, response: Response, body: string, head: boolean): number {
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'Unknown'}`];
  for (const [name, value] of response.headers) {
    if (!FRAMING.has(name)) lines.push(`${name}: ${value}`);
  }
  lines.push(`date: ${new Date().toUTCString()}`, `content-length: ${Buffer.byteLength(body)}`, 'connection: close');
  const text = `${lines.join('\r\n')}\r\n\r\n${head ? '' : body}`;
  socket.end(text);
  // A client that stops reading must not hold the connection open.
  setTimeout(() => socket.destroy(), 5000).unref();
  return Buffer.byteLength(text);
}

/** Set here, for this answer alone; the app's own values do not apply to it. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date']);

/** Node's own answers to these refusals (lib/_http_server.js), bare as Node writes them. */
function nodeDefault(socket: Socket, status: 408 | 413): void {
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  setTimeout(() => socket.destroy(), 5000).unref();
}

/** The error a refused request is answered with, in the shape of the API its path belongs to. */
export function refusalError(refusal: Refusal, taskApi: boolean): Error {
  const together = `the request line and headers may take ${refusal.limit} bytes together`;
  switch (refusal.kind) {
    case 'uri-too-long':
      return new HttpProblem(414, 'URITooLong', `The request's URL is too long: ${together}.`);
    case 'headers-too-large':
      return new HttpProblem(431, 'RequestHeaderFieldsTooLarge', `The request's headers are too large: ${together}.`);
    case 'malformed':
      return taskApi
        ? new ValidationError([{ path: '', message: 'the request is not valid HTTP/1.1' }], 'The request is malformed.')
        : new BadRequest('The request is not valid HTTP/1.1.');
  }
}
