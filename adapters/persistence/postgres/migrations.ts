import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoreOpenError } from '../lowdb/store-open-error.ts';
import type { SqlClient } from './sql-client.ts';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const FOLDER = join('adapters', 'persistence', 'postgres', 'migrations');

/**
 * Any fixed 64-bit number shared by every Taskcast node: nodes starting together queue on this lock, so
 * exactly one applies the pending migrations and the others then find nothing left to do.
 */
const MIGRATION_LOCK_KEY = 7_166_504_711_204_013n;

/**
 * The migrations folder, found by walking up from this module to the project or package root: `npm start`
 * runs a bundle from `.build/` and the library runs from `dist/`, where a path relative to this file fails.
 */
export function migrationsDir(from: string = fileURLToPath(import.meta.url)): string {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (existsSync(join(dir, FOLDER, '0001_users_and_tasks.sql'))) return join(dir, FOLDER);
    if (dirname(dir) === dir) throw new Error(`Cannot find the PostgreSQL migrations (${FOLDER}) above ${from}.`);
  }
}

/** `NNNN_name.sql` files, in version order; a gap or a duplicate version is a packaging error. */
export function loadMigrations(dir: string = migrationsDir()): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file ${file} is not named NNNN_name.sql.`);
      return { version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(
        `Migrations must be numbered 1, 2, 3, ... without gaps; found ${m.version} at position ${i + 1}.`,
      );
  });
  return migrations;
}

/**
 * Brings the schema up to date: under a session-level advisory lock, each pending migration runs in its own
 * transaction together with its row in `taskcast_migrations`, so a crash leaves it either applied and
 * recorded or neither. A database that has migrations this code does not know was upgraded by a newer
 * Taskcast; start-up stops rather than guess at a schema it has never seen.
 */
export async function migrate(
  client: SqlClient,
  migrations: readonly Migration[],
  log: (message: string) => void = () => {},
): Promise<void> {
  await client.withSession(async (session) => {
    await session.query({ name: 'taskcast_migration_lock', text: 'SELECT pg_advisory_lock($1::bigint)' }, [
      MIGRATION_LOCK_KEY.toString(),
    ]);
    try {
      await session.exec(`CREATE TABLE IF NOT EXISTS taskcast_migrations (
        version    integer PRIMARY KEY,
        name       text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const applied = await session.query<{ version: number; name: string }>({
        name: 'taskcast_migrations_applied',
        text: 'SELECT version, name FROM taskcast_migrations ORDER BY version',
      });
      const known = migrations.at(-1)?.version ?? 0;
      const newest = applied.at(-1)?.version ?? 0;
      if (newest > known) {
        throw new StoreOpenError(
          `The database at ${client.describe} has schema version ${newest} (${applied.at(-1)?.name}), newer than this Taskcast knows (${known}): it was upgraded by a newer release. Run that release, or point DATABASE_URL at another database.`,
        );
      }
      const done = new Set(applied.map((row) => row.version));
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await session.exec('BEGIN');
        try {
          // A migration may take longer than a request's statement may (an index built on a large table):
          // cut at that time, it would stop start-up on every node, each retry cut again. LOCAL: the
          // connection goes back to the pool with its usual limit once this transaction ends.
          await session.exec('SET LOCAL statement_timeout = 0');
          await session.exec(migration.sql);
          await session.query(
            {
              name: 'taskcast_migration_record',
              text: 'INSERT INTO taskcast_migrations (version, name) VALUES ($1, $2)',
            },
            [migration.version, migration.name],
          );
          await session.exec('COMMIT');
        } catch (error) {
          await session.exec('ROLLBACK').catch(() => {});
          throw error;
        }
        log(
          `postgres: applied migration ${String(migration.version).padStart(4, '0')}_${migration.name} to ${client.describe}`,
        );
      }
    } finally {
      await session
        .query({ name: 'taskcast_migration_unlock', text: 'SELECT pg_advisory_unlock($1::bigint)' }, [
          MIGRATION_LOCK_KEY.toString(),
        ])
        .catch(() => {});
    }
  });
}
