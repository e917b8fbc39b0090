import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPgSqlClient, type PgClientOptions } from '../../adapters/persistence/postgres/pg-sql-client.ts';
import type { SqlClient } from '../../adapters/persistence/postgres/sql-client.ts';
import { pgliteSqlClient } from './pglite-sql-client.ts';

/** A real server when TEST_DATABASE_URL is set (CI, and machines that run one); PGlite otherwise. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] || undefined;
export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] || undefined;

/** A schema name no other test, process or run uses, so runs in parallel never meet. */
export const freshSchema = (): string => `taskcast_test_${process.pid}_${randomBytes(5).toString('hex')}`;

/**
 * Hands out SqlClients, each on a schema of its own, and drops those schemas at the end. With a real
 * server each client is a `pg` pool of its own; with PGlite they share one in-process database.
 */
export class TestDatabases {
  private readonly schemas: string[] = [];
  private pglite?: Promise<import('@electric-sql/pglite').PGlite>;
  readonly kind = TEST_DATABASE_URL ? 'PostgreSQL server' : 'PGlite';

  async client(
    options: Omit<PgClientOptions, 'connectionString' | 'schema'> = {},
    schema = freshSchema(),
  ): Promise<SqlClient> {
    if (!this.schemas.includes(schema)) this.schemas.push(schema);
    if (TEST_DATABASE_URL) {
      await this.admin(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      return createPgSqlClient({ ...options, connectionString: TEST_DATABASE_URL, schema });
    }
    this.pglite ??= import('@electric-sql/pglite').then(async ({ PGlite }) => {
      const db = new PGlite();
      await db.waitReady;
      return db;
    });
    return pgliteSqlClient(await this.pglite, schema);
  }

  async dispose(): Promise<void> {
    if (TEST_DATABASE_URL) {
      for (const schema of this.schemas) await this.admin(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    } else if (this.pglite) {
      await (await this.pglite).close();
    }
  }

  private admin(sql: string): Promise<void> {
    return adminQuery(sql);
  }
}

/** One statement on TEST_DATABASE_URL over a connection of its own (CREATE/DROP SCHEMA or DATABASE). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
