import type { H3Event, HTTPResponse } from 'h3';
import { clientAddress } from '../client-address.ts';
import type { RequestBudget } from '../rate-limiter.ts';
import { problemResponse } from './problem.ts';

/**
 * FORECAST_RATE_LIMIT: a 429 with Retry-After when the client's address has spent its minute's budget;
 * undefined when it may go on. The address is the one the auth budgets use (clientAddress, which honours
 * TRUST_PROXY), so behind a proxy each client has its own budget instead of all sharing the proxy's.
 */
export async function budgetRefusal(
  limiter: RequestBudget,
  event: H3Event,
  trustProxy: boolean,
  baseUrl: string,
  correlationId: string,
): Promise<HTTPResponse | undefined> {
  const wait = await limiter.take(clientAddress(event, trustProxy));
  if (wait <= 0) return undefined;
  return problemResponse(
    {
      name: 'TooManyRequests',
      status: 429,
      detail: `Too many requests from this client; retry in ${wait} s.`,
      headers: { 'retry-after': String(wait) },
    },
    baseUrl,
    correlationId,
  );
}
