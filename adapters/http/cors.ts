import { HTTPResponse, isPreflightRequest, type H3Event, type Middleware } from 'h3';
import { PlainResponse } from './plain-response.ts';

/**
 * Cross-origin access, as route middleware: each route carries its area's (corsAreaOf, asked once per route).
 *
 * - The forecast API (and the public documents: /openapi.json, /api/openapi.json, /docs, /) is open to every
 *   origin, as api.weather.gov is: `Access-Control-Allow-Origin: *` on every answer, errors included, so a
 *   page can read a 403 or a 404 problem too; the headers a client reads are exposed.
 * - The task API (/api, /health) is open only to the origins in CORS_ORIGINS (none by default). `*` there
 *   opens it to all. An allowed origin is echoed with `Vary: Origin`.
 * - `Access-Control-Allow-Credentials` is never sent: the task API authenticates with a Bearer token that
 *   the page sets itself, never with cookies, so a browser never needs credentials mode, and so a
 *   credentialed request can never be combined with a `*`.
 * - A preflight (OPTIONS with Origin and Access-Control-Request-Method) is answered here with 204, before
 *   any route, so it is never a 405. A plain OPTIONS reaches the routes and keeps its 405 with `Allow`.
 *
 * The User-Agent rule of the forecast API is untouched: a browser cannot set User-Agent, but it always sends
 * its own, which satisfies the rule (as on api.weather.gov). A preflight carries no data and is answered
 * whatever its User-Agent.
 */
export interface CorsPolicy {
  /** CORS_ORIGINS: exact origins (`scheme://host[:port]`) allowed on the task API, or `*`. Empty: none. */
  readonly taskOrigins: readonly string[];
}

/** What a forecast client reads: caching validators, paging, tracing, back-off. */
export const FORECAST_EXPOSED_HEADERS = [
  'ETag',
  'Last-Modified',
  'Link',
  'X-Correlation-Id',
  'Retry-After',
  'Cache-Control',
  'Location',
  'Allow',
] as const;
/**
 * What a task client reads (docs/task-api.md): the version a later If-Match or If-None-Match names, the
 * mark of a replayed create, the page link of the task list, the back-off of a 429 or 503, the methods of
 * a 405, the challenge of a 401. A browser hides any other header but the safelisted few (Cache-Control,
 * Content-Type, …) from a cross-origin page.
 */
export const TASK_EXPOSED_HEADERS = [
  'ETag',
  'Idempotent-Replayed',
  'Link',
  'Retry-After',
  'Allow',
  'WWW-Authenticate',
] as const;
export const TASK_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE'] as const;
/**
 * Every request header the task API reads: the token (first: the API document names it from here), the
 * body's type, the conditional requests and the key of a safe retry. A preflight that asks for one not
 * listed makes the browser refuse the call.
 */
export const TASK_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'If-Match',
  'If-None-Match',
  'Idempotency-Key',
] as const;
/** Headers a forecast page may send: Accept variants, conditional requests, api.weather.gov's Feature-Flags. */
export const FORECAST_ALLOWED_HEADERS = [
  'Accept',
  'If-None-Match',
  'If-Modified-Since',
  'Feature-Flags',
  'User-Agent',
] as const;
/** The forecast API is read-only: what a preflight grants, and what `Allow` lists on a 405 (method-not-allowed.ts). */
export const FORECAST_ALLOWED_METHODS = ['GET', 'HEAD', 'OPTIONS'] as const;
/** Chromium caps a preflight cache at 2 hours. */
const PREFLIGHT_MAX_AGE = '7200';

export type CorsArea = 'public' | 'tasks' | 'none';

/**
 * Which policy a path (or a route pattern) falls under. The task API's documents are public: they describe,
 * they hold no data. Asked once per route when the app is put together (compose-by-path.ts), not per request.
 */
export function corsAreaOf(path: string): CorsArea {
  if (path === '/api/openapi.json') return 'public';
  if (path === '/api' || path.startsWith('/api/') || path === '/health') return 'tasks';
  if (path === '/metrics') return 'none'; // operators scrape it; no page needs it
  return 'public';
}

/** The public area's middleware: `*` on every answer, and preflights granted at once. */
export function publicCorsMiddleware(): Middleware {
  return (event: H3Event, next: () => unknown) => {
    if (isPreflight(event)) {
      return noContent({
        'access-control-allow-origin': '*',
        'access-control-allow-methods': FORECAST_ALLOWED_METHODS.join(', '),
        'access-control-allow-headers': FORECAST_ALLOWED_HEADERS.join(', '),
        'access-control-max-age': PREFLIGHT_MAX_AGE,
      });
    }
    return withPublicCors(event, next);
  };
}

/** The task API's middleware: only the origins of CORS_ORIGINS (none by default) are granted. */
export function taskCorsMiddleware(policy: CorsPolicy): Middleware {
  const anyOrigin = policy.taskOrigins.includes('*');
  const allowed = new Set(policy.taskOrigins);
  // With no list (the default) an answer grants nothing and varies on nothing: only a preflight is answered
  // (204 with no grant), so an ordinary request costs one comparison here.
  if (!anyOrigin && allowed.size === 0)
    return (event: H3Event) => (isPreflight(event) ? noContent({ vary: 'Origin' }) : undefined);
  const exposed = TASK_EXPOSED_HEADERS.join(', ');
  return (event: H3Event) => {
    // No Origin: not a cross-origin request (or not from a browser), and nothing to grant or vary on.
    const origin = event.req.headers.get('origin');
    if (origin === null && anyOrigin) return;
    const allowOrigin = origin === null ? undefined : anyOrigin ? '*' : allowed.has(origin) ? origin : undefined;
    if (isPreflight(event)) {
      // An origin not on the list gets no grant at all; the browser then blocks the request.
      if (allowOrigin === undefined) return noContent({ vary: 'Origin' });
      return noContent({
        'access-control-allow-origin': allowOrigin,
        'access-control-allow-methods': TASK_ALLOWED_METHODS.join(', '),
        'access-control-allow-headers': TASK_ALLOWED_HEADERS.join(', '),
        'access-control-max-age': PREFLIGHT_MAX_AGE,
        vary: 'Origin',
      });
    }
    // The answer depends on Origin whenever a list is configured, so caches must key on it. h3 lets this
    // Vary replace the answer's own, and a task answer varies on its token (tasks/cache-policy.ts), so
    // both are named here; on /health and the token answers (no-store) the second costs nothing.
    if (!anyOrigin) setBoth(event, 'vary', 'Origin, Authorization');
    if (allowOrigin !== undefined) {
      setBoth(event, 'access-control-allow-origin', allowOrigin);
      setBoth(event, 'access-control-expose-headers', exposed);
    }
  };
}

/** The public area's CORS headers, for answers that carry them in their own record (see documentResponse). */
export const PUBLIC_CORS_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': FORECAST_EXPOSED_HEADERS.join(','),
};

/**
 * The public area's two headers on whatever the route answers. A forecast document (a PlainResponse) already
 * carries them in its own record, which keeps the hot answers free of h3's Headers objects; anything else,
 * a thrown error included, gets them through `event.res` as h3 merges them. A synchronous answer costs no
 * closure here.
 */
function withPublicCors(event: H3Event, next: () => unknown): unknown {
  let result: unknown;
  try {
    result = next();
  } catch (error) {
    setPublicCors(event);
    throw error;
  }
  if (typeof (result as PromiseLike<unknown> | undefined)?.then !== 'function') return withCorsOn(event, result);
  return (result as Promise<unknown>).then(
    (value) => withCorsOn(event, value),
    (error: unknown) => {
      setPublicCors(event);
      throw error;
    },
  );
}

function withCorsOn(event: H3Event, value: unknown): unknown {
  if (!(value instanceof PlainResponse && value.has('access-control-allow-origin'))) setPublicCors(event);
  return value;
}

/** What h3's `appendCorsHeaders(event, { origin: '*', exposeHeaders })` sets, without its per-call objects. */
function setPublicCors(event: H3Event): void {
  for (const name in PUBLIC_CORS_HEADERS) setBoth(event, name, PUBLIC_CORS_HEADERS[name]!);
}

/** h3's isPreflightRequest, asked only of an OPTIONS: it reads two headers whatever the method. */
function isPreflight(event: H3Event): boolean {
  return event.req.method === 'OPTIONS' && isPreflightRequest(event);
}

/** h3 merges `res.headers` into successful answers and `res.errHeaders` into errors: set both. */
function setBoth(event: H3Event, name: string, value: string): void {
  event.res.headers.set(name, value);
  event.res.errHeaders.set(name, value);
}

function noContent(headers: Record<string, string>): HTTPResponse {
  return new HTTPResponse(null, { status: 204, headers });
}

/**
 * CORS_ORIGINS as a list: comma-separated, each `*` or an origin `scheme://host[:port]` (no path), compared
 * exactly as browsers send the Origin header. Returns an error sentence for a malformed entry.
 */
export function parseCorsOrigins(raw: string | undefined): { origins: string[] } | { error: string } {
  if (raw === undefined || raw.trim() === '') return { origins: [] };
  const origins: string[] = [];
  for (const entry of raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    if (entry === '*') {
      origins.push('*');
      continue;
    }
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return { error: `CORS_ORIGINS entries must be * or origins such as https://app.example.com (got "${entry}")` };
    }
    if (
      !/^https?:$/.test(url.protocol) ||
      url.pathname !== '/' ||
      url.search !== '' ||
      url.hash !== '' ||
      url.username !== ''
    ) {
      return {
        error: `CORS_ORIGINS entries must be * or origins such as https://app.example.com, without a path (got "${entry}")`,
      };
    }
    origins.push(url.origin);
  }
  return { origins };
}
