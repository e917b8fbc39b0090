import { type H3Event, HTTPResponse } from 'h3';
import { newCorrelationId } from '../correlation-id.ts';
import { FORECAST_ALLOWED_METHODS } from '../cors.ts';
import { baseUrlOf, type BaseUrlOptions } from './base-url.ts';
import { problemResponse } from './problem.ts';

const ALLOW = FORECAST_ALLOWED_METHODS.join(', ');

/**
 * Every method but GET and HEAD on a forecast route. The forecast API is read-only, so a POST, PUT, PATCH or
 * DELETE on a resource that exists is a 405 MethodNotAllowed problem with `Allow: GET, HEAD, OPTIONS` (as the
 * task API answers its own paths), not the 404 "no resource" it was: the resource is there, the method is
 * not. An OPTIONS that is not a CORS preflight (cors.ts answers those first) gets what RFC 9110 gives it: a
 * 204 with the same `Allow`. Neither needs a User-Agent: they carry no forecast data. A path no route serves
 * stays a 404 whatever the method (create-http-app.ts).
 */
export function otherMethodHandler(options: BaseUrlOptions): (event: H3Event) => HTTPResponse {
  return (event) => {
    const correlationId = newCorrelationId(event);
    if (event.req.method === 'OPTIONS') {
      return new HTTPResponse(null, { status: 204, headers: { allow: ALLOW, 'x-correlation-id': correlationId } });
    }
    return problemResponse(
      {
        name: 'MethodNotAllowed',
        status: 405,
        detail: `${event.req.method} is not supported on ${event.url.pathname}: the forecast API is read-only; use GET, HEAD or OPTIONS.`,
        headers: { allow: ALLOW },
      },
      baseUrlOf(event, options),
      correlationId,
    );
  };
}
