import type { H3Event } from 'h3';
import { ValidationError } from '../../domain/tasks/errors.ts';
import { payloadTooLarge, type HttpProblem } from './http-problem.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The request body parsed as JSON. Too large is a 413 (checked against Content-Length before reading, and
 * while reading a chunked body); empty or malformed is a 400 ValidationError.
 */
export async function readJsonBody(event: H3Event, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = event.req.headers.get('content-length');
  let text: string;
  if (declared !== null) {
    if (Number(declared) > limit) throw closing(payloadTooLarge(limit));
    text = decodeUtf8(new Uint8Array(await event.req.arrayBuffer()));
  } else {
    text = await readLimited(event.req.body, limit);
  }
  if (text.trim() === '') throw new ValidationError([{ path: '', message: 'the request body must be a JSON object; it was empty' }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ValidationError([{ path: '', message: 'the request body is not valid JSON' }]);
  }
  const bad = firstIllFormedString(value, '');
  if (bad !== undefined) {
    throw new ValidationError([{ path: bad, message: 'contains an unpaired UTF-16 surrogate (such as \\ud800), which is not text' }]);
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

/** The path of the first string (key or value) holding a lone surrogate, which JSON escapes can spell. */
function firstIllFormedString(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.isWellFormed() ? undefined : path;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path === '' ? key : `${path}.${key}`;
    if (!key.isWellFormed()) return childPath;
    const found = firstIllFormedString(child, childPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The client is still sending a body we will not read: answer, then close the connection. */
function closing(problem: HttpProblem): HttpProblem {
  problem.headers['connection'] = 'close';
  return problem;
}

async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Stop reading, but do not cancel the stream: on Node, cancelling destroys the request and its
      // socket while the 413 is still being written, and listhen's shutdown hook then dereferences the
      // null socket on 'finish' and the process dies. Releasing the lock leaves the rest unread, and
      // `Connection: close` makes Node end the connection once the 413 is out instead of reading on.
      reader.releaseLock();
      throw closing(payloadTooLarge(limit));
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}
