import { Buffer } from 'buffer';

/**
 * The `Buffer` global for the browser build (injected by esbuild, and what the crypto stand-in returns):
 * feross's buffer, Node's API, taught the one encoding it lacks and the code uses, `base64url` (ETags,
 * cursors).
 */
type ToString = (this: Buffer, encoding?: string, start?: number, end?: number) => string;

// Base64 pads with at most two `=`; a bounded pattern keeps the regex audit's linear-time rule.
const toBase64url = (base64: string): string =>
  base64
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/={1,2}$/, '');
const fromBase64url = (text: string): string => text.replace(/-/g, '+').replace(/_/g, '/');

const prototype = Buffer.prototype as { toString: ToString };
const toString = prototype.toString;
prototype.toString = function (encoding, start, end) {
  return encoding === 'base64url'
    ? toBase64url(toString.call(this, 'base64', start, end))
    : toString.call(this, encoding, start, end);
};

const from = Buffer.from.bind(Buffer) as (value: unknown, encoding?: unknown, length?: unknown) => Buffer;
Buffer.from = ((value: unknown, encoding?: unknown, length?: unknown) =>
  typeof value === 'string' && encoding === 'base64url'
    ? from(fromBase64url(value), 'base64')
    : from(value, encoding, length)) as typeof Buffer.from;

const isEncoding = Buffer.isEncoding.bind(Buffer);
Buffer.isEncoding = (encoding: string): encoding is BufferEncoding => encoding === 'base64url' || isEncoding(encoding);

export { Buffer };
