import { addRoute, createRouter, findRoute } from 'rou3';
import type { ForecastContext, ForecastDocument } from '../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';

/** What a route is asked with: the path's named segments and the query. */
export interface PathRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
}

/**
 * One route a family folder serves by path (rou3's syntax: `/products/types/:typeId/latest`), answered
 * from its parameters. The provider's `other()` reaches every one, and the upstream and replay providers
 * answer the same path through `other()` as well, so a route added here needs no change anywhere else.
 */
export interface EmbeddedRoute {
  readonly pattern: string;
  readonly answer: (request: PathRequest, ctx: ForecastContext) => Promise<ForecastDocument>;
}

/** One small router over the families' routes: a path and query in, the document or a 404 out. */
export function routeByPath(
  routes: readonly EmbeddedRoute[],
): (pathAndQuery: string, ctx: ForecastContext) => Promise<ForecastDocument> {
  const router = createRouter<EmbeddedRoute>();
  for (const route of routes) addRoute(router, 'GET', route.pattern, route);
  return async (pathAndQuery, ctx) => {
    const url = new URL(pathAndQuery, 'http://path.invalid');
    const found = findRoute(router, 'GET', url.pathname);
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
    return found.data.answer({ params, query: url.searchParams }, ctx);
  };
}

/** A family's part of the provider: some of the port's methods, and any routes it serves by path only. */
export interface FamilyRoutes {
  readonly routes?: readonly EmbeddedRoute[];
}

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/**
 * The families' parts as one provider: their methods side by side (typed, so a port method no family
 * implements does not compile), and `other()` answering every route any of them serves by path.
 */
export function composeFamilies<P extends readonly object[]>(
  parts: P,
): Omit<Intersection<P[number]>, 'routes'> & {
  other(pathAndQuery: string, ctx: ForecastContext): Promise<ForecastDocument>;
} {
  const routes = parts.flatMap((part) => (part as FamilyRoutes).routes ?? []);
  const methods = Object.assign({}, ...parts) as Record<string, unknown>;
  delete methods['routes'];
  return { ...(methods as Omit<Intersection<P[number]>, 'routes'>), other: routeByPath(routes) };
}
