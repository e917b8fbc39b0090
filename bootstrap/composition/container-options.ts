import type { ForecastModuleOptions, UpstreamModuleOptions } from './forecast-module-options.ts';

// What createContainer and the library's createTaskcast take, apart from the wiring (container.ts): the
// library's published declarations name it, and must not reach inversify's.

/** Where the task service keeps its users and tasks. */
export type StorageKind = 'lowdb' | 'memory' | 'postgres';

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
  /** bcrypt cost, 4 to 31 (10 by default); 10 or more in production; tests may lower it. */
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
