import { createHash, timingSafeEqual } from 'node:crypto';

/** The admin routes' token rule: ADMIN_TOKEN must be long enough that it cannot be guessed. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

/** The cookie the control page sets after `?token=`, so a browser can use the page without a header. */
export const ADMIN_COOKIE = 'taskcast_admin';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether a request carries the admin token, as `Authorization: Bearer <token>` or the page's cookie.
 * Compared as SHA-256 digests with timingSafeEqual, so neither the length nor a prefix leaks by timing.
 */
export function hasAdminToken(headers: Headers, token: string): boolean {
  const expected = digest(token);
  const given: string[] = [];
  const authorization = headers.get('authorization');
  const bearer = authorization === null ? undefined : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
  if (bearer !== undefined) given.push(bearer);
  const cookie = headers.get('cookie');
  if (cookie !== null) {
    for (const part of cookie.split(';')) {
      const [name, ...value] = part.trim().split('=');
      if (name === ADMIN_COOKIE) given.push(decodeURIComponent(value.join('=')));
    }
  }
  return given.some((candidate) => timingSafeEqual(digest(candidate), expected));
}
