import { toNodeHandler } from 'h3';
import { guardConnections } from '../../adapters/http/connection-guard.ts';
import { listenExactly } from '../../adapters/http/node-server.ts';
import { answerRefusedRequests } from '../../adapters/http/refused-requests.ts';
import { createPinoLogger } from '../../adapters/logging/pino-logger.ts';
import { noCounters, processMetrics } from '../../adapters/metrics/taskcast-metrics.ts';
import { StoreOpenError } from '../../adapters/persistence/lowdb/store-open-error.ts';
import { createRedisDocumentCache } from '../../adapters/redis/redis-document-cache.ts';
import { RedisConnection } from '../../adapters/redis/redis-connection.ts';
import { redisLimiters } from '../../adapters/redis/redis-limiters.ts';
import { describeUrl } from '../../adapters/persistence/postgres/pg-sql-client.ts';
import { ConfigError, readConfig } from './config.ts';
import { createContainer } from '../composition/container.ts';
import { containerOptionsOf } from './container-options.ts';
import { startTaskService } from '../composition/start-up.ts';
import { buildHttpApp } from '../composition/http-app.ts';
import { installProcessGuard } from './process-guard.ts';
import { missingPackages, missingPackagesMessage, serverPackages } from './server-packages.ts';
import { readScenarioFile, ScenarioFileUnreadable } from '../composition/scenario-file.ts';
import type { ForecastControls } from '../../adapters/forecast/control/forecast-controls.ts';
import { ScenarioInvalid } from '../../adapters/forecast/control/scenario-schema.ts';
import { TOKENS } from '../composition/tokens.ts';

const SHUTDOWN_BUDGET_MS = 4000;

/** `npm start`: both APIs on one port, until SIGTERM or SIGINT. */
async function main(): Promise<void> {
  const config = readConfig();
  const missing = missingPackages(
    serverPackages({ postgres: config.storage === 'postgres', redis: config.redisUrl !== undefined }),
  );
  if (missing.length > 0) throw new ConfigError(missingPackagesMessage(missing));
  const log = createPinoLogger({ level: config.logLevel, format: config.logFormat });
  // METRICS=off: nothing is recorded (no process metrics either) and /metrics is a 404.
  const metrics = config.metrics ? processMetrics() : false;
  installProcessGuard(process, { log });
  // Optional: with REDIS_URL the auth budgets and the upstream cache are shared by every node.
  const redis =
    config.redisUrl === undefined
      ? undefined
      : new RedisConnection({ url: config.redisUrl, log: (message) => log.info(message) });
  const container = createContainer({
    ...containerOptionsOf(config, (message) => log.info(message), metrics),
    maxTasksPerUser: config.maxTasksPerUser,
    upstream:
      config.upstreamUserAgent === undefined
        ? undefined
        : {
            url: config.upstreamUrl,
            userAgent: config.upstreamUserAgent,
            cacheMb: config.upstreamCacheMb,
            timeoutMs: config.upstreamTimeoutMs,
            staleMaxSeconds: config.upstreamStaleMaxSeconds,
            log,
            shared: redis && createRedisDocumentCache(redis),
            counters: metrics || noCounters,
          },
  });
  const store = await startTaskService(container);
  const app = await buildHttpApp(container, {
    authBudgets: config.authBudgets,
    authLimiters: redis && redisLimiters(redis),
    forecastRequestsPerMinute: config.forecastRequestsPerMinute,
    publicBaseUrl: config.publicBaseUrl,
    trustProxy: config.trustProxy,
    adminToken: config.adminToken,
    corsOrigins: config.corsOrigins,
    log,
    metrics,
    metricsToken: config.metricsToken,
    requestLog: config.logLevel === 'debug' || config.logLevel === 'info' ? log.requests : undefined,
    servedBy: 'node',
  });

  if (config.forecastScenario !== undefined) {
    try {
      loadScenarioFile(config.forecastScenario, container.get(TOKENS.ForecastControls));
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  let listener;
  try {
    // Exactly the port asked for: 0 is any free port, and a busy or forbidden one is an error, never a move.
    listener = await listenExactly(toNodeHandler(app), {
      host: config.host,
      port: config.port,
      // A request Node's parser refused (URL or headers too large, not HTTP) is answered in the API's shape.
      onClientError: answerRefusedRequests({
        fetch: (request) => app.fetch(request),
        report: (error) => log.error('could not answer a refused request', { error: String(error) }),
      }),
    });
  } catch (error) {
    await store.close();
    await redis?.close();
    throw new ConfigError(`Cannot listen on ${config.host}:${config.port}: ${portProblem(error)}`);
  }
  guardConnections(listener.server, config.connectionLimits);
  // The embedded alert cycle (read from the cycle cache, or about a second of CPU in its worker) starts as
  // soon as the server listens, after the scenario (which may set the clock), so the first /alerts does not
  // wait for it and start-up does not either.
  if (container.isBound(TOKENS.ForecastProvider)) {
    const provider = await container.getAsync(TOKENS.ForecastProvider);
    setImmediate(() => provider.prepare?.());
  }
  // The handlers go in before the line that says the server listens: a supervisor (or a test) that stops it
  // on that line must get the clean stop. The pretty format writes the line synchronously, and a loaded
  // machine could run the reader's SIGTERM before the next statement here, ending the server by the signal
  // (2 of 15 starts under load, exit code null and nothing on stderr).
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: finishing requests in flight and flushing the store`);
    // Connections that will not finish in time are cut, so the store is flushed and the exit is prompt.
    const deadline = setTimeout(() => listener.server.closeAllConnections?.(), SHUTDOWN_BUDGET_MS);
    deadline.unref();
    await listener.close();
    try {
      // Folds the journal into DB_PATH, so the file alone holds every acknowledged change once we exit.
      await store.close();
    } catch (error) {
      log.error(
        `the store did not close cleanly; its journal keeps every acknowledged change for the next start: ${(error as Error).message}`,
      );
      process.exit(1);
    }
    await redis?.close();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  const { port } = listener;
  log.info(`Taskcast listening on http://${config.host}:${port}`, {
    storage: config.storage,
    db:
      config.storage === 'lowdb'
        ? config.dbPath
        : config.storage === 'postgres'
          ? describeUrl(config.databaseUrl ?? '')
          : null,
  });
}

/** FORECAST_SCENARIO: a file that is missing, not JSON or off the schema stops start-up with one line. */
function loadScenarioFile(file: string, controls: ForecastControls): void {
  let document: unknown;
  try {
    document = readScenarioFile(file);
  } catch (error) {
    if (error instanceof ScenarioFileUnreadable)
      throw new ConfigError(`Invalid configuration: FORECAST_SCENARIO ${file}: ${error.reason}.`);
    throw error;
  }
  try {
    controls.loadScenario(document);
  } catch (error) {
    if (error instanceof ScenarioInvalid)
      throw new ConfigError(
        `Invalid configuration: FORECAST_SCENARIO ${file} does not match the scenario schema at ${error.path || 'its root'}: ${error.reason}.`,
      );
    throw error;
  }
}

function portProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') return 'the port is already in use (set PORT to another one)';
  if (code === 'EACCES') return 'permission denied (ports below 1024 need privileges)';
  return (error as Error)?.message ?? String(error);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StoreOpenError) {
    process.stderr.write(`taskcast: ${error.message}\n`);
  } else {
    process.stderr.write(`taskcast: start-up failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  }
  process.exit(1);
});
