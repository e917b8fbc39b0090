import type { H3Event } from 'h3';
import type { ForecastContext } from '../../../application/forecast/ports.ts';
import { queryValuesOf, type QueryValues } from '../../../domain/forecast/queries.ts';
import { hasQuery, requestUrl } from '../request-url.ts';

/** What a forecast route reads of its request: the path's parameters, decoded, and the query's values. */
export interface ForecastRequestContext extends ForecastContext {
  readonly event: H3Event;
  readonly query: QueryValues;
  param(name: string): string;
}

export function forecastRequest(event: H3Event, baseUrl: string): ForecastRequestContext {
  const params = event.context.params ?? {};
  return {
    event,
    baseUrl,
    query: hasQuery(event) ? queryValuesOf(requestUrl(event).searchParams) : NO_QUERY,
    param: (name) => decodeParam(params[name] ?? ''),
  };
}

/** The query of a URL without one (most forecast requests): reading the search params would parse the URL. */
const NO_QUERY: QueryValues = Object.freeze(queryValuesOf([]));

function decodeParam(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
