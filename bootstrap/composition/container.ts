import 'reflect-metadata';
import { Container } from 'inversify';
import { loadOrCreateSecretFile, randomSecret } from '../../adapters/crypto/jwt-secret-file.ts';
import { forecastModule, type ForecastModuleOptions, type UpstreamModuleOptions } from './forecast-module.ts';
import { tasksModule, type StorageKind } from './tasks-module.ts';

export interface ContainerOptions {
  /** `memory` (the default for library use), `lowdb` or `postgres`. */
  readonly storage?: StorageKind;
  /** With `postgres`: the server's URL, and connections per node (10 by default). */
  readonly databaseUrl?: string;
  readonly databasePoolSize?: number;
  /** The lowdb document; `./data/tasks.db` by default. */
  readonly dbPath?: string;
  /** At least 32 characters. Unset: a file `jwt-secret` beside the store (lowdb) or a random one (memory). */
  readonly jwtSecret?: string;
  /** MAX_TASKS_PER_USER: how many tasks one account may hold, 0 for no limit; 10,000 by default. */
  readonly maxTasksPerUser?: number;
  /** bcrypt cost, 10 or more in production; tests may lower it. */
  readonly bcryptCost?: number;
  readonly log?: (message: string) => void;
  /** The forecast provider to wire (`embedded` by default), or false for a task-only container. */
  readonly forecastProvider?: 'embedded' | 'upstream' | 'replay' | false;
  /** FORECAST_REPLAY_DIR and FORECAST_REPLAY_STRICT; required with forecastProvider `replay`. */
  readonly replay?: ForecastModuleOptions['replay'];
  /** FORECAST_RECORD_DIR and FORECAST_RECORD_RELATIVE, with forecastProvider `upstream`. */
  readonly record?: ForecastModuleOptions['record'];
  /** The upstream provider's settings; required with forecastProvider `upstream`. */
  readonly upstream?: UpstreamModuleOptions;
  /** FORECAST_NOW: where the forecast clock starts (frozen with rate 0, the default). */
  readonly forecastClock?: ForecastModuleOptions['clockStart'];
  /** With the embedded provider: read its data on the first forecast request instead of at wiring (about 0.5 s). */
  readonly lazyForecastData?: boolean;
  /** Told of each group commit of the lowdb store (entries, fdatasync ms); bootstrap feeds the metrics. */
  readonly onStoreBatch?: (entries: number, syncMs: number) => void;
  /**
   * With lowdb: how many group commits may be in flight at once, acknowledged in order (2 by default; 1 to
   * 64). More may help on a disk with a long commit latency, such as a network volume.
   */
  readonly journalDepth?: number;
}

/** An inversify container with every port bound to its adapter. Only `bootstrap/` sees inversify. */
export function createContainer(options: ContainerOptions = {}): Container {
  const storage = options.storage ?? 'memory';
  const dbPath = options.dbPath ?? './data/tasks.db';
  if (options.jwtSecret !== undefined && options.jwtSecret.length < 32)
    throw new Error('jwtSecret must be at least 32 characters.');
  const depth = options.journalDepth;
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= 64))
    throw new Error(`journalDepth must be a whole number from 1 to 64 (got ${depth}).`);
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
