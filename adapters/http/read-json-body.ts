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
    text = await event.req.text();
  } else {
    text = await readLimited(event.req.body, limit);
  }
  if (text.trim() === '') throw new ValidationError([{ path: '', message: 'the request body must be a JSON object; it was empty' }]);
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError([{ path: '', message: 'the request body is not valid JSON' }]);
  }
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
  return Buffer.concat(chunks).toString('utf8');
}
