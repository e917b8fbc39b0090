import type { Container } from 'inversify';
import type { H3 } from 'h3';
import { createHttpApp } from '../adapters/http/create-http-app.ts';
import type { AuthThrottleBudgets } from '../adapters/http/tasks/auth-throttle.ts';
import type { TaskStore } from '../adapters/persistence/task-store.ts';
import type { ReadinessCheck } from '../adapters/shared/readiness.ts';
import type { ForecastProvider } from '../application/forecast/index.ts';
import type { Logger } from '../adapters/logging/logger.ts';
import type { TaskcastMetrics } from '../adapters/metrics/taskcast-metrics.ts';
import { TOKENS } from './tokens.ts';

export interface HttpAppOptions {
  readonly authBudgets: AuthThrottleBudgets;
  readonly forecastRequestsPerMinute?: number;
  readonly publicBaseUrl?: string;
  readonly trustProxy?: boolean;
  readonly log: Logger;
  /** The registry /metrics shows; the process's by default, false for none (METRICS=off). */
  readonly metrics?: TaskcastMetrics | false;
  readonly metricsToken?: string;
  /** Where one line per request goes (LOG_LEVEL info or debug); absent, none. */
  readonly requestLog?: Pick<Logger, 'info'>;
}

/** The h3 app over a wired container; `npm start` serves it, tests call `app.fetch` on it. */
export async function buildHttpApp(container: Container, options: HttpAppOptions): Promise<H3> {
  const store = await container.getAsync<TaskStore>(TOKENS.TaskStore);
  const readiness: ReadinessCheck[] = [{ name: 'store', check: () => store.readiness() }];
  if (container.isBound(TOKENS.ForecastProvider)) {
    const provider = await container.getAsync<ForecastProvider & { health?: ReadinessCheck }>(TOKENS.ForecastProvider);
    if (provider.health) readiness.push(provider.health);
  }
  return createHttpApp({
    readiness,
    tasks: await container.getAsync(TOKENS.TaskUseCases),
    forecast: container.isBound(TOKENS.ForecastUseCases) ? await container.getAsync(TOKENS.ForecastUseCases) : undefined,
    publicBaseUrl: options.publicBaseUrl,
    trustProxy: options.trustProxy,
    clock: container.get(TOKENS.Clock),
    authBudgets: options.authBudgets,
    forecastRequestsPerMinute: options.forecastRequestsPerMinute,
    log: options.log,
    metrics: options.metrics,
    metricsToken: options.metricsToken,
    requestLog: options.requestLog,
  });
}
