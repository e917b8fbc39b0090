// `npm run migrate-store -- --from lowdb:<path> --to postgres`: moves a lowdb store into PostgreSQL.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { StoreOpenError } from '../../adapters/persistence/lowdb/store-open-error.ts';
import { createPgSqlClient } from '../../adapters/persistence/postgres/pg-sql-client.ts';
import { migrateLowdbToPostgres } from './migrate-store.ts';

const USAGE = `Usage: npm run migrate-store -- --from lowdb:<path> --to postgres[:<url>]
  --from lowdb:<path>   the lowdb store (DB_PATH) to copy; no server may be running on it
  --to postgres         the empty PostgreSQL database at DATABASE_URL
  --to postgres:<url>   ... or at this URL`;

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    process.stderr.write(`migrate-store: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const from = /^lowdb:(.+)$/.exec(values.from ?? '');
  const to = /^postgres(?::(postgres(?:ql)?:\/\/.+))?$/.exec(values.to ?? '');
  if (!from || !to) {
    process.stderr.write(`migrate-store: --from lowdb:<path> and --to postgres are required.\n${USAGE}\n`);
    return 2;
  }
  const url = to[1] ?? process.env['DATABASE_URL'];
  if (!url) {
    process.stderr.write('migrate-store: --to postgres needs DATABASE_URL (or --to postgres:<url>).\n');
    return 2;
  }
  const dbPath = resolve(from[1]!);
  const client = createPgSqlClient({ connectionString: url, queryTimeoutMs: 600_000 });
  try {
    const log = (message: string) => process.stdout.write(`${message}\n`);
    const summary = await migrateLowdbToPostgres(dbPath, client, log);
    log(`migrate-store: copied ${summary.users} users and ${summary.tasks} tasks from ${dbPath} to ${client.describe}`);
    return 0;
  } catch (error) {
    process.stderr.write(
      `migrate-store: ${error instanceof StoreOpenError ? error.message : ((error as Error).stack ?? String(error))}\n`,
    );
    return 1;
  } finally {
    await client.close();
  }
}

process.exitCode = await main();
