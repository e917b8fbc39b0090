import type { PGlite } from '@electric-sql/pglite';
import type {
  BoundStatement,
  SqlClient,
  SqlSession,
  Statement,
} from '../../adapters/persistence/postgres/sql-client.ts';

/**
 * The store's SqlClient over PGlite: PostgreSQL compiled to WebAssembly, in this process, for machines
 * without a server. PGlite has one connection, so a "session" is the database itself; the store opens a
 * session only to migrate, before anything else runs. The tables go into `schema`, set as the search
 * path: the cases of one test file run one after another, each in a schema of its own.
 */
export async function pgliteSqlClient(db: PGlite, schema: string): Promise<SqlClient> {
  await db.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path TO ${schema}`);
  const session: SqlSession = {
    async query<R>(statement: Statement, values: readonly unknown[] = []): Promise<R[]> {
      return (await db.query<R>(statement.text, [...values])).rows;
    },
    // In-process: no connection can die between the statement and its commit.
    async write<R>(statement: Statement, values: readonly unknown[] = []): Promise<R[]> {
      return (await db.query<R>(statement.text, [...values])).rows;
    },
    // One transaction, which PGlite runs alone: nothing else can come between its statements.
    async writeAll<R>(steps: readonly BoundStatement[]): Promise<R[]> {
      return db.transaction(async (tx) => {
        let rows: R[] = [];
        for (const step of steps) rows = (await tx.query<R>(step.statement.text, [...(step.values ?? [])])).rows;
        return rows;
      });
    },
    async exec(script: string): Promise<void> {
      await db.exec(script);
    },
  };
  return {
    ...session,
    describe: `PGlite (schema ${schema})`,
    withSession: (work) => work(session),
    ping: async () => ({ ok: true }),
    // The PGlite instance is shared by a test file's cases and closed by the file.
    close: async () => {},
  };
}
