import type { TaskRange } from '../../domain/tasks/paging.ts';
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

export interface TaskRepository {
  add(task: Task): Promise<void>;
  findOwned(userId: string, taskId: string): Promise<Task | undefined>;
  /**
   * The owner's tasks matching the filter, newest first (later creation first on equal timestamps); with a
   * range, only those after its cursor and at most its limit (see `selectRange`, the rule every adapter follows).
   */
  listOwned(userId: string, filter: TaskFilter, range?: TaskRange): Promise<Task[]>;
  /** Applies `change` atomically to the owner's task; undefined when there is no such task. */
  updateOwned(userId: string, taskId: string, change: (current: Task) => Task): Promise<Task | undefined>;
  removeOwned(userId: string, taskId: string): Promise<boolean>;
}
