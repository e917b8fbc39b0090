import 'reflect-metadata';
import { Container } from 'inversify';
import { loadOrCreateSecretFile, randomSecret } from '../../adapters/crypto/jwt-secret-file.ts';
import type { ContainerOptions } from './container-options.ts';
import { forecastModule } from './forecast-module.ts';
import { tasksModule } from './tasks-module.ts';

export type { ContainerOptions } from './container-options.ts';

/** An inversify container with every port bound to its adapter. Only `bootstrap/` sees inversify. */
export function createContainer(options: ContainerOptions = {}): Container {
  const storage = options.storage ?? 'memory';
  const dbPath = options.dbPath ?? './data/tasks.db';
  if (options.jwtSecret !== undefined && options.jwtSecret.length < 32)
    throw new Error('jwtSecret must be at least 32 characters.');
  const depth = options.journalDepth;
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= 64))
    throw new Error(`journalDepth must be a whole number from 1 to 64 (got ${depth}).`);
  // bcrypt takes 4 to 31; another cost failed only at the first hash, which Login makes as it is built,
  // so createTaskcast resolved and the process then died of that hash's unhandled rejection.
  const cost = options.bcryptCost;
  if (cost !== undefined && !(Number.isInteger(cost) && cost >= 4 && cost <= 31))
    throw new Error(`bcryptCost must be a whole number from 4 to 31 (got ${cost}).`);
  const maxTasks = options.maxTasksPerUser;
  if (maxTasks !== undefined && !(Number.isInteger(maxTasks) && maxTasks >= 0))
    throw new Error(`maxTasksPerUser must be a whole number, 0 for no limit (got ${maxTasks}).`);
  // The secret file is read or made only once the store has opened, so a refused start-up writes nothing.
  if (storage === 'postgres' && options.jwtSecret === undefined)
    throw new Error('jwtSecret is required with storage postgres: every node must share it.');
  if (storage === 'postgres' && options.databaseUrl === undefined)
    throw new Error('databaseUrl is required with storage postgres.');
  const jwtSecret = (): string =>
    options.jwtSecret ?? (storage === 'memory' ? randomSecret() : loadOrCreateSecretFile(dbPath));
  const container = new Container({ defaultScope: 'Singleton' });
  const postgres =
    options.databaseUrl === undefined ? undefined : { url: options.databaseUrl, poolSize: options.databasePoolSize };
  container.load(
    tasksModule({
      storage,
      dbPath,
      postgres,
      jwtSecret,
      bcryptCost: options.bcryptCost ?? 10,
      maxTasksPerUser: options.maxTasksPerUser,
      log: options.log ?? (() => {}),
      onStoreBatch: options.onStoreBatch,
      journalDepth: options.journalDepth,
    }),
  );
  const forecastProvider = options.forecastProvider ?? 'embedded';
  if (forecastProvider !== false)
    container.load(
      forecastModule({
        provider: forecastProvider,
        upstream: options.upstream,
        clockStart: options.forecastClock,
        replay: options.replay,
        record: options.record,
        lazyData: options.lazyForecastData,
      }),
    );
  return container;
}
