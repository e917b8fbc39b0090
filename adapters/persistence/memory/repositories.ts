import type { AddOutcome, TaskRepository, UserRepository } from '../../../application/tasks/ports.ts';
import { isIdempotencyRecordLive, type IdempotencyRecord } from '../../../domain/tasks/idempotency.ts';
import {
  isLegacyCursor,
  selectRange,
  startOfSecond,
  type PositionedTask,
  type TaskPosition,
  type TaskRange,
} from '../../../domain/tasks/paging.ts';
import { matchesFilter, type Task, type TaskFilter } from '../../../domain/tasks/task.ts';
import type { User } from '../../../domain/tasks/user.ts';
import type { NewTaskChange, StoreChange, StoreState } from './store-state.ts';

/**
 * Makes a change durable, then applies it to the state (before resolving), so that a read only ever sees
 * durable changes. In memory that is at once; the lowdb adapter applies after the journal's group commit.
 * Rejects when the change could not be stored; the state is then untouched.
 */
export type Commit = (change: StoreChange) => Promise<void>;

/**
 * Serialises the writers of one key (an email, a task id) while reads go on: a writer that finds the key
 * reserved waits until the earlier change is durable or undone, then decides on the state as it then is.
 * That keeps check-and-set atomic (email uniqueness, read-modify-write of a task) although a change becomes
 * visible only once durable, and a change that fails never leaks into a later one.
 */
export class KeyedReservations {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key);
    // Without a reservation, `work` starts at once, in this very turn: its check and its append are atomic.
    const result = previous === undefined ? work() : previous.then(work);
    // One settled-either-way promise per run, which also frees the key when nobody queued behind it.
    const release = (): void => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    const tail: Promise<void> = result.then(release, release);
    this.tails.set(key, tail);
    return result;
  }
}

export class StateUserRepository implements UserRepository {
  constructor(
    private readonly state: StoreState,
    private readonly commit: Commit,
    private readonly reservations: KeyedReservations,
  ) {}

  async findById(id: string): Promise<User | undefined> {
    return this.state.usersById.get(id);
  }

  async findByEmail(email: string): Promise<User | undefined> {
    const id = this.state.userIdByEmail.get(email);
    return id === undefined ? undefined : this.state.usersById.get(id);
  }

  addIfEmailFree(user: User): Promise<boolean> {
    return this.reservations.run(`email:${user.email}`, async () => {
      if (this.state.userIdByEmail.has(user.email)) return false;
      await this.commit({ kind: 'user', user });
      return true;
    });
  }
}

export class StateTaskRepository implements TaskRepository {
  constructor(
    private readonly state: StoreState,
    private readonly commit: Commit,
    private readonly reservations: KeyedReservations,
  ) {}

  /**
   * Keys whose record is on its way to disk, by user then key. A second add of such a key waits until the
   * first has settled, then decides on the state as it then is (the same rule as KeyedReservations), but
   * without a reservation's joined key string and promise chain: a keyed create is the hot path of every
   * retrying client, and this keeps it within a few microseconds of a create without a key.
   */
  private readonly pendingKeys = new Map<string, Map<string, Promise<unknown>>>();

  add(task: Task, idempotency?: IdempotencyRecord, maxTasks?: number): Promise<AddOutcome> {
    // A fresh id: nobody else can know it before it is acknowledged, so only the key and the count need guarding.
    if (!idempotency) {
      if (this.isFull(task.user_id, maxTasks)) return Promise.resolve('limit-reached');
      return this.commitNew(task.user_id, { kind: 'task', task, seq: this.state.claimSeq() }).then(() => 'added');
    }
    return this.addWithKey(task, idempotency, maxTasks);
  }

  /** Whether the owner holds `maxTasks` tasks, counting those on their way to disk. */
  private isFull(userId: string, maxTasks: number | undefined): boolean {
    return maxTasks !== undefined && this.state.taskCount(userId) >= maxTasks;
  }

  /**
   * Commits a new task, counted against its owner from this very turn (the one of the check before it), so
   * that of concurrent adds only as many find room as there is. Its change carries the creation sequence
   * claimed in that turn too (StoreState.claimSeq): commits go to the journal in the order they are made,
   * so the numbers follow journal order, and a replay gives each task the very number it had.
   */
  private commitNew(userId: string, change: NewTaskChange): Promise<void> {
    this.state.reserveTask(userId);
    let committing: Promise<void>;
    try {
      committing = this.commit(change);
    } catch (error) {
      this.state.releaseTask(userId);
      throw error;
    }
    return committing.catch((error: unknown) => {
      // Not stored, so never applied: the reservation is still there.
      this.state.releaseTask(userId);
      throw error;
    });
  }

  private addWithKey(task: Task, record: IdempotencyRecord, maxTasks: number | undefined): Promise<AddOutcome> {
    let pending = this.pendingKeys.get(record.userId);
    const earlier = pending?.get(record.key);
    if (earlier !== undefined) {
      const retry = (): Promise<AddOutcome> => this.addWithKey(task, record, maxTasks);
      return earlier.then(retry, retry);
    }
    const kept = this.state.idempotencyRecord(record.userId, record.key);
    // An expired record no longer holds the key: the new one replaces it. A live one wins over a full account.
    if (kept && isIdempotencyRecordLive(kept, record.createdAtMs)) return Promise.resolve('key-taken');
    if (this.isFull(record.userId, maxTasks)) return Promise.resolve('limit-reached');
    if (pending === undefined) this.pendingKeys.set(record.userId, (pending = new Map<string, Promise<unknown>>()));
    const own = pending;
    const settle = (): void => {
      own.delete(record.key);
      if (own.size === 0 && this.pendingKeys.get(record.userId) === own) this.pendingKeys.delete(record.userId);
    };
    // The checks above and this append happen in one turn, so no other add of the key can come between.
    const change = { kind: 'task', task, idempotency: record, seq: this.state.claimSeq() } as const;
    const done = this.commitNew(record.userId, change).then(
      () => {
        settle();
        return 'added' as const;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    own.set(record.key, done);
    return done;
  }

  async findIdempotencyRecord(userId: string, key: string): Promise<IdempotencyRecord | undefined> {
    return this.state.idempotencyRecord(userId, key);
  }

  async findOwned(userId: string, taskId: string): Promise<Task | undefined> {
    return this.state.tasksByUser.get(userId)?.get(taskId);
  }

  async listOwned(userId: string, filter: TaskFilter): Promise<Task[]> {
    const own = this.state.tasksByUser.get(userId);
    if (!own) return [];
    const newestFirst = [...own.values()].reverse();
    return filter.status === undefined && filter.priority === undefined
      ? newestFirst
      : newestFirst.filter((task) => matchesFilter(task, filter));
  }

  async pageOwned(userId: string, filter: TaskFilter, range: TaskRange): Promise<PositionedTask[]> {
    const own = this.state.tasksByUser.get(userId);
    if (!own) return [];
    return selectRange(this.positioned([...own.values()].reverse()), filter, this.placeOf(own, range), range.limit);
  }

  private *positioned(newestFirst: readonly Task[]): Generator<PositionedTask> {
    for (const task of newestFirst) {
      yield { task, position: { createdAt: task.created_at, seq: this.state.seqOf(task.id) ?? 0 } };
    }
  }

  /** The place a cursor names; a legacy cursor's task gives its own place while it is still there. */
  private placeOf(own: ReadonlyMap<string, Task>, range: TaskRange): TaskPosition | undefined {
    const after = range.after;
    if (after === undefined || !isLegacyCursor(after)) return after;
    const task = own.get(after.id);
    const seq = task && task.created_at === after.createdAt ? this.state.seqOf(task.id) : undefined;
    return seq === undefined ? startOfSecond(after.createdAt) : { createdAt: after.createdAt, seq };
  }

  updateOwned(userId: string, taskId: string, change: (current: Task) => Task): Promise<Task | undefined> {
    return this.reservations.run(`task:${taskId}`, async () => {
      const current = this.state.tasksByUser.get(userId)?.get(taskId);
      if (!current) return undefined;
      const next = change(current);
      await this.commit({ kind: 'task', task: next });
      return next;
    });
  }

  removeOwned(userId: string, taskId: string, precondition?: (current: Task) => void): Promise<boolean> {
    return this.reservations.run(`task:${taskId}`, async () => {
      const current = this.state.tasksByUser.get(userId)?.get(taskId);
      if (!current) return false;
      precondition?.(current);
      await this.commit({ kind: 'delete-task', id: taskId });
      return true;
    });
  }
}
