import type { IncomingMessage } from 'node:http';
import type { H3Event } from 'h3';
import { ValidationError } from '../../domain/shared/validation-error.ts';
import { payloadTooLarge, type HttpProblem } from './http-problem.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The request body parsed as JSON. Too large is a 413 (checked against Content-Length before reading, and
 * while reading a chunked body); empty or malformed is a 400 ValidationError.
 */
export async function readJsonBody(event: H3Event, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = event.req.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw closing(payloadTooLarge(limit));
  // On Node the bytes come straight from the IncomingMessage: srvx answers `arrayBuffer()` by building a
  // whole WHATWG Request (AbortSignal and all), which halved the throughput of every write. Elsewhere
  // (app.fetch in tests, other runtimes) the web stream is read.
  const node = (event.req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
  const text = node
    ? decodeUtf8(bufferedBody(node, declared, limit) ?? (await readNodeLimited(node, limit)))
    : await readLimited(event.req.body, limit);
  if (text.trim() === '')
    throw new ValidationError([{ path: '', message: 'the request body must be a JSON object; it was empty' }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError([{ path: '', message: 'the request body is not valid JSON' }]);
  }
  const bad = firstIllFormedString(value);
  if (bad !== undefined) {
    throw new ValidationError([
      { path: bad, message: 'contains an unpaired UTF-16 surrogate (such as \\ud800), which is not text' },
    ]);
  }
  return value;
}

/**
 * Strict UTF-8: a lenient decoder turns invalid bytes into U+FFFD, so two different passwords (`pass\xff`
 * and `pass\xfe`) would become the same stored string. Refuse the body instead, as PostgreSQL would.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new ValidationError([{ path: '', message: 'the request body is not valid UTF-8' }]);
  }
}

/**
 * The path of the first string (key or value) holding a lone surrogate, which JSON escapes can spell.
 *
 * A walk with its own stack, not a recursion: JSON.parse builds `[[[…]]]` 500,000 levels deep from a 1 MiB
 * body without complaint, and a recursive walk over it ran out of call stack (a RangeError, answered 500)
 * at about 10,000 levels. The path is built only for the string that is reported.
 */
function firstIllFormedString(root: unknown): string | undefined {
  // Each entry: a value, the index of its container in `containers`, and its key there. Children are
  // pushed last-first, so they come off the stack in document order, as a recursive walk would visit them.
  const stack: Array<{ value: unknown; parent: number; key: string }> = [{ value: root, parent: -1, key: '' }];
  const containers: Array<{ parent: number; key: string }> = [];
  while (stack.length > 0) {
    const { value, parent, key } = stack.pop()!;
    if (!key.isWellFormed() || (typeof value === 'string' && !value.isWellFormed()))
      return pathOf(containers, parent, key);
    if (value === null || typeof value !== 'object') continue;
    const self = containers.push({ parent, key }) - 1;
    const entries = Object.entries(value as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [childKey, child] = entries[i]!;
      stack.push({ value: child, parent: self, key: childKey });
    }
  }
  return undefined;
}

/** `a.b.c`: the keys from the root's child down to `key`, whose container is `containers[parent]`. */
function pathOf(containers: ReadonlyArray<{ parent: number; key: string }>, parent: number, key: string): string {
  const keys = parent === -1 ? [] : [key];
  for (let i = parent; i > 0; i = containers[i]!.parent) keys.push(containers[i]!.key);
  return keys.reverse().join('.');
}

/** The 400 for a body that stopped before its end; `cause`, the stream's own error, kept for a debugger. */
function bodyEndedEarly(cause?: unknown): ValidationError {
  const error = new ValidationError([{ path: '', message: 'the request body ended early' }]);
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** The client is still sending a body we will not read: answer, then close the connection. */
function closing(problem: HttpProblem): HttpProblem {
  problem.headers['connection'] = 'close';
  return problem;
}

/**
 * The whole body when Node's parser has already put all of it in the request's buffer, as it has for a small
 * body that came in the packets of its headers by the time a route has checked the token: taken with one
 * `read()`, where the stream's flowing mode would hand it over a few ticks later through four listeners
 * added and removed. Whole means the request is complete, or as many bytes wait as Content-Length declared
 * (the parser never gives a request more; its end comes a callback later). Undefined while the body is still
 * arriving, or when anything else has started to consume the stream: readNodeLimited then reads it as it comes.
 */
function bufferedBody(req: IncomingMessage, declared: string | null, limit: number): Uint8Array | undefined {
  if (req.readableFlowing !== null || req.readableEnded) return undefined;
  const waiting = req.readableLength;
  if (!req.complete && (declared === null || Number(declared) !== waiting)) return undefined;
  if (waiting > limit) throw closing(payloadTooLarge(limit));
  const body = (req.read() as Buffer | null) ?? EMPTY_BODY;
  // The request's end is a parser callback away: let the stream flow to it, or (read() having marked it consumed,
  // so Node will not drain it) it would never emit 'end' and 'close'.
  if (!req.complete) req.resume();
  return body;
}

const EMPTY_BODY = new Uint8Array(0);

/**
 * The Node request's bytes, up to `limit`. Past it, reading stops without destroying the stream (that would
 * destroy the socket while the 413 is being written, which once crashed the process through a shutdown
 * hook): the listeners go, the stream pauses, and the 413 with `Connection: close` ends the connection.
 */
function readNodeLimited(req: IncomingMessage, limit: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.pause();
        reject(closing(payloadTooLarge(limit)));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    // The client went away before the body ended (Node's 'aborted' error, then 'close'), or its bytes stopped
    // being HTTP: the request's fault, not the server's, so a 400 (which may reach nobody), never an error
    // logged with its stack as if the server had failed.
    const onError = (error: Error): void => {
      cleanup();
      reject(bodyEndedEarly(error));
    };
    const onClose = (): void => {
      if (req.complete) return;
      cleanup();
      reject(bodyEndedEarly());
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
    if (req.readableEnded) onEnd();
  });
}

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      throw bodyEndedEarly(error); // the stream failed: the client went away, as for a Node request above
    });
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading, but do not cancel the stream: on Node, cancelling destroys the request and its
      // socket while the 413 is still being written (a shutdown hook that read the socket on 'finish' once
      // killed the process that way). Releasing the lock leaves the rest unread, and
      // `Connection: close` makes Node end the connection once the 413 is out instead of reading on.
      reader.releaseLock();
      throw closing(payloadTooLarge(limit));
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}
