import type { AddOutcome, TaskRepository, UserRepository } from '../../../application/tasks/ports.ts';
import { Unauthorized, ValidationError } from '../../../domain/tasks/errors.ts';
import { IDEMPOTENCY, type IdempotencyRecord } from '../../../domain/tasks/idempotency.ts';
import { isLegacyCursor, startOfSecond, type PositionedTask, type TaskRange } from '../../../domain/tasks/paging.ts';
import type { Task, TaskFilter } from '../../../domain/tasks/task.ts';
import type { User } from '../../../domain/tasks/user.ts';
import type { SqlSession, Statement } from './sql-client.ts';

// Every statement has a name, so the driver prepares it once per connection. Timestamps go in and come out
// as the API's `YYYY-MM-DD HH:MM:SS` text, so the session's time zone never enters into it.

const TASK_COLUMNS = `id::text, user_id::text, title, description, status, priority, due_date,
  to_char(created_at, 'YYYY-MM-DD HH24:MI:SS') AS created_at, to_char(updated_at, 'YYYY-MM-DD HH24:MI:SS') AS updated_at`;

const SQL = {
  userById: {
    name: 'taskcast_user_by_id',
    text: 'SELECT id::text, name, email, password_hash FROM users WHERE id = $1',
  },
  userByEmail: {
    name: 'taskcast_user_by_email',
    text: 'SELECT id::text, name, email, password_hash FROM users WHERE email = $1',
  },
  // ON CONFLICT waits for a concurrent insert of the same email to commit or roll back, then decides: of two
  // nodes signing up one email at once, exactly one gets its row back.
  addUser: {
    name: 'taskcast_add_user',
    text: 'INSERT INTO users (id, name, email, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (email) DO NOTHING RETURNING id',
  },
  addTask: {
    name: 'taskcast_add_task',
    text: `INSERT INTO tasks (id, user_id, title, description, status, priority, due_date, created_at, updated_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamp, $9::timestamp)`,
  },
  // The key's record and the task in one statement: the task is inserted only if the key was free, or held
  // by a record past its retention at the new record's time (which is then replaced). Two nodes adding the
  // same key at once: ON CONFLICT waits for the first to commit, then finds the key taken.
  addTaskWithKey: {
    name: 'taskcast_add_task_with_key',
    text: `WITH claimed AS (
        INSERT INTO idempotency_keys AS k (user_id, key, fingerprint, task, created_at_ms)
        VALUES ($2, $10, $11, $12::jsonb, $13::bigint)
        ON CONFLICT (user_id, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, task = EXCLUDED.task, created_at_ms = EXCLUDED.created_at_ms
          WHERE k.created_at_ms <= EXCLUDED.created_at_ms - $14::bigint
        RETURNING 1
      )
      INSERT INTO tasks (id, user_id, title, description, status, priority, due_date, created_at, updated_at)
      SELECT $1, $2, $3, $4, $5, $6, $7, $8::timestamp, $9::timestamp WHERE EXISTS (SELECT 1 FROM claimed)
      RETURNING id`,
  },
  // Taken before a create under a task limit, in the same transaction: creates of one owner under a limit
  // queue here, so each counts after the one before it has committed (READ COMMITTED gives the next
  // statement a fresh snapshot; a count in the locking statement itself would read the one from before the
  // wait and let concurrent creates past the limit). NO KEY UPDATE, because the foreign key check of a plain
  // insert (KEY SHARE) need not wait for it.
  lockOwner: {
    name: 'taskcast_lock_task_owner',
    text: 'SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE',
  },
  addTaskWithin: {
    name: 'taskcast_add_task_within_limit',
    text: `INSERT INTO tasks (id, user_id, title, description, status, priority, due_date, created_at, updated_at)
      SELECT $1, $2, $3, $4, $5, $6, $7, $8::timestamp, $9::timestamp
      WHERE (SELECT count(*) FROM tasks WHERE user_id = $2) < $10::bigint
      RETURNING id`,
  },
  // addTaskWithKey under a limit: a live record of the key wins (the retry of a stored create answers as
  // before, whatever the count); otherwise neither the key nor the task is stored when the owner is full.
  addTaskWithKeyWithin: {
    name: 'taskcast_add_task_with_key_within_limit',
    text: `WITH taken AS (
        SELECT 1 FROM idempotency_keys
        WHERE user_id = $2 AND key = $10 AND created_at_ms > $13::bigint - $14::bigint
      ), room AS (
        SELECT NOT EXISTS (SELECT 1 FROM taken) AND (SELECT count(*) FROM tasks WHERE user_id = $2) < $15::bigint AS ok
      ), claimed AS (
        INSERT INTO idempotency_keys AS k (user_id, key, fingerprint, task, created_at_ms)
        SELECT $2, $10, $11, $12::jsonb, $13::bigint FROM room WHERE room.ok
        ON CONFLICT (user_id, key) DO UPDATE
          SET fingerprint = EXCLUDED.fingerprint, task = EXCLUDED.task, created_at_ms = EXCLUDED.created_at_ms
          WHERE k.created_at_ms <= EXCLUDED.created_at_ms - $14::bigint
        RETURNING 1
      ), added AS (
        INSERT INTO tasks (id, user_id, title, description, status, priority, due_date, created_at, updated_at)
        SELECT $1, $2, $3, $4, $5, $6, $7, $8::timestamp, $9::timestamp WHERE EXISTS (SELECT 1 FROM claimed)
        RETURNING 1
      )
      SELECT CASE
        WHEN EXISTS (SELECT 1 FROM added) THEN 'added'
        WHEN (SELECT ok FROM room) OR EXISTS (SELECT 1 FROM taken) THEN 'key-taken'
        ELSE 'limit-reached' END AS outcome`,
  },
  findKey: {
    name: 'taskcast_find_idempotency_key',
    text: 'SELECT user_id::text, key, fingerprint, task, created_at_ms::float8 AS created_at_ms FROM idempotency_keys WHERE user_id = $1 AND key = $2',
  },
  forgetKeys: {
    name: 'taskcast_forget_idempotency_keys',
    text: 'DELETE FROM idempotency_keys WHERE created_at_ms < $1::bigint',
  },
  findTask: {
    name: 'taskcast_find_task',
    text: `SELECT ${TASK_COLUMNS}, version::text FROM tasks WHERE id = $2 AND user_id = $1`,
  },
  // A page starts just after the cursor's place (created_at, seq) in the order itself, whether or not a
  // task is still there. A legacy cursor names a task: its place while it is still there (and of the same
  // second), else the start of the cursor's second, so nothing is skipped. ORDER BY names the table's
  // columns: bare, `created_at` and `seq` would be the text columns of the SELECT, sorted as text.
  listTasks: {
    name: 'taskcast_list_tasks_at',
    text: `SELECT ${TASK_COLUMNS}, seq::text FROM tasks
      WHERE user_id = $1
        AND ($2::text IS NULL OR status = $2)
        AND ($3::text IS NULL OR priority = $3)
        AND ($4::timestamp IS NULL OR (created_at, seq) < ($4::timestamp,
          COALESCE((SELECT c.seq FROM tasks c WHERE c.id = $6 AND c.user_id = $1 AND c.created_at = $4::timestamp), $5::bigint)))
      ORDER BY tasks.created_at DESC, tasks.seq DESC
      LIMIT $7`,
  },
  updateTask: {
    name: 'taskcast_update_task',
    text: `UPDATE tasks SET title = $4, description = $5, status = $6, priority = $7, due_date = $8,
        updated_at = $9::timestamp, version = version + 1
      WHERE id = $2 AND user_id = $1 AND version = $3::bigint RETURNING id`,
  },
  removeTask: {
    name: 'taskcast_remove_task',
    text: 'DELETE FROM tasks WHERE id = $2 AND user_id = $1 AND version = $3::bigint RETURNING id',
  },
} satisfies Record<string, Statement>;

interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string;
}
type TaskRow = Task & { version?: string };

const toUser = (row: UserRow): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  passwordHash: row.password_hash,
});
const toTask = (row: TaskRow): Task => ({
  id: row.id,
  user_id: row.user_id,
  title: row.title,
  description: row.description,
  status: row.status,
  priority: row.priority,
  due_date: row.due_date,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * An Idempotency-Key record's parameters, after the task's, in both keyed inserts: the key, the fingerprint,
 * the first answer, its time, and how long a record lives.
 */
const keyValues = (idempotency: IdempotencyRecord): unknown[] => [
  idempotency.key,
  idempotency.fingerprint,
  JSON.stringify(idempotency.task),
  idempotency.createdAtMs,
  IDEMPOTENCY.retentionMs,
];

/**
 * Ids are compared as the API gives them: a key the in-memory store would not find (an upper-case UUID,
 * which PostgreSQL's uuid type would match) is not found here either, and nothing that is not a UUID
 * reaches a uuid column.
 */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isKey = (id: string): boolean => CANONICAL_UUID.test(id);

/**
 * PostgreSQL text cannot hold U+0000, which JSON can carry; the API stores strings as given, so such a
 * string is refused as invalid input (400) rather than failing as a server error (500).
 */
async function storing<T>(write: () => Promise<T>, fields: Record<string, string | null>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') {
      const path = Object.entries(fields).find(([, value]) => value?.includes('\u0000'))?.[0] ?? 'body';
      throw new ValidationError([{ path, message: 'must not contain the character U+0000' }]);
    }
    throw error;
  }
}

/**
 * Every authenticated request looks its user up by id. Accounts are never changed or deleted through the
 * API, so a node reuses a user it has read for a few seconds instead of asking the database again: one
 * round trip less per request. An account an operator deletes in SQL stops authenticating within that time
 * (and a task added for it meanwhile is refused as Unauthorized, see PostgresTaskRepository.add).
 */
export const USER_CACHE = { ttlMs: 5000, maxEntries: 10_000 } as const;

export class PostgresUserRepository implements UserRepository {
  private readonly recent = new Map<string, { readonly user: User; readonly until: number }>();

  constructor(
    private readonly sql: SqlSession,
    private readonly cacheMs: number = USER_CACHE.ttlMs,
  ) {}

  async findById(id: string): Promise<User | undefined> {
    if (!isKey(id)) return undefined;
    const now = Date.now();
    const hit = this.recent.get(id);
    if (hit && hit.until > now) return hit.user;
    const [row] = await this.sql.query<UserRow>(SQL.userById, [id]);
    const user = row && toUser(row);
    if (user && this.cacheMs > 0) {
      this.recent.delete(id);
      this.recent.set(id, { user, until: now + this.cacheMs });
      if (this.recent.size > USER_CACHE.maxEntries) this.recent.delete(this.recent.keys().next().value!);
    }
    return user;
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const [row] = await this.sql.query<UserRow>(SQL.userByEmail, [email]);
    return row && toUser(row);
  }

  async addIfEmailFree(user: User): Promise<boolean> {
    const rows = await storing(() => this.sql.write(SQL.addUser, [user.id, user.name, user.email, user.passwordHash]), {
      name: user.name,
      email: user.email,
    });
    return rows.length === 1;
  }
}

interface KeyRow {
  user_id: string;
  key: string;
  fingerprint: string;
  task: Task | string;
  created_at_ms: number;
}

/** Expired Idempotency-Key records are deleted by whichever node next uses a key, at most this often. */
const FORGET_KEYS_EVERY_MS = 60 * 60 * 1000;

export class PostgresTaskRepository implements TaskRepository {
  private lastForget = 0;

  constructor(private readonly sql: SqlSession) {}

  async add(task: Task, idempotency?: IdempotencyRecord, maxTasks?: number): Promise<AddOutcome> {
    const values = [
      task.id,
      task.user_id,
      task.title,
      task.description,
      task.status,
      task.priority,
      task.due_date,
      task.created_at,
      task.updated_at,
    ];
    const fields = { title: task.title, description: task.description };
    try {
      if (maxTasks !== undefined) return await storing(() => this.addWithin(values, maxTasks, idempotency), fields);
      if (!idempotency) {
        await storing(() => this.sql.write(SQL.addTask, values), fields);
        return 'added';
      }
      this.forgetExpiredKeys(idempotency.createdAtMs);
      const rows = await storing(() => this.sql.write(SQL.addTaskWithKey, [...values, ...keyValues(idempotency)]), {
        title: task.title,
        description: task.description,
      });
      return rows.length === 1 ? 'added' : 'key-taken';
    } catch (error) {
      // The owner is gone (deleted in SQL since this node last looked it up): the token no longer names an account.
      if ((error as { code?: unknown }).code === '23503')
        throw new Unauthorized('The token is invalid or has expired.');
      throw error;
    }
  }

  /** A create under a limit: the owner's row locked, then the count and the insert, in one transaction. */
  private async addWithin(
    values: readonly unknown[],
    maxTasks: number,
    idempotency: IdempotencyRecord | undefined,
  ): Promise<AddOutcome> {
    const lock = { statement: SQL.lockOwner, values: [values[1]] };
    if (!idempotency) {
      const rows = await this.sql.writeAll([lock, { statement: SQL.addTaskWithin, values: [...values, maxTasks] }]);
      return rows.length === 1 ? 'added' : 'limit-reached';
    }
    this.forgetExpiredKeys(idempotency.createdAtMs);
    const [row] = await this.sql.writeAll<{ outcome: AddOutcome }>([
      lock,
      {
        statement: SQL.addTaskWithKeyWithin,
        values: [...values, ...keyValues(idempotency), maxTasks],
      },
    ]);
    return row!.outcome;
  }

  async findIdempotencyRecord(userId: string, key: string): Promise<IdempotencyRecord | undefined> {
    if (!isKey(userId)) return undefined;
    const [row] = await this.sql.query<KeyRow>(SQL.findKey, [userId, key]);
    if (!row) return undefined;
    const task = typeof row.task === 'string' ? (JSON.parse(row.task) as Task) : row.task;
    return {
      userId: row.user_id,
      key: row.key,
      fingerprint: row.fingerprint,
      // jsonb keeps an object's keys sorted by length, not as written: rebuilt in the task's own order, the
      // replay of a keyed create answers with the very bytes of the first answer, as the other stores do.
      task: toTask(task),
      createdAtMs: Number(row.created_at_ms),
    };
  }

  /** Housekeeping, never in a request's way: failures are left for the next time. */
  private forgetExpiredKeys(nowMs: number): void {
    if (nowMs - this.lastForget < FORGET_KEYS_EVERY_MS) return;
    this.lastForget = nowMs;
    this.sql.query(SQL.forgetKeys, [nowMs - IDEMPOTENCY.retentionMs]).catch(() => {});
  }

  async findOwned(userId: string, taskId: string): Promise<Task | undefined> {
    const row = await this.findRow(userId, taskId);
    return row && toTask(row);
  }

  async listOwned(userId: string, filter: TaskFilter): Promise<Task[]> {
    return (await this.listRows(userId, filter, {})).map(toTask);
  }

  async pageOwned(userId: string, filter: TaskFilter, range: TaskRange): Promise<PositionedTask[]> {
    return (await this.listRows(userId, filter, range)).map((row) => ({
      task: toTask(row),
      position: { createdAt: row.created_at, seq: Number(row.seq) },
    }));
  }

  private async listRows(
    userId: string,
    filter: TaskFilter,
    range: TaskRange,
  ): Promise<Array<TaskRow & { seq: string }>> {
    if (!isKey(userId)) return [];
    const after = range.after;
    const legacy = after !== undefined && isLegacyCursor(after) ? after : undefined;
    const seq = after === undefined ? null : isLegacyCursor(after) ? startOfSecond(after.createdAt).seq : after.seq;
    return this.sql.query<TaskRow & { seq: string }>(SQL.listTasks, [
      userId,
      filter.status ?? null,
      filter.priority ?? null,
      after?.createdAt ?? null,
      seq === null ? null : String(seq),
      legacy && isKey(legacy.id) ? legacy.id : null,
      range.limit ?? null,
    ]);
  }

  /**
   * Read, apply `change`, write back only if nobody wrote in between (the version is unchanged); otherwise
   * read again. No row lock is held across the round trips, and two nodes updating one task both apply
   * their change, one after the other, as the in-process stores do.
   */
  async updateOwned(userId: string, taskId: string, change: (current: Task) => Task): Promise<Task | undefined> {
    for (;;) {
      const row = await this.findRow(userId, taskId);
      if (!row) return undefined;
      const next = change(toTask(row));
      const written = await storing(
        () =>
          this.sql.write(SQL.updateTask, [
            userId,
            taskId,
            row.version,
            next.title,
            next.description,
            next.status,
            next.priority,
            next.due_date,
            next.updated_at,
          ]),
        { title: next.title, description: next.description },
      );
      if (written.length === 1) return next;
    }
  }

  /** Like updateOwned: the precondition judges the version it read, and the delete applies only to that version. */
  async removeOwned(userId: string, taskId: string, precondition?: (current: Task) => void): Promise<boolean> {
    for (;;) {
      const row = await this.findRow(userId, taskId);
      if (!row) return false;
      precondition?.(toTask(row));
      if ((await this.sql.write(SQL.removeTask, [userId, taskId, row.version])).length === 1) return true;
    }
  }

  private async findRow(userId: string, taskId: string): Promise<TaskRow | undefined> {
    if (!isKey(userId) || !isKey(taskId)) return undefined;
    const [row] = await this.sql.query<TaskRow>(SQL.findTask, [userId, taskId]);
    return row;
  }
}
