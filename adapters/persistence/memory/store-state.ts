import { isIdempotencyRecordLive, type IdempotencyRecord } from '../../../domain/tasks/idempotency.ts';
import type { Task } from '../../../domain/tasks/task.ts';
import type { User } from '../../../domain/tasks/user.ts';

/** One change to the store: the unit that the lowdb adapter journals and replays. Replaying is idempotent. */
export type StoreChange =
  | { readonly kind: 'user'; readonly user: User }
  /** A new or changed task; a new one may carry the record of its Idempotency-Key, journalled in the same line. */
  | { readonly kind: 'task'; readonly task: Task; readonly idempotency?: IdempotencyRecord }
  | { readonly kind: 'delete-task'; readonly id: string };

export interface StoreDocument {
  readonly format: 'taskcast-tasks/1';
  readonly users: User[];
  /** In creation order, which is also the list order (reversed). */
  readonly tasks: Task[];
  /** Idempotency-Key records younger than IDEMPOTENCY.retentionMs; absent in stores written before them. */
  readonly idempotency?: IdempotencyRecord[];
}

const idempotencySlot = (userId: string, key: string): string => `${userId}\n${key}`;

/**
 * The indexed in-memory state behind both storage adapters. Maps keep insertion order and keep a key's
 * position when its value is replaced, so a user's map is their tasks in creation order: listing is
 * O(tasks of that user) and needs no sort, and equal timestamps keep their creation order.
 */
export class StoreState {
  readonly usersById = new Map<string, User>();
  readonly userIdByEmail = new Map<string, string>();
  readonly tasksById = new Map<string, Task>();
  readonly tasksByUser = new Map<string, Map<string, Task>>();
  /** By user and key. Kept even after the task is deleted: a repeat still gets the first answer. */
  readonly idempotency = new Map<string, IdempotencyRecord>();

  idempotencyRecord(userId: string, key: string): IdempotencyRecord | undefined {
    return this.idempotency.get(idempotencySlot(userId, key));
  }

  private lastPurgeMs = Number.NEGATIVE_INFINITY;

  /**
   * Keeps a key's record, and forgets the keys past their retention at most once an hour, using the new
   * record's own time (the use case's clock) rather than a clock of the state's: replaying a journal then
   * forgets exactly what the live store forgot. Keys thus cost memory and disk for about a day.
   */
  private remember(record: IdempotencyRecord): void {
    this.idempotency.set(idempotencySlot(record.userId, record.key), record);
    if (record.createdAtMs - this.lastPurgeMs < 3_600_000) return;
    this.lastPurgeMs = record.createdAtMs;
    for (const [slot, kept] of this.idempotency) if (!isIdempotencyRecordLive(kept, record.createdAtMs)) this.idempotency.delete(slot);
  }

  apply(change: StoreChange): void {
    switch (change.kind) {
      case 'user': {
        this.usersById.set(change.user.id, change.user);
        this.userIdByEmail.set(change.user.email, change.user.id);
        return;
      }
      case 'task': {
        const task = change.task;
        this.tasksById.set(task.id, task);
        let own = this.tasksByUser.get(task.user_id);
        if (!own) this.tasksByUser.set(task.user_id, (own = new Map()));
        own.set(task.id, task);
        if (change.idempotency) this.remember(change.idempotency);
        return;
      }
      case 'delete-task': {
        const task = this.tasksById.get(change.id);
        if (!task) return;
        this.tasksById.delete(change.id);
        this.tasksByUser.get(task.user_id)?.delete(change.id);
        return;
      }
    }
  }

  toDocument(): StoreDocument {
    const doc = { format: 'taskcast-tasks/1' as const, users: [...this.usersById.values()], tasks: [...this.tasksById.values()] };
    return this.idempotency.size > 0 ? { ...doc, idempotency: [...this.idempotency.values()] } : doc;
  }

  static fromDocument(doc: StoreDocument): StoreState {
    const state = new StoreState();
    for (const user of doc.users) state.apply({ kind: 'user', user });
    for (const task of doc.tasks) state.apply({ kind: 'task', task });
    for (const record of doc.idempotency ?? []) state.remember(record);
    return state;
  }
}
