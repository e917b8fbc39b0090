import type { H3, H3Event, HTTPResponse } from 'h3';
import type { ForecastUseCases } from '../../../application/forecast/index.ts';
import type { RouteRule } from '../../../application/forecast/resource-route.ts';
import { requestUrl } from '../request-url.ts';
import { documentHandler, type ForecastHandlerOptions } from './forecast-handler.ts';
import { LD_TYPES } from './negotiate.ts';

/**
 * Paths of api.weather.gov that no route here names, relayed through the provider's other documents as the
 * catch-all is, with the JSON media types their OpenAPI entries declare. Through the catch-all they would
 * be served as its default, GeoJSON, though the spec declares them JSON-LD only.
 *
 * The routes follow the OpenAPI v1.9 (test/fixtures/nws/openapi.json); these are the JSON documents of the
 * newer 3.8.1 beyond it that no family serves (the offices family declares /offices/{id}/weatherstories,
 * which therefore left this list). Its other new paths are routes here under another parameter name
 * (/points/{latitude},{longitude}, /aviation/sigmets/{atsu}…) or not JSON (a briefing's PDF, a weather
 * story's image, the radio's SSML), which the catch-all, a relay of JSON documents, does not serve.
 */
export const RELAYED_PATHS: readonly { readonly pattern: string; readonly served: readonly string[] }[] = [
  { pattern: '/products/types/:typeId/locations/:locationId/latest', served: LD_TYPES },
  { pattern: '/offices/:office/briefing', served: LD_TYPES },
];

/**
 * The relayed paths no family declares: a family takes one over by declaring its pattern (its rule then
 * parses, answers and refuses other methods as every declared route does), with no line changed here.
 */
export function undeclaredRelayedPaths(declared: readonly RouteRule[]): typeof RELAYED_PATHS {
  const patterns = new Set(declared.map((rule) => rule.pattern));
  return RELAYED_PATHS.filter(({ pattern }) => !patterns.has(pattern));
}

/**
 * GET and HEAD of each relayed path no family declares, in its declared media types; other methods stay
 * `otherMethod`'s.
 */
export function registerRelayedPaths(
  app: H3,
  uc: ForecastUseCases,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
  otherMethod: (event: H3Event) => Promise<HTTPResponse> | HTTPResponse,
): void {
  for (const { pattern, served } of undeclaredRelayedPaths(uc.resources.routes)) {
    const relay = documentHandler(
      (r) => uc.resources.other(pathAndQuery(requestUrl(r.event)), r),
      options,
      report,
      served,
    );
    app.get(pattern, relay);
    app.on('HEAD', pattern, relay);
    app.all(pattern, otherMethod);
  }
}

function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`;
}
