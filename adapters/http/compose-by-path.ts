import type { EventHandler, H3, H3Event, Middleware } from 'h3';

/** The contexts the HTTP surface serves: each answers its own errors in its own shape. */
export type HttpContext = 'tasks' | 'forecast';

const CONTEXT = 'taskcast.context';

/**
 * Puts a context's app into the root app, as h3's `mount('', app)` does with routes, with two differences.
 * The middleware a route needs (`middlewareOf(pattern)`: its CORS area, the scenario faults) become that
 * route's own, decided once here: h3's mount at the root would run a mounted app's middleware in front of
 * every route of every app, and the root would have to ask each request's path which ones apply. And each
 * route carries its context, so the root's error hook hands an error to the context's own `onError`
 * (contextErrorHook) without looking at the path.
 *
 * A pattern registered for some methods only also gets `otherMethods` for every other method, in the same
 * context and with the same middleware: a path keeps its CORS area and error shape whatever the method.
 */
export function mountContext(
  root: H3,
  app: H3,
  context: HttpContext,
  middlewareOf: (pattern: string) => Middleware[],
  otherMethods: EventHandler,
): void {
  const anyMethod = new Set(app['~routes'].filter((r) => !r.method).map((r) => r.route));
  const routes = [...app['~routes']];
  for (const r of routes) {
    if (r.route !== undefined && !anyMethod.has(r.route)) {
      anyMethod.add(r.route);
      routes.push({ route: r.route, handler: otherMethods });
    }
  }
  for (const r of routes) {
    const pattern = r.route ?? '/**';
    const middleware = [...middlewareOf(pattern), ...(r.middleware ?? [])];
    root.on(r.method ?? '', pattern, r.handler, {
      middleware: middleware.length > 0 ? middleware : undefined,
      meta: { ...r.meta, [CONTEXT]: context },
    });
  }
}

/** The context of the route a request matched; the forecast API's (the root's) when none matched. */
export function contextOf(event: H3Event): HttpContext {
  return (event.context.matchedRoute?.meta?.[CONTEXT] as HttpContext | undefined) ?? 'forecast';
}
