/**
 * What caches may do with the task API's answers. Each is a constant record spread into the answer's own
 * headers (no per-request Headers object: the hot answers stay PlainResponses).
 */

/**
 * Sign-up and login: the answer carries a bearer token, which no cache, the browser's included, may keep
 * (RFC 6749, section 5.1).
 */
export const TOKEN_ANSWER: Readonly<Record<string, string>> = { 'cache-control': 'no-store' };

/**
 * One account's tasks, read with its token. `private`: no shared cache (a proxy, a CDN) may store it, even
 * one configured to store authorised answers; `no-cache`: a browser may keep it but must revalidate before
 * reuse, which is what the ETag and If-None-Match (304) are for, so polling stays cheap. `no-store` would
 * lose that. `Vary: Authorization`: a kept copy answers only the token it was fetched with, so another
 * account signed in on the same browser never gets it. A 304 carries the same headers (RFC 9110, 15.4.5).
 */
export const ACCOUNT_ANSWER: Readonly<Record<string, string>> = {
  'cache-control': 'private, no-cache',
  vary: 'Authorization',
};

/**
 * Every error of the task API: nothing in one is worth keeping (no error carries a version to revalidate
 * against but a 412's, which names the current version to refetch), and a 404 or 405 is otherwise
 * heuristically cacheable (RFC 9111, 4.2.2). A 401 kept for a token must not answer the next one either.
 */
export const ERROR_ANSWER: Readonly<Record<string, string>> = { 'cache-control': 'no-store' };
