import type { H3Event } from 'h3';
import { ValidationError } from '../../domain/tasks/errors.ts';
import { payloadTooLarge } from './http-problem.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The request body parsed as JSON. Too large is a 413 (checked against Content-Length before reading, and
 * while reading a chunked body); empty or malformed is a 400 ValidationError.
 */
export async function readJsonBody(event: H3Event, limit = MAX_BODY_BYTES): Promise<unknown> {
  const declared = event.req.headers.get('content-length');
  let text: string;
  if (declared !== null) {
    if (Number(declared) > limit) throw payloadTooLarge(limit);
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
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
