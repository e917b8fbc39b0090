/**
 * A failure that exists only at the HTTP edge (too large, wrong method, unknown route, rate limited).
 * The task API renders it in the contract's error body, with any headers it carries.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const payloadTooLarge = (limit: number): HttpProblem =>
  new HttpProblem(413, 'PayloadTooLarge', `The request body is larger than ${limit} bytes.`);

export const methodNotAllowed = (method: string, allow: readonly string[]): HttpProblem =>
  new HttpProblem(405, 'MethodNotAllowed', `${method} is not supported here; use ${allow.join(', ')}.`, {
    allow: allow.join(', '),
  });

export const routeNotFound = (method: string, path: string): HttpProblem =>
  new HttpProblem(404, 'NotFound', `No route matches ${method} ${path}.`);

export const tooManyRequests = (retryAfterSeconds: number): HttpProblem =>
  new HttpProblem(429, 'TooManyRequests', `Too many requests; retry in ${retryAfterSeconds} s.`, {
    'retry-after': String(retryAfterSeconds),
  });
