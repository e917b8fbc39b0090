import type { Container } from 'inversify';
import type { H3 } from 'h3';
import { createHttpApp } from '../../adapters/http/create-http-app.ts';
import type { AuthThrottleBudgets, LimiterFactory } from '../../adapters/http/tasks/auth-throttle.ts';
import type { ReadinessCheck } from '../../adapters/shared/readiness.ts';
import type { ForecastProvider } from '../../application/forecast/index.ts';
import type { Logger } from '../../adapters/logging/logger.ts';
import type { RequestLog } from '../../adapters/logging/request-line.ts';
import { processMetrics, type TaskcastMetrics } from '../../adapters/metrics/taskcast-metrics.ts';
import { TOKENS } from './tokens.ts';
import { startTaskService } from './start-up.ts';

export interface HttpAppOptions {
  readonly authBudgets: AuthThrottleBudgets;
  /** Where the auth budgets are counted: this node's memory by default, Redis to share them. */
  readonly authLimiters?: LimiterFactory;
  readonly forecastRequestsPerMinute?: number;
  readonly publicBaseUrl?: string;
  readonly trustProxy?: boolean;
  /** CORS_ORIGINS: origins allowed on the task API (`*` for all); none by default. */
  readonly corsOrigins?: readonly string[];
  readonly log: Logger;
  /** ADMIN_TOKEN: mounts the test-double controls under /_taskcast/; unset, they do not exist. */
  readonly adminToken?: string;
  /** The registry /metrics shows; the process's by default, false for none (METRICS=off). */
  readonly metrics?: TaskcastMetrics | false;
  readonly metricsToken?: string;
  /** Where one line per request goes (LOG_LEVEL info or debug); absent, none. */
  readonly requestLog?: RequestLog;
  /** `node` when a Node server serves the app (request lines and metrics then need no h3 response hook). */
  readonly servedBy?: 'node' | 'fetch';
}

/** The h3 app over a wired container; `npm start` serves it, tests call `app.fetch` on it. */
export async function buildHttpApp(container: Container, options: HttpAppOptions): Promise<H3> {
  const store = await startTaskService(container);
  const { defaultHashConcurrency } = await import('../../adapters/crypto/bcrypt-password-hasher.ts');
  const readiness: ReadinessCheck[] = [{ name: 'store', check: () => store.readiness() }];
  let bundlePaths: (() => string[]) | undefined;
  let keepDocuments = false;
  if (container.isBound(TOKENS.ForecastProvider)) {
    const provider = await container.getAsync<
      ForecastProvider & { health?: ReadinessCheck; bundlePaths?: () => string[] }
    >(TOKENS.ForecastProvider);
    if (provider.health) readiness.push(provider.health);
    bundlePaths = provider.bundlePaths;
    keepDocuments = provider.followsControls === true;
  }
  return createHttpApp({
    readiness,
    tasks: await container.getAsync(TOKENS.TaskUseCases),
    forecast: container.isBound(TOKENS.ForecastUseCases)
      ? await container.getAsync(TOKENS.ForecastUseCases)
      : undefined,
    publicBaseUrl: options.publicBaseUrl,
    trustProxy: options.trustProxy,
    clock: container.get(TOKENS.Clock),
    authBudgets: options.authBudgets,
    authLimiters: options.authLimiters,
    // As many at once as the hasher runs (BcryptPasswordHasher's default), so none waits in its queue.
    passwordQueue: { concurrency: defaultHashConcurrency() },
    forecastRequestsPerMinute: options.forecastRequestsPerMinute,
    corsOrigins: options.corsOrigins,
    log: options.log,
    controls: container.isBound(TOKENS.ForecastControls)
      ? await container.getAsync(TOKENS.ForecastControls)
      : undefined,
    adminToken: options.adminToken,
    bundlePaths,
    keepDocuments,
    metrics: options.metrics === false ? undefined : (options.metrics ?? processMetrics()),
    metricsToken: options.metricsToken,
    requestLog: options.requestLog,
    servedBy: options.servedBy,
  });
}
