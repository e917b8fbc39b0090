import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { Buffer } from 'buffer';
import { unavailable } from './unavailable.ts';

/**
 * node:crypto for the browser build. The forecast path hashes synchronously (ETags are SHA-1 of the body),
 * which Web Crypto cannot (its digest is async), so the hashes come from @noble/hashes; random bytes (the
 * correlation id) from the page's crypto.getRandomValues.
 */
const HASHES = { sha1, sha256, sha384, sha512 } as const;
type Algorithm = keyof typeof HASHES;
type Data = string | Uint8Array;

const bytesOf = (data: Data, encoding?: string): Uint8Array =>
  typeof data === 'string' ? Buffer.from(data, (encoding ?? 'utf8') as BufferEncoding) : data;

function hasherOf(algorithm: string): (typeof HASHES)[Algorithm] {
  const hash = HASHES[algorithm.toLowerCase() as Algorithm];
  return hash ?? unavailable(`the ${algorithm} hash`);
}

/** node:crypto's Hash and Hmac over a noble hash state: update() chains, digest() gives a Buffer or a string. */
function nodeHasher(state: { update(bytes: Uint8Array): unknown; digest(): Uint8Array }) {
  const hasher = {
    update(data: Data, encoding?: string) {
      state.update(bytesOf(data, encoding));
      return hasher;
    },
    digest(encoding?: BufferEncoding): Buffer | string {
      const digest = Buffer.from(state.digest());
      return encoding ? digest.toString(encoding) : digest;
    },
  };
  return hasher;
}

export function createHash(algorithm: string) {
  return nodeHasher(hasherOf(algorithm).create());
}

export function hash(algorithm: string, data: Data, encoding: BufferEncoding = 'hex'): string {
  return Buffer.from(hasherOf(algorithm)(bytesOf(data))).toString(encoding);
}

export function randomBytes(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  globalThis.crypto.getRandomValues(bytes);
  return bytes;
}

export function randomUUID(): string {
  return globalThis.crypto.randomUUID();
}

export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/** HMAC (the task service's password pre-hash, wired though never called through the double). */
export function createHmac(algorithm: string, key: Data) {
  return nodeHasher(hmac.create(hasherOf(algorithm), bytesOf(key)));
}

export const webcrypto = globalThis.crypto;
export default { createHash, createHmac, hash, randomBytes, randomUUID, timingSafeEqual, webcrypto };
