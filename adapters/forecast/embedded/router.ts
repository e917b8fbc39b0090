import { addRoute, createRouter, findRoute } from 'rou3';
import type {
  AssetMedia,
  ForecastAsset,
  ForecastContext,
  ForecastDocument,
  ResourceRequest,
} from '../../../application/forecast/ports.ts';
import type { AssetRule, DocumentRule, RouteInput, RouteRule } from '../../../application/forecast/resource-route.ts';
import { queryValuesOf } from '../../../domain/forecast/queries.ts';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';

/**
 * One route a family folder serves: its rule (pattern, media, parsing, canonical path: see
 * application/forecast/resource-route.ts) and the answer the model gives for a parsed value. The HTTP
 * adapter registers the rule, the upstream and replay providers need only the path it spells, so a route
 * added to a family's list needs no change anywhere else.
 */
export interface EmbeddedRoute {
  readonly rule: RouteRule;
  readonly answer: (value: never, ctx: ForecastContext) => Promise<ForecastDocument | ForecastAsset>;
}

/** Binds a rule to the model's answer, typed by what the rule parses. */
export function serve<T>(
  rule: DocumentRule<T>,
  answer: (value: T, ctx: ForecastContext) => Promise<ForecastDocument>,
): EmbeddedRoute;
export function serve<T>(
  rule: AssetRule<T>,
  answer: (value: T, ctx: ForecastContext) => Promise<ForecastAsset>,
): EmbeddedRoute;
export function serve<T>(
  rule: RouteRule<T>,
  answer: (value: T, ctx: ForecastContext) => Promise<ForecastDocument | ForecastAsset>,
): EmbeddedRoute {
  return { rule, answer };
}

export interface PathRouter {
  document(request: ResourceRequest, ctx: ForecastContext): Promise<ForecastDocument>;
  asset(request: ResourceRequest, media: AssetMedia, ctx: ForecastContext): Promise<ForecastAsset>;
}

/** One small router over the families' routes: a path and query in, the parsed rule's answer or a 404 out. */
export function routeByPath(routes: readonly EmbeddedRoute[]): PathRouter {
  // Documents and assets apart, so that one path may serve both (an alert as GeoJSON or CAP XML); as
  // methods, in upper case (rou3 upper-cases them when adding, not when finding).
  const router = createRouter<EmbeddedRoute>();
  for (const route of routes) addRoute(router, route.rule.kind.toUpperCase(), route.rule.pattern, route);
  const answer = (kind: RouteRule['kind'], pathAndQuery: string, ctx: ForecastContext): Promise<unknown> => {
    const url = new URL(pathAndQuery, 'http://path.invalid');
    const found = findRoute(router, kind.toUpperCase(), url.pathname);
    if (!found) throw new ForecastNotFound(`No resource matches ${url.pathname}.`);
    let params: Record<string, string>;
    try {
      params = Object.fromEntries(
        Object.entries(found.params ?? {}).map(([name, value]) => [name, decodeURIComponent(value)]),
      );
    } catch {
      // Not valid percent-encoding: no resource can be named so.
      throw new ForecastNotFound(`No resource matches ${url.pathname}.`);
    }
    const input: RouteInput = { params, query: queryValuesOf(url.searchParams), pathAndQuery };
    const { rule, answer } = found.data;
    return (answer as (value: unknown, ctx: ForecastContext) => Promise<unknown>)(rule.parse(input), ctx);
  };
  return {
    document: async (request, ctx) => (await answer('document', request.path, ctx)) as ForecastDocument,
    asset: async (request, _media, ctx) => (await answer('asset', request.path, ctx)) as ForecastAsset,
  };
}

/** A family's part of the provider: some of the port's typed methods, and the routes it serves by rule. */
export interface FamilyRoutes {
  readonly routes?: readonly EmbeddedRoute[];
}

/** Every part's type at once (over the tuple, not a union, which would drop a part that extends another). */
type IntersectAll<P extends readonly unknown[]> = P extends readonly [infer H, ...infer R]
  ? H & IntersectAll<R>
  : unknown;

/**
 * The families' parts as one provider: their typed methods side by side (so a port method no family
 * implements does not compile), and the port's `document` and `asset` answering every route they declare.
 */
export function composeFamilies<const P extends readonly object[]>(
  parts: P,
): Omit<IntersectAll<P>, 'routes'> & PathRouter {
  const routes = parts.flatMap((part) => (part as FamilyRoutes).routes ?? []);
  const methods = Object.assign({}, ...parts) as Record<string, unknown>;
  delete methods['routes'];
  return { ...(methods as Omit<IntersectAll<P>, 'routes'>), ...routeByPath(routes) };
}
