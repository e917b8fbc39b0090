/**
 * A SQL statement with a stable name: the pg driver prepares it once per connection under that name and
 * afterwards sends only the parameters (the plan is parsed and checked once, not per request).
 */
export interface Statement {
  readonly name: string;
  readonly text: string;
}

/** A statement with the parameters of one run. */
export interface BoundStatement {
  readonly statement: Statement;
  readonly values?: readonly unknown[];
}

/** One connection's worth of SQL. */
export interface SqlSession {
  /** The rows of a prepared statement run with `values` as its parameters. */
  query<R>(statement: Statement, values?: readonly unknown[]): Promise<R[]>;
  /**
   * A statement that changes data, committed only once it has answered (see the pg client): when it fails
   * with ServiceUnavailable nothing was changed; OutcomeUnknown when the commit was sent and not answered.
   * On a session of its own (withSession), the caller owns the transaction and this is `query`.
   */
  write<R>(statement: Statement, values?: readonly unknown[]): Promise<R[]>;
  /**
   * Like `write`, for statements run in order in one transaction: the rows of the last. Under READ
   * COMMITTED each statement reads what was committed before it started, so a first statement that locks
   * a row makes the reads of the next ones current for everything the lock's previous holder did.
   */
  writeAll<R>(steps: readonly BoundStatement[]): Promise<R[]>;
  /**
   * Runs a script of several statements (migrations); no parameters. The client sets no time limit of its
   * own on it, unlike `query`; the server's `statement_timeout` still applies unless the script lifts it.
   */
  exec(script: string): Promise<void>;
}

/**
 * The small seam between the PostgreSQL store and a driver: the server through `pg` in production, or
 * PGlite (PostgreSQL in WebAssembly, in-process) in tests on a machine without a server. Both speak the
 * same SQL, so the store's statements are tested as they run in production.
 */
export interface SqlClient extends SqlSession {
  /** Where the data lives, for messages (never the password). */
  readonly describe: string;
  /** Runs `work` on one connection of its own: session-level advisory locks and transactions need that. */
  withSession<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Whether the database answers now, within a short bound (for GET /ready). */
  ping(): Promise<{ ok: true } | { ok: false; detail: string }>;
  close(): Promise<void>;
}
