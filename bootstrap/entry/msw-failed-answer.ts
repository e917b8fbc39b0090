import { DroppedConnection } from '../../adapters/http/in-process-exchange.ts';

/**
 * What the MSW handlers (node and browser) give back when the double's answer failed, so the app's fetch
 * fails as it would over the network:
 * - a networkError fault: MSW's network error, so the fetch rejects as over a dropped connection;
 * - the app aborted its fetch (a timeout while a delay fault ran): its fetch has already rejected with the
 *   signal's reason, as a real one does, and this answer goes nowhere. Thrown, the reason would reach MSW
 *   as an exception in a handler, which it prints with a stack; a real abort is silent.
 * Anything else is a fault of ours and is thrown, for MSW to report.
 */
export function failedAnswer(error: unknown, request: Request): Response {
  if (error instanceof DroppedConnection || request.signal.aborted) return Response.error();
  throw error;
}
