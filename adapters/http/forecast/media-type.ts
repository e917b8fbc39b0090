import type { H3Event, HTTPResponse } from 'h3';
import { BoundedMemo } from '../../../application/shared/bounded-memo.ts';
import { describeServed, negotiate, type ServedType } from './negotiate.ts';
import { problemResponse } from './problem.ts';

/** A route's media type for a request, or the answer that refuses the request. */
export type MediaTypeStep = (event: H3Event, baseUrl: string, correlationId: string) => ServedType | HTTPResponse;

/**
 * A route's choice among the media types it serves, by the request's Accept header (negotiate.ts), or the
 * 406 naming them when the header allows none. The choice is remembered per header, so a client's repeated
 * Accept is parsed once.
 */
export function mediaTypeStep(served: readonly string[]): MediaTypeStep {
  const chosen = new BoundedMemo<string | null, ServedType | null>(256);
  return (event, baseUrl, correlationId) =>
    chosen.get(event.req.headers.get('accept'), (accept) => negotiate(accept, served) ?? null) ??
    problemResponse(
      { name: 'NotAcceptable', status: 406, detail: `The Accept header allows none of ${describeServed(served)}.` },
      baseUrl,
      correlationId,
    );
}
