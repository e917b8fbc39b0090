import { readFileSync } from 'node:fs';
import { checkSnapshot } from '../../adapters/persistence/lowdb/store-records.ts';
import { openLowdbTaskStore } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import { StoreOpenError } from '../../adapters/persistence/lowdb/store-open-error.ts';
import { migrate, loadMigrations } from '../../adapters/persistence/postgres/migrations.ts';
import {
  PostgresTaskRepository,
  PostgresUserRepository,
} from '../../adapters/persistence/postgres/postgres-repositories.ts';
import type { SqlClient } from '../../adapters/persistence/postgres/sql-client.ts';
import type { StoreDocument } from '../../adapters/persistence/memory/store-state.ts';

export interface MigrationSummary {
  readonly users: number;
  readonly tasks: number;
  readonly idempotencyKeys: number;
}

/**
 * Copies a lowdb store into an empty PostgreSQL database, whole or not at all. The lowdb store is opened
 * and closed first, as a server would: that takes its lock (so no server may be running on it), replays its
 * journal and folds everything into the snapshot file, which is then read. Users and tasks go in through
 * the PostgreSQL repositories, in creation order (which the list order of same-second tasks depends on),
 * in one transaction, and are counted back before it commits.
 */
export async function migrateLowdbToPostgres(
  dbPath: string,
  client: SqlClient,
  log: (message: string) => void = () => {},
): Promise<MigrationSummary> {
  const source = await openLowdbTaskStore(dbPath, { log });
  await source.close();
  const checked = checkSnapshot(JSON.parse(readFileSync(dbPath, 'utf8')) as unknown);
  if (!checked.ok) throw new StoreOpenError(`The store ${dbPath} cannot be read: ${checked.problem}`);
  const document: StoreDocument = checked.value;

  await migrate(client, loadMigrations(), log);
  return client.withSession(async (session) => {
    await session.exec('BEGIN');
    try {
      const [existing] = await session.query<{ n: number }>({
        name: 'taskcast_count_users',
        text: 'SELECT count(*)::int AS n FROM users',
      });
      if ((existing?.n ?? 0) > 0) {
        throw new StoreOpenError(
          `The database at ${client.describe} already holds ${existing?.n} users; migrate-store fills an empty database only, so nothing was copied.`,
        );
      }
      const users = new PostgresUserRepository(session);
      const tasks = new PostgresTaskRepository(session);
      for (const user of document.users) {
        if (!(await users.addIfEmailFree(user)))
          throw new StoreOpenError(`Two users in ${dbPath} share the email ${user.email}; nothing was copied.`);
      }
      let copied = 0;
      for (const task of document.tasks) {
        await tasks.add(task);
        if (++copied % 50_000 === 0) log(`migrate-store: ${copied} of ${document.tasks.length} tasks copied`);
      }
      // Idempotency-Key records, so that a client retrying a create across the move still gets its first answer.
      for (const record of document.idempotency ?? []) {
        await session.query(
          {
            name: 'taskcast_import_idempotency_key',
            text: 'INSERT INTO idempotency_keys (user_id, key, fingerprint, task, created_at_ms) VALUES ($1, $2, $3, $4::jsonb, $5::bigint)',
          },
          [record.userId, record.key, record.fingerprint, JSON.stringify(record.task), record.createdAtMs],
        );
      }
      const [counted] = await session.query<{ users: number; tasks: number }>({
        name: 'taskcast_count_all',
        text: 'SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM tasks) AS tasks',
      });
      if (counted?.users !== document.users.length || counted?.tasks !== document.tasks.length) {
        throw new Error(
          `Counted ${counted?.users} users and ${counted?.tasks} tasks after copying ${document.users.length} and ${document.tasks.length}; rolled back.`,
        );
      }
      await session.exec('COMMIT');
      return { users: counted.users, tasks: counted.tasks, idempotencyKeys: document.idempotency?.length ?? 0 };
    } catch (error) {
      await session.exec('ROLLBACK').catch(() => {});
      throw error;
    }
  });
}
