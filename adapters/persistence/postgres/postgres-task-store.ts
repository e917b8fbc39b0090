import { setTimeout as sleep } from 'node:timers/promises';
import { ServiceUnavailable } from '../../../domain/shared/service-unavailable.ts';
import { StoreOpenError } from '../lowdb/store-open-error.ts';
import type { TaskStore } from '../task-store.ts';
import { loadMigrations, migrate, type Migration } from './migrations.ts';
import { PostgresTaskRepository, PostgresUserRepository } from './postgres-repositories.ts';
import type { SqlClient } from './sql-client.ts';

export interface PostgresTaskStoreOptions {
  readonly log?: (message: string) => void;
  /** The migrations to apply; the shipped files by default (tests add a newer one). */
  readonly migrations?: readonly Migration[];
  /**
   * How long start-up waits for an unreachable server (nodes and the database are often started together,
   * as by compose) before it stops with a message naming it.
   */
  readonly startupWaitMs?: number;
}

/**
 * STORAGE=postgres. The schema is brought up to date first (see `migrate`); then every read and write is
 * one prepared statement, so several nodes share the data with PostgreSQL's guarantees: a write is
 * acknowledged once committed, and every node sees it at once. The store owns `client` and closes it.
 */
export async function openPostgresTaskStore(
  client: SqlClient,
  options: PostgresTaskStoreOptions = {},
): Promise<TaskStore> {
  const log = options.log ?? (() => {});
  const giveUpAt = Date.now() + (options.startupWaitMs ?? 30_000);
  for (let attempt = 1; ; attempt++) {
    try {
      await migrate(client, options.migrations ?? loadMigrations(), log);
      break;
    } catch (error) {
      if (error instanceof ServiceUnavailable && Date.now() < giveUpAt) {
        if (attempt === 1) log(`postgres: ${client.describe} is not reachable yet; waiting for it`);
        await sleep(500);
        continue;
      }
      // Asked before the pool is closed: a closed pool's only answer is "Cannot use a pool after calling end".
      const ping = error instanceof ServiceUnavailable ? await client.ping().catch(() => undefined) : undefined;
      await client.close().catch(() => {});
      if (error instanceof ServiceUnavailable) {
        // A server that answers but kept refusing (a read-only standby, a lock held past lock_timeout) is
        // named with what it said: "cannot reach" would send the operator after the network.
        if (ping?.ok)
          throw new StoreOpenError(
            `PostgreSQL at ${client.describe} answers but refused to bring the schema up to date: ${(error.cause as Error | undefined)?.message ?? error.message}. A node needs a primary it can write to; check DATABASE_URL.`,
          );
        throw new StoreOpenError(
          `Cannot reach PostgreSQL at ${client.describe}${ping && !ping.ok ? ` (${ping.detail})` : ''}; check DATABASE_URL and that the server is running.`,
        );
      }
      throw error;
    }
  }
  let closed: Promise<void> | undefined;
  return {
    users: new PostgresUserRepository(client),
    tasks: new PostgresTaskRepository(client),
    readiness: () => client.ping(),
    close: () => (closed ??= client.close()),
  };
}
