import type { IdempotencyRecord } from '../../domain/tasks/idempotency.ts';
import type { PositionedTask, TaskRange } from '../../domain/tasks/paging.ts';
import type { Task, TaskFilter } from '../../domain/tasks/task.ts';
import type { User } from '../../domain/tasks/user.ts';

// The task context's ports. Adapters implement them; the use cases see nothing else of the world.

export type { Clock } from '../shared/clock.ts';

export interface IdGenerator {
  /** A fresh random UUID v4. */
  newId(): string;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

export interface TokenService {
  /** A signed token for the user, valid for TOKEN_LIFETIME_SECONDS. */
  issue(userId: string): Promise<string>;
  /** The user id the token was issued to, or null when it is malformed, forged, of another algorithm or expired. */
  verify(token: string): Promise<string | null>;
}

/** Every write resolves only once the change is durable in the adapter's sense (on disk for lowdb). */
export interface UserRepository {
  findById(id: string): Promise<User | undefined>;
  /** `email` is already normalised. */
  findByEmail(email: string): Promise<User | undefined>;
  /** Stores the user unless the email is taken, atomically; returns false when it was taken. */
  addIfEmailFree(user: User): Promise<boolean>;
}

/** What TaskRepository.add did: only 'added' stored anything. */
export type AddOutcome = 'added' | 'key-taken' | 'limit-reached';

export interface TaskRepository {
  /**
   * Stores a new task. With `idempotency`, the key's record is stored in the same durable step, so a crash
   * never leaves one without the other; 'key-taken' (and nothing stored) when that user's key already has
   * a record still within its retention at the new record's time (an expired one is replaced).
   *
   * With `maxTasks`, 'limit-reached' (and nothing stored, the key's record neither) when the owner already
   * holds that many tasks. The count is taken in the same atomic step as the insert, so concurrent adds,
   * from this process or another node, never take an owner past it. A taken key wins over a full account:
   * the retry of a stored create is 'key-taken', whatever the count.
   */
  add(task: Task, idempotency?: IdempotencyRecord, maxTasks?: number): Promise<AddOutcome>;
  /** The record of a user's Idempotency-Key, if one is stored (expired ones may still be returned). */
  findIdempotencyRecord(userId: string, key: string): Promise<IdempotencyRecord | undefined>;
  findOwned(userId: string, taskId: string): Promise<Task | undefined>;
  /** The owner's tasks matching the filter, newest first (later creation first on equal timestamps). */
  listOwned(userId: string, filter: TaskFilter): Promise<Task[]>;
  /**
   * The same list from just after the range's cursor, at most its limit, each task with its place (see
   * `selectRange`, the rule every adapter follows, and TaskPosition).
   */
  pageOwned(userId: string, filter: TaskFilter, range: TaskRange): Promise<PositionedTask[]>;
  /**
   * Applies `change` atomically to the owner's task; undefined when there is no such task. `change` may
   * throw (a failed precondition): then nothing is written, and no other writer of that task came between.
   */
  updateOwned(userId: string, taskId: string, change: (current: Task) => Task): Promise<Task | undefined>;
  /** Removes the owner's task; `precondition` runs on the current task in the same atomic step and may throw. */
  removeOwned(userId: string, taskId: string, precondition?: (current: Task) => void): Promise<boolean>;
}
