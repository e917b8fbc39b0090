import { newCorrelationId } from '../correlation-id.ts';
import { type H3Event, HTTPResponse } from 'h3';
import { clientAddress } from '../client-address.ts';
import type { RequestBudget } from '../rate-limiter.ts';
import type { ForecastAsset, ForecastContext, ForecastDocument } from '../../../application/forecast/ports.ts';
import { PointNotCanonical, ResourceMoved } from '../../../domain/forecast/errors.ts';
import type { QueryValues } from '../../../domain/forecast/queries.ts';
import { baseUrlOf, type BaseUrlOptions } from './base-url.ts';
import { requestUrl } from '../request-url.ts';
import { assetResponse, documentResponse } from './document-response.ts';
import { BoundedMemo } from '../../../application/shared/bounded-memo.ts';
import { SERVED_TYPES, describeServed, negotiate, type ServedType } from './negotiate.ts';
import { PROBLEM_TYPE, forecastErrorResponse, problemResponse } from './problem.ts';

export interface ForecastRequestContext extends ForecastContext {
  readonly event: H3Event;
  readonly query: QueryValues;
  param(name: string): string;
}

export type ForecastRoute = (request: ForecastRequestContext) => Promise<ForecastDocument>;

export interface ForecastHandlerOptions extends BaseUrlOptions {
  /**
   * FORECAST_RATE_LIMIT: requests per client address per minute; absent, no limit. The address is the one
   * the auth budgets use (clientAddress, which honours TRUST_PROXY), so behind a proxy each client has its
   * own budget instead of all sharing the proxy's.
   */
  readonly limiter?: RequestBudget;
}

export type AssetRoute = (request: ForecastRequestContext) => Promise<ForecastAsset>;

/**
 * Wraps a forecast route with what every forecast answer shares: a correlation id, the User-Agent rule,
 * the rate limit, Accept negotiation, `{base}`, problem+json errors, caching headers and conditional
 * requests, and the redirect for points given with more than 4 decimals. An asset route (an icon) skips
 * the JSON media-type negotiation and answers its own bytes.
 */
/** Other renderings of a document route, by media type (an alert as application/cap+xml), chosen by Accept. */
export type AlternateRenderings = Readonly<Record<string, AssetRoute>>;

export function forecastHandler(
  route: ForecastRoute,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
  kind?: 'document',
  served?: readonly string[],
  alternates?: AlternateRenderings,
): (event: H3Event) => Promise<HTTPResponse>;
export function forecastHandler(
  route: AssetRoute,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
  kind: 'asset',
): (event: H3Event) => Promise<HTTPResponse>;
export function forecastHandler(
  route: ForecastRoute | AssetRoute,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
  kind: 'document' | 'asset' = 'document',
  served: readonly string[] = SERVED_TYPES,
  alternates: AlternateRenderings = {},
) {
  // The alternates rank after the JSON types: only an Accept that prefers them picks them.
  const negotiable = [...served, ...Object.keys(alternates)];
  // A route's choice among its types per Accept header, so a client's repeated header is parsed once.
  const negotiated = new BoundedMemo<string | null, ServedType | null>(256);
  return async (event: H3Event): Promise<HTTPResponse> => {
    const correlationId = newCorrelationId(event);
    const baseUrl = baseUrlOf(event, options);
    const userAgent = event.req.headers.get('user-agent');
    if (userAgent === null || userAgent.trim() === '') {
      return new HTTPResponse(
        JSON.stringify({ title: 'Access denied', detail: 'A valid User-Agent header is required.' }),
        {
          status: 403,
          headers: { 'content-type': PROBLEM_TYPE, 'x-correlation-id': correlationId },
        },
      );
    }
    const wait = options.limiter ? await options.limiter.take(clientAddress(event, options.trustProxy)) : 0;
    if (wait > 0) {
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
    const type =
      kind === 'asset'
        ? SERVED_TYPES[0]
        : negotiated.get(event.req.headers.get('accept'), (accept) => negotiate(accept, negotiable) ?? null);
    if (!type) {
      return problemResponse(
        {
          name: 'NotAcceptable',
          status: 406,
          detail: `The Accept header allows none of ${describeServed(negotiable)}.`,
        },
        baseUrl,
        correlationId,
      );
    }
    const alternate = kind === 'document' ? alternates[type] : undefined;
    try {
      const params = event.context.params ?? {};
      const request: ForecastRequestContext = {
        event,
        baseUrl,
        query: requestUrl(event).search === '' ? NO_QUERY : queryValues(requestUrl(event).searchParams),
        param: (name) => decodeParam(params[name] ?? ''),
      };
      if (alternate) return assetResponse(await alternate(request), event.req, correlationId, true);
      const answer = await route(request);
      return kind === 'asset'
        ? assetResponse(answer as ForecastAsset, event.req, correlationId)
        : documentResponse(answer as ForecastDocument, type, event.req, correlationId);
    } catch (error) {
      if (error instanceof PointNotCanonical)
        return redirectToCanonical(event, baseUrl, error.canonical, correlationId);
      if (error instanceof ResourceMoved) {
        return new HTTPResponse(null, {
          status: 301,
          headers: { location: `${baseUrl}${error.path}`, 'x-correlation-id': correlationId },
        });
      }
      return forecastErrorResponse(error, baseUrl, correlationId, report);
    }
  };
}

/** The query of a URL without one (most forecast requests): reading the search params would parse the URL. */
const NO_QUERY: QueryValues = Object.freeze({});

function queryValues(params: URLSearchParams): QueryValues {
  const out: Record<string, string[]> = {};
  for (const [key, value] of params) (out[key] ??= []).push(value);
  return out;
}

function decodeParam(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** 301 to the same path with the point rounded to 4 decimals, keeping the rest of the path and the query. */
function redirectToCanonical(event: H3Event, base: string, canonical: string, correlationId: string): HTTPResponse {
  const path = event.url.pathname.replace(/^\/points\/[^/]+/, `/points/${canonical}`);
  return new HTTPResponse(null, {
    status: 301,
    headers: { location: `${base}${path}${requestUrl(event).search}`, 'x-correlation-id': correlationId },
  });
}
