import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * A check of `Authorization: Bearer <token>` against one configured token (METRICS_TOKEN). Compared as
 * SHA-256 digests, which have one length, so the comparison takes the same time whatever was sent.
 */
export function bearerTokenCheck(token: string): (headers: Headers) => boolean {
  const expected = digest(token);
  return (headers) => {
    const given = /^Bearer[ \t]+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}
