import { type H3Event, HTTPResponse } from 'h3';
import { PointNotCanonical, ResourceMoved } from '../../../domain/forecast/errors.ts';
import { requestUrl } from '../request-url.ts';

/**
 * The 301 a failure stands for, as api.weather.gov answers: a point given with more than 4 decimals goes to
 * the same path with the point rounded, and a resource that lives at another path goes there. Undefined
 * for any other failure.
 */
export function redirectFor(
  error: unknown,
  event: H3Event,
  baseUrl: string,
  correlationId: string,
): HTTPResponse | undefined {
  if (error instanceof PointNotCanonical) {
    // The rest of the path and the query stay.
    const path = event.url.pathname.replace(/^\/points\/[^/]+/, `/points/${error.canonical}`);
    return movedTo(`${baseUrl}${path}${requestUrl(event).search}`, correlationId);
  }
  if (error instanceof ResourceMoved) return movedTo(`${baseUrl}${error.path}`, correlationId);
  return undefined;
}

function movedTo(location: string, correlationId: string): HTTPResponse {
  return new HTTPResponse(null, { status: 301, headers: { location, 'x-correlation-id': correlationId } });
}
