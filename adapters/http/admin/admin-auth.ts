import { createHash, timingSafeEqual } from 'node:crypto';

/** The admin routes' token rule: ADMIN_TOKEN must be long enough that it cannot be guessed. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

/** The cookie the control page sets after `?token=`, so a browser can use the page without a header. */
export const ADMIN_COOKIE = 'taskcast_admin';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * What a request's credentials come to: the token matched, nothing matched (401), or nothing matched and
 * a credential could not even be read (400, with why, never echoing the credential itself).
 */
export type AdminAuthOutcome =
  { readonly kind: 'granted' } | { readonly kind: 'refused' } | { readonly kind: 'malformed'; readonly reason: string };

// C0 controls and DEL: no token typed or pasted holds them, and a header value cannot.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * Whether a request carries the admin token: `?token=` on the page (given as `queryToken`, which then
 * stands alone), else `Authorization: Bearer <token>` or the page's cookie. Compared as SHA-256 digests
 * with timingSafeEqual, so neither the length nor a prefix leaks by timing. A malformed credential never
 * throws: it is skipped, so a valid bearer token next to a broken cookie still gets in, and it only turns
 * the 401 into a 400 when nothing else matched.
 */
export function checkAdminToken(headers: Headers, queryToken: string | null, token: string): AdminAuthOutcome {
  const expected = digest(token);
  const given: string[] = [];
  let malformed: string | undefined;
  if (queryToken !== null) {
    if (CONTROL_CHARACTER.test(queryToken)) malformed = 'The token parameter holds control characters.';
    else given.push(queryToken);
  } else {
    const authorization = headers.get('authorization');
    const bearer = authorization === null ? undefined : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
    if (bearer !== undefined) given.push(bearer);
    const cookie = headers.get('cookie');
    if (cookie !== null) {
      for (const part of cookie.split(';')) {
        const [name, ...value] = part.trim().split('=');
        if (name !== ADMIN_COOKIE) continue;
        const decoded = decodeCookieValue(value.join('='));
        if (decoded === undefined) malformed = `The ${ADMIN_COOKIE} cookie is not valid percent-encoding.`;
        else given.push(decoded);
      }
    }
  }
  if (given.some((candidate) => timingSafeEqual(digest(candidate), expected))) return { kind: 'granted' };
  return malformed === undefined ? { kind: 'refused' } : { kind: 'malformed', reason: malformed };
}

/** The cookie's value as the page set it (percent-encoded), or undefined when it is not valid encoding. */
function decodeCookieValue(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
