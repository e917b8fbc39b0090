import type pg from 'pg';
import { loadOnFirstUse } from '../../shared/load-on-first-use.ts';
import { ServiceUnavailable } from '../../../domain/shared/service-unavailable.ts';
import { OutcomeUnknown } from '../../../domain/shared/outcome-unknown.ts';
import type { BoundStatement, SqlClient, SqlSession, Statement } from './sql-client.ts';

const postgresDriver = loadOnFirstUse<typeof pg>('pg');

export interface PgClientOptions {
  readonly connectionString: string;
  /** Connections per node; PostgreSQL's max_connections is shared by every node. */
  readonly poolSize?: number;
  /** How long a request waits for a connection (a new one, or a free one of the pool) before a 503. */
  readonly connectTimeoutMs?: number;
  /**
   * How long one statement may run: the server's own `statement_timeout` (it cancels the statement and
   * rolls its transaction back), and the driver's, a second later, for a server that does not answer at
   * all (frozen, or a dead socket). Also how long the server lets a transaction sit idle
   * (`idle_in_transaction_session_timeout`), so a write whose client vanished before COMMIT is rolled back.
   */
  readonly queryTimeoutMs?: number;
  /** The `Retry-After` of a request refused while the database is unreachable. */
  readonly retryAfterSeconds?: number;
  /** Tables live in this schema (tests give each case its own); the server's default otherwise. */
  readonly schema?: string;
  /** How the connections name themselves in pg_stat_activity. */
  readonly applicationName?: string;
  readonly log?: (message: string) => void;
}

export const PG_DEFAULTS = {
  poolSize: 10,
  connectTimeoutMs: 2000,
  queryTimeoutMs: 5000,
  retryAfterSeconds: 2,
} as const;

/** The longest wait a timer can hold (about 24.8 days); the driver takes 0 as "its default", not as none. */
const UNBOUNDED_MS = 2 ** 31 - 1;

/**
 * Error classes a request may meet while the server is down, restarting or overloaded: connection
 * exceptions (08), operator intervention (57: shutdown, cannot connect now, statement timeout), insufficient
 * resources (53: disk full, out of memory, too many connections), a lock wait past the `lock_timeout` an
 * operator gave the role or database (55P03), a server that only reads (25006: a standby, or a primary a
 * failover demoted), and serialization failures or deadlocks (40001, 40P01). Each refuses the statement
 * and rolls its transaction back, and a retry may well succeed: a 503, not a 500.
 */
const TRANSIENT_SQLSTATE = /^(08|57|53|55P03$|25006$|40001$|40P01$)/;

/**
 * Whether the error says "the database cannot be reached now" rather than "this statement is wrong". An
 * error the server reported carries a five-character SQLSTATE; one without it came from the socket or the
 * driver (refused, reset, timed out, terminated), and means the same: try again shortly.
 */
export function isUnavailability(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_SQLSTATE.test(code);
  return error instanceof Error;
}

/**
 * The production SqlClient: a `pg` pool. Every wait is bounded (connecting, waiting for a free connection,
 * running a statement), so while PostgreSQL is down a request gets a 503 with Retry-After within a few
 * seconds instead of hanging; the pool drops dead connections and opens new ones on demand, so it recovers
 * by itself once the server is back.
 */
export function createPgSqlClient(options: PgClientOptions): SqlClient {
  const retryAfterSeconds = options.retryAfterSeconds ?? PG_DEFAULTS.retryAfterSeconds;
  const queryTimeoutMs = options.queryTimeoutMs ?? PG_DEFAULTS.queryTimeoutMs;
  const log = options.log ?? (() => {});
  const settings = {
    connectionString: options.connectionString,
    connectionTimeoutMillis: options.connectTimeoutMs ?? PG_DEFAULTS.connectTimeoutMs,
    query_timeout: queryTimeoutMs + 1000,
    statement_timeout: queryTimeoutMs,
    idle_in_transaction_session_timeout: queryTimeoutMs,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: options.applicationName ?? 'taskcast',
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  };
  const pool = new (postgresDriver().Pool)({ ...settings, max: options.poolSize ?? PG_DEFAULTS.poolSize });
  // GET /ready asks on a connection of its own. On the requests' pool its ping queued behind them: with every
  // connection waiting on a lock or a slow statement, /ready said the server "does not answer", and a load
  // balancer took each node out at once (the cause is shared), though the server answered all along.
  const readinessPool = new (postgresDriver().Pool)({ ...settings, max: 1 });
  const describe = describeUrl(options.connectionString);
  // An idle connection the server closed (a restart) emits here; without a listener Node would crash. The
  // pool has already dropped it, and the next request opens a fresh one.
  let lastIdleError = 0;
  const onIdleError = (error: Error): void => {
    if (Date.now() - lastIdleError > 10_000)
      log(`postgres: an idle connection to ${describe} failed and was dropped: ${error.message}`);
    lastIdleError = Date.now();
  };
  pool.on('error', onIdleError);
  readinessPool.on('error', onIdleError);

  // The driver's error is kept as the cause: start-up names it when the server answers yet refuses.
  const translate = (error: unknown): unknown =>
    isUnavailability(error)
      ? Object.assign(new ServiceUnavailable(retryAfterSeconds, unavailabilityMessage(error)), { cause: error })
      : error;
  const sessionOf = (run: (config: pg.QueryConfig) => Promise<pg.QueryResult>): SqlSession => {
    const query = async <R>(statement: Statement, values: readonly unknown[] = []): Promise<R[]> => {
      try {
        return (await run({ name: statement.name, text: statement.text, values: [...values] })).rows as R[];
      } catch (error) {
        throw translate(error);
      }
    };
    return {
      query,
      // On a session of its own the caller owns the transaction; the pool's `write` (below) commits by itself.
      write: query,
      async writeAll<R>(steps: readonly BoundStatement[]): Promise<R[]> {
        let rows: R[] = [];
        for (const step of steps) rows = await query<R>(step.statement, step.values);
        return rows;
      },
      async exec(script: string): Promise<void> {
        try {
          // No driver bound: a migration takes what it takes (see SqlSession.exec).
          await run({ text: script, query_timeout: UNBOUNDED_MS } as pg.QueryConfig);
        } catch (error) {
          throw translate(error);
        }
      },
    };
  };

  /**
   * A write in a transaction of its own, whose COMMIT is sent only once the statement has answered. A
   * single autocommitted statement could not say what happened when the driver gave up on it: with the
   * server frozen for 10 s, creates, a PATCH and DELETEs answered "nothing was changed" were applied once
   * it woke, since the statement sat in the socket and ran then. Here, until COMMIT is sent, a failure
   * leaves the transaction open on a connection that is then closed (and the server's statement and
   * idle-in-transaction timeouts end it if the close never arrives), so the server rolls it back: a 503
   * that says nothing was changed is true. Once COMMIT is sent, a missing answer means the change may or
   * may not be stored, and the error says so (OutcomeUnknown).
   */
  async function write<R>(statement: Statement, values: readonly unknown[] = []): Promise<R[]> {
    return writeAll<R>([{ statement, values }]);
  }

  /** `write` for several statements in one transaction (see SqlSession.writeAll). */
  async function writeAll<R>(steps: readonly BoundStatement[]): Promise<R[]> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw translate(error);
    }
    let committing = false;
    let failed: Error | undefined;
    // A connection cut while checked out also emits 'error' on the client; the query's own rejection
    // below is where it is handled, and an unheard 'error' event would crash the process.
    const heard = (): void => {};
    client.on('error', heard);
    try {
      await client.query('BEGIN');
      let rows: R[] = [];
      for (const { statement, values = [] } of steps)
        rows = (await client.query({ name: statement.name, text: statement.text, values: [...values] })).rows as R[];
      committing = true;
      await client.query('COMMIT');
      return rows;
    } catch (error) {
      failed = error instanceof Error ? error : new Error(String(error));
      if (committing && !refusedCommit(error)) {
        log(`postgres: no answer to a COMMIT from ${describe} (${failed.message}); the write's outcome is unknown`);
        throw new OutcomeUnknown(retryAfterSeconds);
      }
      throw translate(error);
    } finally {
      // Never reuse a connection a write failed on: closing it is what rolls back an uncommitted change.
      client.removeListener('error', heard);
      client.release(failed);
    }
  }

  return {
    ...sessionOf((config) => pool.query(config)),
    write,
    writeAll,
    describe,
    async withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw translate(error);
      }
      let failed: Error | undefined;
      // As in writeAll: a connection cut while checked out emits 'error' on the client (the pool listens
      // only while it is idle), and unheard, that event would crash the process; the session's next
      // statement fails with it instead, and the connection is not reused.
      const heard = (error: Error): void => {
        failed ??= error;
      };
      client.on('error', heard);
      try {
        return await work(sessionOf((config) => client.query(config)));
      } catch (error) {
        failed = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // A session that failed may hold a lock or an open transaction: close it rather than reuse it.
        client.removeListener('error', heard);
        client.release(failed);
      }
    },
    async ping() {
      try {
        await readinessPool.query({ text: 'SELECT 1', query_timeout: 1500 } as pg.QueryConfig);
        return { ok: true };
      } catch (error) {
        return { ok: false, detail: `PostgreSQL at ${describe} does not answer: ${(error as Error).message}` };
      }
    },
    close: async () => {
      await Promise.all([pool.end(), readinessPool.end()]);
    },
  };
}

/**
 * A 503's words, after what happened: a server that answered, but late or read-only, is not one that
 * "cannot be reached", which would send the reader after the network.
 */
function unavailabilityMessage(error: unknown): string {
  const say = (what: string): string =>
    `The task store (PostgreSQL) ${what} and nothing was changed; try again shortly.`;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '57014' || code === '55P03')
    return say('did not finish in time (a slow statement, or a row locked by another transaction)');
  if (code === '25006') return say('takes no writes right now (it is read-only, as during a failover)');
  // pg-pool's words when the request waited for one of the pool's connections and none came free: all were
  // busy (slow statements, locks), or still trying to reach the server.
  if ((error as Error | null)?.message === 'timeout exceeded when trying to connect')
    return say('is busy: no connection of this node came free in time (or it cannot be reached)');
  return say('cannot be reached right now');
}

/**
 * Whether the server answered the COMMIT with an error that means it was not done: a transaction rollback
 * (40: serialization failure, deadlock) or a deferred constraint (23). Anything else (no answer, a cut
 * connection, a shutdown) leaves the outcome unknown.
 */
function refusedCommit(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(40|23)[0-9A-Z]{3}$/.test(code);
}

/** host:port/database of a connection URL, without user or password. */
export function describeUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname || '/'}`;
  } catch {
    return 'the configured database';
  }
}
