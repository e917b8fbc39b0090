import { HTTPResponse } from 'h3';

/** A mistake in an admin request, with where it is (`alerts[0].onset`), for the 400's `path`. */
export class AdminBadRequest extends Error {
  constructor(
    message: string,
    readonly path: string = '',
  ) {
    super(message);
  }
}

export function json(body: unknown, status = 200): HTTPResponse {
  return new HTTPResponse(`${JSON.stringify(body)}\n`, {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}

/** RFC 9457 problem details, with the JSON path of the mistake when there is one. */
export function adminProblem(
  status: number,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
  path?: string,
): HTTPResponse {
  const body: Record<string, unknown> = { type: 'about:blank', title, status, detail };
  if (path !== undefined) body['path'] = path;
  return new HTTPResponse(`${JSON.stringify(body)}\n`, {
    status,
    headers: { 'content-type': 'application/problem+json', 'cache-control': 'no-store', ...headers },
  });
}
