import { Unauthorized } from '../../../domain/tasks/errors.ts';

/** Far above any token Taskcast issues (about 200 bytes); a longer header is refused before any parsing. */
export const MAX_AUTHORIZATION_LENGTH = 4096;

/** The characters of a JWS compact token: base64url segments joined by dots (plus padding and base64's +/). */
const TOKEN_CHARS = /^[A-Za-z0-9\-_.=+/]+$/;

const malformed = (): Unauthorized => new Unauthorized('The Authorization header must be of the form Bearer <token>.');

/** The header has the Bearer form, but what it carries cannot be a token: say so, rather than blame the form. */
const notAToken = (): Unauthorized =>
  new Unauthorized('The bearer token is malformed: a Taskcast token is a JWT, base64url parts joined by dots.');

/**
 * The token of `Authorization: Bearer <token>`; the scheme word is case-insensitive, any other form is a 401.
 *
 * Parsed by hand in one pass, with the length capped first: an earlier single regular expression with
 * nested optional groups backtracked polynomially, so one 16 KB header cost over half a second of CPU.
 * The only regular expression left is a single character class, linear by construction.
 */
export function bearerToken(header: string | null): string {
  if (header === null || header === '')
    throw new Unauthorized('The Authorization header is missing; send Authorization: Bearer <token>.');
  const bearer = header.slice(0, 6).toLowerCase() === 'bearer' && header[6] === ' ';
  if (header.length > MAX_AUTHORIZATION_LENGTH) throw bearer ? notAToken() : malformed();
  if (!bearer) throw malformed();
  let start = 7;
  while (header[start] === ' ') start++;
  let end = header.length;
  while (end > start && header[end - 1] === ' ') end--;
  const token = header.slice(start, end);
  const firstDot = token.indexOf('.');
  if (firstDot <= 0 || !TOKEN_CHARS.test(token)) throw notAToken();
  return token;
}

/** The Bearer scheme followed by something: a token was sent, however malformed. */
const SENT_BEARER = /^bearer +[^ ]/i;

/**
 * The `WWW-Authenticate` challenge of a 401 from the task API (RFC 6750, section 3). A request that sent no
 * bearer token (no Authorization header, or another scheme) gets the bare challenge, which says only how to
 * authenticate; one that sent a bearer token that is malformed, forged, expired or whose user is gone gets
 * `error="invalid_token"`. Login's 401 (a wrong email or password, sent in the body) carries the bare
 * challenge too: every 401 must carry one (RFC 9110, section 15.5.2), and a bearer token is what the API
 * asks for.
 */
export function bearerChallenge(authorization: string | null): string {
  return authorization !== null && SENT_BEARER.test(authorization) ? 'Bearer error="invalid_token"' : 'Bearer';
}
