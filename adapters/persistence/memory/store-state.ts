import { isIdempotencyRecordLive, type IdempotencyRecord } from '../../../domain/tasks/idempotency.ts';
import type { Task } from '../../../domain/tasks/task.ts';
import type { User } from '../../../domain/tasks/user.ts';

/**
 * One change to the store as recorded: the unit that the lowdb adapter journals and replays. Replaying is
 * idempotent. A new task's change carries its creation sequence, except in journals written before them.
 */
export type StoreChange =
  | { readonly kind: 'user'; readonly user: User }
  /**
   * A new or changed task; a new one may carry the record of its Idempotency-Key, journalled in the same
   * line, and its creation sequence (see StoreState.claimSeq), so that a replay gives it the same one.
   */
  | { readonly kind: 'task'; readonly task: Task; readonly idempotency?: IdempotencyRecord; readonly seq?: number }
  | { readonly kind: 'delete-task'; readonly id: string };

/**
 * A new task's change as committed now: the sequence claimed for it (StoreState.claimSeq) is required, as a
 * number worked out when it is applied would not know the numbers claimed by changes still on their way.
 */
export type NewTaskChange = Extract<StoreChange, { kind: 'task' }> & { readonly seq: number };

export interface StoreDocument {
  readonly format: 'taskcast-tasks/1';
  readonly users: User[];
  /** In creation order, which is also the list order (reversed). */
  readonly tasks: Task[];
  /** Each task's creation sequence (`seqs[i]` is `tasks[i]`'s); absent in stores written before them. */
  readonly seqs?: readonly number[];
  /** The highest creation sequence given so far, deleted tasks included. */
  readonly lastSeq?: number;
  /** Idempotency-Key records younger than IDEMPOTENCY.retentionMs; absent in stores written before them. */
  readonly idempotency?: IdempotencyRecord[];
}

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
  /**
   * Each task's creation sequence: its place among tasks of the same second (see TaskPosition). Given when
   * the change is committed (claimSeq), journalled with it and kept in the snapshot, so a replay after a
   * restart or a crash gives every task the very number it had, and a cursor keeps its place across them.
   * Tasks of stores written before (no number on record) are numbered in creation order after the others.
   */
  private readonly seqById = new Map<string, number>();
  private lastSeq = 0;
  /** The highest number handed out by claimSeq, whose changes may not be applied yet. */
  private claimed = 0;

  /**
   * New tasks committed but not yet applied, by owner (see reserveTask). A change reaches the state only
   * once durable, so without these, adds in one group commit would each count the owner's tasks without
   * the others and could all find room for one more.
   */
  private readonly tasksOnTheirWay = new Map<string, number>();

  /** The owner's tasks, counting new ones on their way (reserved and not yet applied or released). */
  taskCount(userId: string): number {
    return (this.tasksByUser.get(userId)?.size ?? 0) + (this.tasksOnTheirWay.get(userId) ?? 0);
  }

  /**
   * Counts a new task of `userId` from now, before its change is committed: applying a new task of that
   * owner turns one reservation into the task itself, in the same step, so the count is exact throughout.
   * A commit that fails must `releaseTask`.
   */
  reserveTask(userId: string): void {
    this.tasksOnTheirWay.set(userId, (this.tasksOnTheirWay.get(userId) ?? 0) + 1);
  }

  releaseTask(userId: string): void {
    const left = (this.tasksOnTheirWay.get(userId) ?? 0) - 1;
    if (left > 0) this.tasksOnTheirWay.set(userId, left);
    else this.tasksOnTheirWay.delete(userId);
  }

  seqOf(taskId: string): number | undefined {
    return this.seqById.get(taskId);
  }

  /** A creation sequence for a new task about to be committed: above every one given or claimed before. */
  claimSeq(): number {
    this.claimed = Math.max(this.claimed, this.lastSeq) + 1;
    return this.claimed;
  }
  /**
   * By user, then key. Kept even after the task is deleted: a repeat still gets the first answer. Two levels
   * rather than one map of joined strings: a lookup then hashes the request's own key string (once; V8 keeps
   * a string's hash) and builds no new string, and a record keeps no joined copy of its key.
   */
  private readonly keysByUser = new Map<string, Map<string, IdempotencyRecord>>();
  private keyCount = 0;

  idempotencyRecord(userId: string, key: string): IdempotencyRecord | undefined {
    return this.keysByUser.get(userId)?.get(key);
  }

  /** How many Idempotency-Key records are kept. */
  get idempotencyKeys(): number {
    return this.keyCount;
  }

  private lastPurgeMs = Number.NEGATIVE_INFINITY;

  /**
   * Keeps a key's record, and forgets the keys past their retention at most once an hour, using the new
   * record's own time (the use case's clock) rather than a clock of the state's: replaying a journal then
   * forgets exactly what the live store forgot. Keys thus cost memory and disk for about a day.
   */
  private remember(record: IdempotencyRecord): void {
    let own = this.keysByUser.get(record.userId);
    if (!own) this.keysByUser.set(record.userId, (own = new Map<string, IdempotencyRecord>()));
    const size = own.size;
    own.set(record.key, record);
    this.keyCount += own.size - size;
    if (record.createdAtMs - this.lastPurgeMs < 3_600_000) return;
    this.lastPurgeMs = record.createdAtMs;
    for (const [userId, keys] of this.keysByUser) {
      for (const [key, kept] of keys) {
        if (isIdempotencyRecordLive(kept, record.createdAtMs)) continue;
        keys.delete(key);
        this.keyCount--;
      }
      if (keys.size === 0) this.keysByUser.delete(userId);
    }
  }

  /**
   * Throws, before anything is written or applied, when `change` adds a task without the sequence claimed
   * for it: a number worked out at apply time would ignore numbers claimed but not yet applied, and could
   * repeat one. Changes read back from the store are replayed instead, where that cannot happen.
   */
  checkCommit(change: StoreChange): void {
    if (change.kind === 'task' && change.seq === undefined && !this.tasksById.has(change.task.id)) {
      throw new Error(`a new task's change must carry its claimed creation sequence (task ${change.task.id})`);
    }
  }

  /**
   * Applies a change being committed now (see checkCommit). Returns the task it replaced or deleted, whose
   * record on disk now holds nothing live (the lowdb store counts such bytes to know when to fold).
   */
  apply(change: StoreChange): Task | undefined {
    this.checkCommit(change);
    return this.applyRecorded(change);
  }

  /**
   * Applies a change read back from the store (snapshot or journal), in the order it was made. A new task
   * without a sequence (written before they were kept) is numbered after every other: nothing is claimed
   * while a store is read, so that number is free.
   */
  replay(change: StoreChange): void {
    this.applyRecorded(change);
  }

  private applyRecorded(change: StoreChange): Task | undefined {
    switch (change.kind) {
      case 'user': {
        this.usersById.set(change.user.id, change.user);
        this.userIdByEmail.set(change.user.email, change.user.id);
        return undefined;
      }
      case 'task': {
        const task = change.task;
        const replaced = this.tasksById.get(task.id);
        if (replaced === undefined) {
          const seq = change.seq ?? Math.max(this.lastSeq, this.claimed) + 1;
          this.seqById.set(task.id, seq);
          this.lastSeq = Math.max(this.lastSeq, seq);
          // A replayed task (at start-up) has no reservation; one added through the repository has.
          if (this.tasksOnTheirWay.has(task.user_id)) this.releaseTask(task.user_id);
        }
        this.tasksById.set(task.id, task);
        let own = this.tasksByUser.get(task.user_id);
        if (!own) this.tasksByUser.set(task.user_id, (own = new Map<string, Task>()));
        own.set(task.id, task);
        if (change.idempotency) this.remember(change.idempotency);
        return replaced;
      }
      case 'delete-task': {
        const task = this.tasksById.get(change.id);
        if (!task) return undefined;
        this.tasksById.delete(change.id);
        this.seqById.delete(change.id);
        this.tasksByUser.get(task.user_id)?.delete(change.id);
        return task;
      }
    }
  }

  toDocument(): StoreDocument {
    const tasks = [...this.tasksById.values()];
    const doc = {
      format: 'taskcast-tasks/1' as const,
      users: [...this.usersById.values()],
      tasks,
      seqs: tasks.map((task) => this.seqById.get(task.id) ?? 0),
      lastSeq: this.lastSeq,
    };
    if (this.keyCount === 0) return doc;
    const idempotency: IdempotencyRecord[] = [];
    for (const keys of this.keysByUser.values()) for (const record of keys.values()) idempotency.push(record);
    return { ...doc, idempotency };
  }

  static fromDocument(doc: StoreDocument): StoreState {
    const state = new StoreState();
    for (const user of doc.users) state.replay({ kind: 'user', user });
    const seqs = doc.seqs?.length === doc.tasks.length ? doc.seqs : undefined;
    if (seqs !== undefined) state.lastSeq = doc.lastSeq ?? 0;
    doc.tasks.forEach((task, i) => state.replay({ kind: 'task', task, seq: seqs?.[i] }));
    // A record read by its task's id holds the document's very task object, so it is written by id again.
    for (const record of doc.idempotency ?? []) state.remember(record);
    return state;
  }
}
