import { H3, HTTPResponse, type H3Event } from 'h3';
import type { ForecastUseCases } from '../../application/forecast/index.ts';
import { ForecastNotFound } from '../../domain/forecast/errors.ts';
import type { ForecastControlPort } from '../../application/forecast/forecast-controls.ts';
import type { Scenario, ScenarioFault } from '../forecast/control/scenario-schema.ts';
import { newCorrelationId } from './correlation-id.ts';
import { publicCorsMiddleware } from './cors.ts';
import { registerDocsRoutes } from './docs/docs-routes.ts';
import { baseUrlOf } from './forecast/base-url.ts';
import { faultResponse } from './forecast/fault-response.ts';
import { otherForecastHandler, registerForecastRoutes } from './forecast/forecast-routes.ts';
import { forecastErrorResponse } from './forecast/problem.ts';
import { registerProblemPages } from './forecast/problem-pages.ts';

export interface ForecastAppDependencies {
  readonly forecast: ForecastUseCases;
  /** The forecast clock and scenario: its faults apply to every forecast request. */
  readonly controls: ForecastControlPort<Scenario, ScenarioFault>;
  readonly log: { error(message: string, fields?: Record<string, unknown>): void };
  readonly publicBaseUrl?: string;
}

/**
 * The forecast API alone as an h3 app, for the in-process test doubles (taskcast/msw, taskcast/fetch, the
 * library's createForecast): the same forecast routes, faults, problem pages and discovery documents as the
 * server's app (createHttpApp), without the task API, its password hashing, rate limits or metrics, which
 * such a caller never reaches (its requests are forecast paths only) and should not pay to load.
 */
export function createForecastApp(deps: ForecastAppDependencies): H3 {
  const report = (error: unknown): void => {
    deps.log.error('unhandled error while serving a request', {
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  };
  const baseOptions = { publicBaseUrl: deps.publicBaseUrl, trustProxy: false };
  const forecastError = (error: unknown, event: H3Event): HTTPResponse =>
    forecastErrorResponse(error, baseUrlOf(event, baseOptions), newCorrelationId(event), report);
  const app = new H3({
    silent: true,
    allowMalformedURL: true,
    onError: (error, event) => {
      try {
        return forecastError(error, event);
      } catch (hookError) {
        // As createHttpApp: never h3's opaque {"unhandled":true} 500 without a word of why.
        report(error);
        report(hookError);
        return new HTTPResponse(
          JSON.stringify({ status: 500, title: 'Internal Server Error', detail: 'An unexpected error; see the log.' }),
          { status: 500, headers: { 'content-type': 'application/problem+json' } },
        );
      }
    },
  });
  app.use(publicCorsMiddleware()); // every forecast path is the public CORS area
  registerDocsRoutes(app, { ...baseOptions, forecast: true });
  const controls = deps.controls;
  app.use((event) => faultResponse(event, controls, baseOptions));
  registerForecastRoutes(app, deps.forecast, baseOptions, report);
  registerProblemPages(app, baseOptions, report);
  const other = otherForecastHandler(deps.forecast, baseOptions, report);
  app.all('/**', (event) => {
    if (event.req.method === 'GET' || event.req.method === 'HEAD') return other(event);
    return forecastError(new ForecastNotFound(`No resource matches ${event.url.pathname}.`), event);
  });
  return app;
}
