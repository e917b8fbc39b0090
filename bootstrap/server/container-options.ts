import type { TaskcastMetrics } from '../../adapters/metrics/taskcast-metrics.ts';
import type { ContainerOptions } from '../composition/container.ts';
import type { Config } from './config.ts';

/**
 * The container's options that follow from the server's configuration alone: the store, the secret and the
 * forecast provider, with each group commit of the store fed to `metrics` (false: METRICS=off). `npm start`
 * adds the task limit and the upstream's settings; the bench's step server (bench/lib/step-server.ts) runs
 * as the server does but without a task limit, so both start from here.
 */
export function containerOptionsOf(
  config: Config,
  log: (message: string) => void,
  metrics: TaskcastMetrics | false,
): ContainerOptions {
  return {
    storage: config.storage,
    dbPath: config.dbPath,
    databaseUrl: config.databaseUrl,
    databasePoolSize: config.databasePoolSize,
    jwtSecret: config.jwtSecret,
    log,
    onStoreBatch: metrics ? (entries, syncMs) => metrics.observeCommit(entries, syncMs) : undefined,
    forecastProvider: config.forecastProvider,
    forecastClock: config.forecastClock,
    record: config.record,
    replay: config.replay,
  };
}
