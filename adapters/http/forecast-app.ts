import { H3, type H3Event, type HTTPResponse } from 'h3';
import type { ForecastUseCases } from '../../application/forecast/index.ts';
import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { ForecastControlPort } from '../../application/forecast/forecast-controls.ts';
import type { Scenario, ScenarioFault } from '../forecast/control/scenario-schema.ts';
import { newCorrelationId } from './correlation-id.ts';
import { publicCorsMiddleware } from './cors.ts';
import { registerDocsRoutes } from './docs/docs-routes.ts';
import { errorReporter, guardedErrorHook, type ErrorReport } from './error-hook.ts';
import { baseUrlOf } from './forecast/base-url.ts';
import { faultMiddleware } from './forecast/fault-response.ts';
import { otherForecastHandler, registerForecastRoutes } from './forecast/forecast-routes.ts';
import { forecastErrorResponse } from './forecast/problem.ts';
import { registerProblemPages } from './forecast/problem-pages.ts';
import { registerRelayedPaths } from './forecast/relayed-paths.ts';
import { KeptDocuments } from './forecast/kept-documents.ts';
import type { RequestBudget } from './rate-limiter.ts';

export interface ForecastAppDependencies {
  /** Absent: the documents and the 404s alone (the server's app embedded without the forecast service). */
  readonly forecast?: ForecastUseCases;
  /** The forecast clock and scenario: its faults apply to every forecast request. */
  readonly controls?: ForecastControlPort<Scenario, ScenarioFault>;
  readonly log: { error(message: string, fields?: Record<string, unknown>): void };
  readonly publicBaseUrl?: string;
  readonly trustProxy?: boolean;
  /** FORECAST_RATE_LIMIT's budget per client address; absent, no limit. */
  readonly limiter?: RequestBudget;
  /**
   * The provider's documents follow the controls alone (ForecastProvider.followsControls): a point's and the
   * forecasts' are then kept for the clock's second (forecast/kept-documents.ts). Needs `controls`. Without
   * it, documents that say how long they stay current are still kept for that long.
   */
  readonly keepDocuments?: boolean;
}

/** The forecast API's app, and what the server's app needs to put it beside the task API (create-http-app.ts). */
export interface ForecastApi {
  /** The routes, the documents and the problem pages, with the API's own error handler. */
  readonly app: H3;
  /** A path or a method no route serves: what the provider can relay (GET, HEAD), else a 404 problem. */
  readonly noRoute: (event: H3Event) => Promise<HTTPResponse> | HTTPResponse;
  /** The API's error answer (problem+json), the app's `onError`. */
  readonly onError: (error: unknown, event: H3Event) => HTTPResponse;
  readonly report: ErrorReport;
}

/**
 * The forecast API as an h3 app without middleware: the server's app gives each route its middleware by its
 * path (compose-by-path.ts), the in-process doubles put theirs in front of all (createForecastApp).
 */
export function forecastApi(deps: ForecastAppDependencies): ForecastApi {
  const report = errorReporter(deps.log);
  const baseOptions = { publicBaseUrl: deps.publicBaseUrl, trustProxy: deps.trustProxy ?? false };
  const onError = guardedErrorHook(
    (error, event) => forecastErrorResponse(error, baseUrlOf(event, baseOptions), newCorrelationId(event), report),
    report,
  );
  const app = new H3({ silent: true, allowMalformedURL: true, onError });
  registerDocsRoutes(app, { ...baseOptions, forecast: deps.forecast !== undefined });
  let other: ((event: H3Event) => Promise<HTTPResponse>) | undefined;
  const noRoute = (event: H3Event): Promise<HTTPResponse> | HTTPResponse => {
    if (other && (event.req.method === 'GET' || event.req.method === 'HEAD')) return other(event);
    return onError(new ForecastNotFound(`No resource matches ${event.url.pathname}.`), event);
  };
  if (deps.forecast) {
    // Documents that say how long they stay current (the upstream gateway's fresh hits) are kept with any
    // provider; the controls' rule needs a provider that follows them, and the controls.
    const kept = new KeptDocuments(deps.keepDocuments ? deps.controls : undefined);
    const options = { ...baseOptions, limiter: deps.limiter, kept };
    registerForecastRoutes(app, deps.forecast, options, report);
    registerRelayedPaths(app, deps.forecast, options, report, noRoute);
    registerProblemPages(app, baseOptions, report);
    other = otherForecastHandler(deps.forecast, options, report);
  }
  app.all('/**', noRoute);
  return { app, noRoute, onError, report };
}

/**
 * The forecast API alone, for the in-process test doubles (taskcast/msw, taskcast/fetch, the library's
 * createForecast): the server's forecast app (createHttpApp composes the same forecastApi) with its
 * middleware in front of every route, as every path of it is a forecast path. It has none of the task
 * API, its password hashing, rate limits or metrics, which such a caller never reaches (its requests are
 * forecast paths only) and should not pay to load.
 */
export function createForecastApp(deps: ForecastAppDependencies): H3 {
  const { app } = forecastApi(deps);
  app.use(publicCorsMiddleware()); // every forecast path is the public CORS area
  const baseOptions = { publicBaseUrl: deps.publicBaseUrl, trustProxy: deps.trustProxy ?? false };
  if (deps.controls) app.use(faultMiddleware(deps.controls, baseOptions));
  return app;
}
