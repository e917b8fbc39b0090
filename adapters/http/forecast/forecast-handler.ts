import type { H3Event, HTTPResponse } from 'h3';
import type { ForecastAsset, ForecastDocument } from '../../../application/forecast/ports.ts';
import { newCorrelationId } from '../correlation-id.ts';
import type { RequestBudget } from '../rate-limiter.ts';
import { BadRequest } from '../../../domain/forecast/errors.ts';
import { baseUrlOf, requestBaseUrl, type BaseUrlOptions } from './base-url.ts';
import { assetResponse, documentResponse } from './document-response.ts';
import { forecastRequest, type ForecastRequestContext } from './forecast-request.ts';
import type { KeptDocuments } from './kept-documents.ts';
import { mediaTypeStep, type MediaTypeStep } from './media-type.ts';
import { SERVED_TYPES, type ServedType } from './negotiate.ts';
import { forecastErrorResponse } from './problem.ts';
import { redirectFor } from './redirects.ts';
import { budgetRefusal } from './request-budget.ts';
import { userAgentRefusal } from './user-agent-rule.ts';

export type { ForecastRequestContext } from './forecast-request.ts';

export type ForecastRoute = (request: ForecastRequestContext) => Promise<ForecastDocument>;
export type AssetRoute = (request: ForecastRequestContext) => Promise<ForecastAsset>;
/** Other renderings of a document route, by media type (an alert as application/cap+xml), chosen by Accept. */
export type AlternateRenderings = Readonly<Record<string, AssetRoute>>;

export interface ForecastHandlerOptions extends BaseUrlOptions {
  /** FORECAST_RATE_LIMIT's budget per client address (request-budget.ts); absent, no limit. */
  readonly limiter?: RequestBudget;
  /** Documents kept per URL for the clock's second, on the routes that allow it (kept-documents.ts). */
  readonly kept?: KeptDocuments;
}

/** The step that answers once the request has passed the rules: the route's data, written in `type`. */
type Respond = (request: ForecastRequestContext, type: ServedType, correlationId: string) => Promise<HTTPResponse>;

const BAD_HOST = 'The request needs one Host header holding a valid host[:port]; its links could not be written.';

/**
 * A forecast route's handler: each step of what every forecast answer shares, in order, each in its own
 * module. A correlation id and `{base}` (400 for a Host that gives none); the User-Agent rule (403); the
 * rate limit (429); the media type by Accept (406, for a JSON document); then the route's answer, written
 * with caching headers and conditional requests (document-response.ts); a failure becomes a redirect
 * (redirects.ts) or a problem+json (problem.ts).
 */
function forecastAnswer(
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
  mediaType: MediaTypeStep,
  respond: Respond,
): (event: H3Event) => Promise<HTTPResponse> {
  return async (event) => {
    const correlationId = newCorrelationId(event);
    const baseUrl = requestBaseUrl(event, options);
    if (baseUrl === null)
      return forecastErrorResponse(new BadRequest(BAD_HOST), baseUrlOf(event, options), correlationId, report);
    const refusal = userAgentRefusal(event, correlationId);
    if (refusal) return refusal;
    if (options.limiter) {
      const overBudget = await budgetRefusal(options.limiter, event, options.trustProxy, baseUrl, correlationId);
      if (overBudget) return overBudget;
    }
    const type = mediaType(event, baseUrl, correlationId);
    if (typeof type !== 'string') return type;
    try {
      return await respond(forecastRequest(event, baseUrl), type, correlationId);
    } catch (error) {
      return (
        redirectFor(error, event, baseUrl, correlationId) ??
        forecastErrorResponse(error, baseUrl, correlationId, report)
      );
    }
  };
}

/**
 * A JSON document route, in the media types it serves (its OpenAPI entry's); `alternates` are other
 * renderings of the same URL, which rank after the JSON types: only an Accept that prefers them picks them.
 */
export function documentHandler(
  route: ForecastRoute,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
  served: readonly string[] = SERVED_TYPES,
  alternates: AlternateRenderings = {},
): (event: H3Event) => Promise<HTTPResponse> {
  const mediaType = mediaTypeStep([...served, ...Object.keys(alternates)]);
  return forecastAnswer(options, report, mediaType, async (request, type, id) => {
    const alternate = alternates[type];
    if (alternate) return assetResponse(await alternate(request), request.event.req, id, true);
    return documentResponse(await route(request), type, request.event.req, id);
  });
}

/** An asset route (an icon, a thumbnail, a TAF's XML): its own bytes and type, whatever JSON type Accept names. */
export function assetHandler(
  route: AssetRoute,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
): (event: H3Event) => Promise<HTTPResponse> {
  return forecastAnswer(options, report, OWN_TYPE, async (request, _type, id) =>
    assetResponse(await route(request), request.event.req, id),
  );
}

/** An asset's bytes carry their own type: Accept is not asked. */
const OWN_TYPE: MediaTypeStep = () => SERVED_TYPES[0];

/** documentHandler or assetHandler by `kind`, as the route table (forecast-routes.ts) names them. */
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
): (event: H3Event) => Promise<HTTPResponse> {
  return kind === 'asset'
    ? assetHandler(route as AssetRoute, options, report)
    : documentHandler(route as ForecastRoute, options, report, served, alternates);
}
