import type { Container } from 'inversify';
import type { H3 } from 'h3';
import { createHttpApp } from '../adapters/http/create-http-app.ts';
import type { AuthThrottleBudgets } from '../adapters/http/tasks/auth-throttle.ts';
import type { Logger } from '../adapters/logging/console-logger.ts';
import { TOKENS } from './tokens.ts';

export interface HttpAppOptions {
  readonly authBudgets: AuthThrottleBudgets;
  readonly forecastRequestsPerMinute?: number;
  readonly publicBaseUrl?: string;
  readonly trustProxy?: boolean;
  /** CORS_ORIGINS: origins allowed on the task API (`*` for all); none by default. */
  readonly corsOrigins?: readonly string[];
  readonly log: Logger;
}

/** The h3 app over a wired container; `npm start` serves it, tests call `app.fetch` on it. */
export async function buildHttpApp(container: Container, options: HttpAppOptions): Promise<H3> {
  return createHttpApp({
    tasks: await container.getAsync(TOKENS.TaskUseCases),
    forecast: container.isBound(TOKENS.ForecastUseCases) ? await container.getAsync(TOKENS.ForecastUseCases) : undefined,
    publicBaseUrl: options.publicBaseUrl,
    trustProxy: options.trustProxy,
    clock: container.get(TOKENS.Clock),
    authBudgets: options.authBudgets,
    forecastRequestsPerMinute: options.forecastRequestsPerMinute,
    corsOrigins: options.corsOrigins,
    log: options.log,
  });
}
