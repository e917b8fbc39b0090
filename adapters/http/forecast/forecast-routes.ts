import type { H3, H3Event, HTTPResponse } from 'h3';
import { singleParam, type QueryValues } from '../../../domain/forecast/queries.ts';
import type { ForecastUseCases, RouteInput } from '../../../application/forecast/index.ts';
import type { DocumentMedia } from '../../../application/forecast/resource-route.ts';
import {
  forecastHandler,
  type AssetRoute,
  type ForecastHandlerOptions,
  type ForecastRequestContext,
  type ForecastRoute,
} from './forecast-handler.ts';
import { otherMethodHandler } from './method-not-allowed.ts';
import { requestUrl } from '../request-url.ts';
import { LD_TYPES, SERVED_TYPES } from './negotiate.ts';

/** GeoJSON documents the OpenAPI declares without JSON-LD (CWAs, SIGMETs): geo+json, or plain JSON. */
const GEO_ONLY = ['application/geo+json', 'application/json'] as const;

/** The media types each kind of declared document route serves. */
const SERVED_BY_MEDIA: Readonly<Record<DocumentMedia, readonly string[]>> = {
  geojson: SERVED_TYPES,
  'json-ld': LD_TYPES,
  'geojson-only': GEO_ONLY,
};

/** Every forecast route of the spec, at the root, GET and HEAD. */
export function registerForecastRoutes(
  app: H3,
  uc: ForecastUseCases,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
): void {
  // Every route answers GET and HEAD; any other method on its path is the read-only API's 405 (OPTIONS a 204).
  const otherMethod = otherMethodHandler(options);
  const readOnly = (path: string, handler: (event: H3Event) => Promise<HTTPResponse>): void => {
    app.get(path, handler);
    app.on('HEAD', path, handler);
    app.all(path, otherMethod);
  };
  // Each route serves the media types its OpenAPI entry declares (JSON-LD-only documents default to ld+json).
  const get = (path: string, route: ForecastRoute, served: readonly string[] = SERVED_TYPES): void =>
    readOnly(path, forecastHandler(route, options, report, 'document', served));
  const asset = (path: string, route: AssetRoute): void =>
    readOnly(path, forecastHandler(route, options, report, 'asset'));
  // `units` takes one value: `?units=si&units=us` is the 400 a repeated `limit` is, not the first one's forecast.
  const units = (r: { query: QueryValues }) => singleParam(r.query, 'units');
  // A point and the forecasts read nothing of the request but its URL and base: their documents may be kept
  // for the clock's second when the provider allows it, and where the route answers the provider's document
  // as it is (a point, a grid's forecast), for as long as that document says (kept-documents.ts). A point's
  // forecast is two documents, the point's and the grid's: only the controls' rule keeps it.
  const kept = (route: ForecastRoute, ownDocument = false): ForecastRoute =>
    options.kept?.route(route, ownDocument) ?? route;
  // A point's and a zone's alert lists too (keepsAlertList): what is in effect follows the forecast clock and
  // the scenario alone, like a forecast, and their query is in the URL; under the controls' rule only.
  const keptAlerts = (pattern: string, route: ForecastRoute): ForecastRoute => {
    if (!keptAlertPatterns.has(pattern)) return route;
    const keptRoute = kept(route);
    return (r) => (keepsAlertList(pattern, r.query, r.param('zoneId')) ? keptRoute(r) : route(r));
  };

  // The routes the families declare by rule (see application/forecast/resource-route.ts), handed over
  // by the composition. An asset declared on a document's path is one more rendering of it, chosen by
  // Accept as the first media type it asks for (an alert as application/cap+xml).
  const documentPaths = new Set(
    uc.resources.routes.flatMap((rule) => (rule.kind === 'document' ? [rule.pattern] : [])),
  );
  for (const rule of uc.resources.routes) {
    if (rule.kind === 'asset') {
      if (!documentPaths.has(rule.pattern)) asset(rule.pattern, (r) => uc.resources.asset(rule, routeInput(r), r));
      continue;
    }
    const alternates: Record<string, AssetRoute> = {};
    for (const other of uc.resources.routes)
      if (other.kind === 'asset' && other.pattern === rule.pattern)
        alternates[mediaTypeOf(other.media.accept)] = (r) => uc.resources.asset(other, routeInput(r), r);
    const route: ForecastRoute = (r) => uc.resources.document(rule, routeInput(r), r);
    readOnly(
      rule.pattern,
      forecastHandler(
        keptAlerts(rule.pattern, route),
        options,
        report,
        'document',
        SERVED_BY_MEDIA[rule.media],
        alternates,
      ),
    );
  }

  get(
    '/points/:point',
    kept((r) => uc.resolvePoint.execute(r.param('point'), r), true),
  );
  get(
    '/points/:point/forecast',
    kept((r) => uc.getForecast.forPoint(r.param('point'), { hourly: false, units: units(r) }, r)),
  );
  get(
    '/points/:point/forecast/hourly',
    kept((r) => uc.getForecast.forPoint(r.param('point'), { hourly: true, units: units(r) }, r)),
  );
  get('/points/:point/stations', (r) => uc.findPointStations.execute(r.param('point'), r));

  get(
    '/gridpoints/:office/:xy/forecast',
    kept((r) => uc.getForecast.forGrid(r.param('office'), r.param('xy'), { hourly: false, units: units(r) }, r), true),
  );
  get(
    '/gridpoints/:office/:xy/forecast/hourly',
    kept((r) => uc.getForecast.forGrid(r.param('office'), r.param('xy'), { hourly: true, units: units(r) }, r), true),
  );
}

/** Every other GET under the forecast root: what the provider can relay, else a 404 problem. */
export function otherForecastHandler(
  uc: ForecastUseCases,
  options: ForecastHandlerOptions,
  report: (e: unknown) => void,
) {
  return forecastHandler((r) => uc.resources.other(pathAndQuery(requestUrl(r.event)), r), options, report);
}

function routeInput(r: ForecastRequestContext): RouteInput {
  const names = Object.keys(r.event.context.params ?? {});
  return {
    params: Object.fromEntries(names.map((name) => [name, r.param(name)])),
    query: r.query,
    pathAndQuery: pathAndQuery(requestUrl(r.event)),
  };
}

/** The first media type of an Accept list, without its parameters: `application/cap+xml`. */
function mediaTypeOf(accept: string): string {
  return accept.split(',')[0]!.split(';')[0]!.trim();
}

function pathAndQuery(url: URL): string {
  return `${url.pathname}${url.search}`;
}

const keptAlertPatterns = new Set(['/alerts', '/alerts/active', '/alerts/active/zone/:zoneId']);

/** The alert list's own parameters (the OpenAPI's): a kept URL carries no others, so padding adds no entries. */
const ALERT_PARAMETERS = new Set([
  'active',
  'start',
  'end',
  'status',
  'message_type',
  'event',
  'code',
  'area',
  'point',
  'region',
  'region_type',
  'zone',
  'urgency',
  'severity',
  'certainty',
  'limit',
  'cursor',
]);

/**
 * Whether an alert list's document is kept (kept-documents.ts): one point's and one zone's, which a weather
 * app asks for again and again and which hold a few alerts, under URLs with nothing but the list's own
 * parameters. Not the country's, a state's or a region's lists, nor a zone path naming many zones (`A,B,…`):
 * up to 1.4 MB each (`/alerts?limit=500`), so 4,096 URLs kept in one second could hold gigabytes.
 */
export function keepsAlertList(pattern: string, query: QueryValues, zoneId = ''): boolean {
  if (!keptAlertPatterns.has(pattern)) return false;
  for (const name of Object.keys(query)) if (!ALERT_PARAMETERS.has(name)) return false;
  if (query['zone'] !== undefined || query['area'] !== undefined || query['region'] !== undefined) return false;
  if (query['region_type'] !== undefined) return false;
  if (pattern === '/alerts/active/zone/:zoneId') return zoneId !== '' && !zoneId.includes(',');
  return query['point'] !== undefined;
}
