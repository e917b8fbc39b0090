import { type H3Event, HTTPResponse } from 'h3';
import { PROBLEM_TYPE } from './problem.ts';

/**
 * api.weather.gov's rule: a forecast request without a User-Agent is refused, with its terse 403 body (no
 * problem type, as its own). Undefined: the request may go on.
 */
export function userAgentRefusal(event: H3Event, correlationId: string): HTTPResponse | undefined {
  const userAgent = event.req.headers.get('user-agent');
  if (userAgent !== null && userAgent.trim() !== '') return undefined;
  return new HTTPResponse(
    JSON.stringify({ title: 'Access denied', detail: 'A valid User-Agent header is required.' }),
    {
      status: 403,
      headers: { 'content-type': PROBLEM_TYPE, 'x-correlation-id': correlationId },
    },
  );
}
