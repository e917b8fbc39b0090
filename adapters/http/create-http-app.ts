import { H3, HTTPResponse, type H3Event, type Middleware } from 'h3';
import type { ForecastUseCases } from '../../application/forecast/index.ts';
import type { Clock } from '../../application/shared/clock.ts';
import type { TaskUseCases } from '../../application/tasks/index.ts';
import { corsAreaOf, publicCorsMiddleware, taskCorsMiddleware, type CorsArea } from './cors.ts';
import { contextOf, mountContext, type HttpContext } from './compose-by-path.ts';
import { registerTaskApiDocument } from './docs/task-api-document.ts';
import type { ForecastControlPort } from '../../application/forecast/forecast-controls.ts';
import type { Scenario, ScenarioFault } from '../forecast/control/scenario-schema.ts';
import { registerAdminRoutes } from './admin/admin-routes.ts';
import { faultMiddleware } from './forecast/fault-response.ts';
import { forecastApi } from './forecast-app.ts';
import { guardedErrorHook } from './error-hook.ts';
import { registerHealthRoute } from './health-routes.ts';
import { registerReadyRoute } from './ready-route.ts';
import type { ReadinessCheck } from '../shared/readiness.ts';
import { routeNotFound } from './http-problem.ts';
import type { HttpMetrics } from '../shared/metrics.ts';
import { refusalError, refusalOf } from './refused-requests.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { createRequestObserver, type RequestLog } from './request-observer.ts';
import { RequestBudget } from './rate-limiter.ts';
import { FairQueue, type FairQueueLimits } from './fair-queue.ts';
import { AuthThrottle, type AuthThrottleBudgets, type LimiterFactory } from './tasks/auth-throttle.ts';
import { taskErrorResponse } from './tasks/task-error-body.ts';
import { registerTaskRoutes } from './tasks/task-routes.ts';
import { isForecastPath } from './forecast-paths.ts';

export interface HttpAppDependencies {
  readonly tasks: TaskUseCases;
  /** Absent: the forecast routes are not mounted (a task-only embedding). */
  readonly forecast?: ForecastUseCases;
  readonly clock: Clock;
  /** The password routes' budgets (see AuthThrottle); each 0 turns that budget off. */
  readonly authBudgets: AuthThrottleBudgets;
  /** Where the password routes' counters live; memory unless a shared store (Redis) is given. */
  readonly authLimiters?: LimiterFactory;
  /**
   * How sign-ups and logins share the password hasher: `concurrency` as many hashes as the hasher runs at
   * once (bootstrap/ passes its figure), taken in turn per client address, with bounded waiting.
   */
  readonly passwordQueue?: Partial<FairQueueLimits>;
  /** Forecast requests per client address per minute; 0 (the default) turns the limit off. */
  readonly forecastRequestsPerMinute?: number;
  readonly publicBaseUrl?: string;
  readonly trustProxy?: boolean;
  /** CORS_ORIGINS: origins allowed to call the task API from a browser (`*` for all); none by default. */
  readonly corsOrigins?: readonly string[];
  readonly log: { error(message: string, fields?: Record<string, unknown>): void };
  /** What GET /ready asks (the store, the upstream); none: /ready is always 200. */
  readonly readiness?: readonly ReadinessCheck[];
  /** Where request metrics go and what GET /metrics shows; none when absent (bootstrap/ gives the process's registry). */
  readonly metrics?: HttpMetrics;
  /** METRICS_TOKEN: /metrics then asks for it as a bearer token. */
  readonly metricsToken?: string;
  /** Where the one line per request goes; absent, no request lines. */
  readonly requestLog?: RequestLog;
  /** `node` when only a Node server serves the app: request records then need no h3 response hook (see RequestObserver). */
  readonly servedBy?: 'node' | 'fetch';
  /** The forecast clock and scenario: its faults apply to forecast requests. */
  readonly controls?: ForecastControlPort<Scenario, ScenarioFault>;
  /** The provider's documents follow the controls alone: hot ones are kept per second (see forecast-app.ts). */
  readonly keepDocuments?: boolean;
  /** ADMIN_TOKEN: mounts the controls under /_taskcast/; absent, those paths are unknown (404). */
  readonly adminToken?: string;
  /** The replayed bundle's paths, listed on the control page. */
  readonly bundlePaths?: () => string[];
}

/**
 * One hash at a time unless told (bootstrap/ gives the hasher's own figure). 16 waiting per address is a
 * crowded office logging in at once, about a second of hashing on one core; 256 in all bounds the wait
 * behind many addresses to a few seconds, and the memory to nothing worth counting.
 */
export const DEFAULT_PASSWORD_QUEUE: FairQueueLimits = { concurrency: 1, maxWaitingPerClient: 16, maxWaiting: 256 };

export { isForecastPath } from './forecast-paths.ts';

/**
 * The whole HTTP surface as an h3 app: `app.fetch(request)` serves it without a socket. Two apps composed
 * by path (compose-by-path.ts), each with its own error handler: the task API under /api plus /health and
 * /ready answers errors in its JSON shape; the forecast API at the root (with the documents, /metrics and
 * /_taskcast/) answers problem+json. Each route runs only the middleware its path needs (its CORS area,
 * the scenario faults on forecast paths), chosen once when the app is put together.
 */
export function createHttpApp(deps: HttpAppDependencies): H3 {
  const baseOptions = { publicBaseUrl: deps.publicBaseUrl, trustProxy: deps.trustProxy ?? false };
  const controls = deps.controls;
  const forecast = forecastApi({
    forecast: deps.forecast,
    controls,
    log: deps.log,
    ...baseOptions,
    limiter: RequestBudget.perMinute(deps.forecastRequestsPerMinute ?? 0),
    keepDocuments: deps.keepDocuments,
  });
  const report = forecast.report;

  const metrics = deps.metrics;
  const observer = createRequestObserver({
    metrics,
    log: deps.requestLog,
    trustProxy: baseOptions.trustProxy,
    servedBy: deps.servedBy,
  });
  // Each context's own error answer, for the routes mounted from its app (see contextOf).
  const onError: Record<HttpContext, (error: unknown, event: H3Event) => HTTPResponse> = {
    tasks: guardedErrorHook(
      (error, event) => taskErrorResponse(error, report, event.req.headers.get('authorization')),
      report,
    ),
    forecast: forecast.onError,
  };
  const app = new H3({
    silent: true,
    // A malformed escape in a task id is just an id that is not a UUID: the contract's 404, not a 400.
    allowMalformedURL: true,
    onError: (error, event) => onError[contextOf(event)](error, event),
    onRequest: observer?.onRequest,
    onResponse: observer?.onResponse,
  });

  // A request Node's parser refused, answered through the app (see refused-requests.ts): before the route,
  // after CORS, so its answer carries the path's CORS headers.
  const refused: Middleware = (event) => {
    const refusal = refusalOf(event);
    if (refusal !== undefined) throw refusalError(refusal, contextOf(event) === 'tasks');
  };
  // What each route runs before its handler, by its path: the CORS area's middleware, the refusal check,
  // then (on forecast paths, when a scenario can be loaded) the faults, which stand in front of the forecast routes as the CDN
  // and api.weather.gov's own failures stand in front of its answers.
  const cors: Record<CorsArea, Middleware[]> = {
    public: [publicCorsMiddleware()],
    tasks: [taskCorsMiddleware({ taskOrigins: deps.corsOrigins ?? [] })],
    none: [],
  };
  const faults: Middleware[] = controls && deps.forecast ? [faultMiddleware(controls, baseOptions)] : [];
  const middlewareOf = (pattern: string): Middleware[] => [
    ...cors[corsAreaOf(pattern)],
    refused,
    ...(isForecastPath(pattern) ? faults : []),
  ];

  const tasks = new H3({ onError: onError.tasks });
  registerHealthRoute(tasks, deps.clock);
  registerReadyRoute(tasks, deps.readiness ?? [], deps.metricsToken);
  registerTaskApiDocument(tasks, baseOptions);
  registerTaskRoutes(
    tasks,
    deps.tasks,
    new AuthThrottle(deps.authBudgets, deps.authLimiters),
    baseOptions.trustProxy,
    new FairQueue({ ...DEFAULT_PASSWORD_QUEUE, ...deps.passwordQueue }),
  );
  const noTaskRoute = (event: H3Event): never => {
    throw routeNotFound(event.req.method, event.url.pathname);
  };
  tasks.all('/api', noTaskRoute);
  tasks.all('/api/**', noTaskRoute);

  // The forecast API's app, with what only the server has beside it and answers in its error format: the
  // metrics and the controls. /_taskcast/ apart from the rest: no scenario fault stands in front of the
  // controls' paths.
  registerMetricsRoute(forecast.app, { metrics, token: deps.metricsToken });
  if (controls && deps.adminToken !== undefined)
    registerAdminRoutes(forecast.app, { token: deps.adminToken, controls, bundlePaths: deps.bundlePaths });
  forecast.app.all('/_taskcast', forecast.noRoute);
  forecast.app.all('/_taskcast/**', forecast.noRoute);

  mountContext(app, tasks, 'tasks', middlewareOf, noTaskRoute);
  mountContext(app, forecast.app, 'forecast', middlewareOf, forecast.noRoute);
  return app;
}
