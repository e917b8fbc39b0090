import {
  IdempotencyKeyInFlight,
  IdempotencyKeyMismatch,
  TaskLimitReached,
  ValidationError,
} from '../../domain/tasks/errors.ts';
import {
  createFingerprint,
  IDEMPOTENCY,
  isIdempotencyKey,
  isIdempotencyRecordLive,
  isSameCreate,
  type IdempotencyRecord,
} from '../../domain/tasks/idempotency.ts';
import { assertTaskFields, messages } from '../../domain/tasks/invariants.ts';
import { formatTimestamp } from '../../domain/tasks/rules.ts';
import { DEFAULT_MAX_TASKS_PER_USER, taskLimitOf } from '../../domain/tasks/task-limit.ts';
import type { NewTaskFields, Task } from '../../domain/tasks/task.ts';
import type { Clock, IdGenerator, TaskRepository } from './ports.ts';

export interface IdempotencyRequest {
  /** The client's Idempotency-Key. */
  readonly key: string;
  /**
   * The request's digest as versions before 2026-11-24 stored it (the adapter's), asked for only when the
   * key's record is such an older one, so that a retry across an upgrade is still recognised. Without it,
   * such a record matches no request.
   */
  readonly legacyFingerprint?: () => string;
}

export interface CreatedTask {
  readonly task: Task;
  /** True when this is the first answer again, for a repeat of an earlier request with the same key. */
  readonly replayed: boolean;
}

export interface CreateTaskOptions {
  /** How many tasks one account may hold (MAX_TASKS_PER_USER); 0 for no limit. DEFAULT_MAX_TASKS_PER_USER by default. */
  readonly maxTasksPerUser?: number;
}

export class CreateTask {
  /**
   * Keys whose first request is still running in this process, by user then key (the store settles races
   * between nodes). Two levels rather than joined strings: the lookups hash the request's own key string,
   * once, and build no new one.
   */
  private readonly inFlight = new Map<string, Set<string>>();

  /** Undefined for no limit. The store counts, in the same atomic step as it inserts (see TaskRepository.add). */
  private readonly maxTasks: number | undefined;

  constructor(
    private readonly tasks: TaskRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    options: CreateTaskOptions = {},
  ) {
    const setting = options.maxTasksPerUser ?? DEFAULT_MAX_TASKS_PER_USER;
    if (!(Number.isInteger(setting) && setting >= 0))
      throw new RangeError(`maxTasksPerUser must be a whole number, 0 for no limit (got ${setting}).`);
    this.maxTasks = taskLimitOf(setting);
  }

  async execute(userId: string, fields: NewTaskFields): Promise<Task> {
    const task = this.newTask(userId, fields);
    if ((await this.tasks.add(task, undefined, this.maxTasks)) === 'limit-reached')
      throw new TaskLimitReached(this.maxTasks!);
    return task;
  }

  /**
   * Creates the task once per key: a repeat with the same request gets the first task again (replayed), a
   * different request under the same key is refused, and a repeat while the first is still running is told
   * to retry. The key is stored in the same durable step as the task.
   */
  async executeOnce(userId: string, fields: NewTaskFields, idempotency: IdempotencyRequest): Promise<CreatedTask> {
    if (!isIdempotencyKey(idempotency.key)) {
      throw new ValidationError([
        { path: 'Idempotency-Key', message: `must be 1 to ${IDEMPOTENCY.maxKeyLength} visible ASCII characters` },
      ]);
    }
    let running = this.inFlight.get(userId);
    if (running?.has(idempotency.key)) throw new IdempotencyKeyInFlight();
    if (running === undefined) this.inFlight.set(userId, (running = new Set()));
    running.add(idempotency.key);
    try {
      // Straight to the store, which refuses a key it already holds: a new key (the common case) then costs
      // one lookup rather than a lookup here and another in the store's atomic check. A repeat builds a task
      // it throws away, which costs less than that lookup on every first request.
      const now = this.clock.now();
      const task = this.newTask(userId, fields, now);
      const record: IdempotencyRecord = {
        userId,
        key: idempotency.key,
        fingerprint: createFingerprint(fields),
        task,
        createdAtMs: now.getTime(),
      };
      const outcome = await this.tasks.add(task, record, this.maxTasks);
      if (outcome === 'added') return { task, replayed: false };
      // A full account refuses a new create; the retry of a stored one is 'key-taken' and answers as before.
      if (outcome === 'limit-reached') throw new TaskLimitReached(this.maxTasks!);
      // The key is taken: by an earlier request of this client (a retry), or by another node just now.
      const earlier = await this.liveRecord(userId, idempotency.key, now.getTime());
      if (!earlier) throw new IdempotencyKeyInFlight();
      return replay(earlier, fields, idempotency);
    } finally {
      running.delete(idempotency.key);
      if (running.size === 0 && this.inFlight.get(userId) === running) this.inFlight.delete(userId);
    }
  }

  private async liveRecord(userId: string, key: string, nowMs: number): Promise<IdempotencyRecord | undefined> {
    const record = await this.tasks.findIdempotencyRecord(userId, key);
    return record && isIdempotencyRecordLive(record, nowMs) ? record : undefined;
  }

  private newTask(userId: string, fields: NewTaskFields, at: Date = this.clock.now()): Task {
    if (fields.title === undefined)
      throw new ValidationError([{ path: 'title', message: `is required and ${messages.title}` }]);
    assertTaskFields(fields);
    const now = formatTimestamp(at);
    return {
      id: this.ids.newId(),
      user_id: userId,
      title: fields.title,
      description: fields.description ?? null,
      status: fields.status ?? 'pending',
      priority: fields.priority ?? 'medium',
      due_date: fields.due_date ?? null,
      created_at: now,
      updated_at: now,
    };
  }
}

function replay(record: IdempotencyRecord, fields: NewTaskFields, request: IdempotencyRequest): CreatedTask {
  const same =
    isSameCreate(record, fields) ??
    (request.legacyFingerprint !== undefined && request.legacyFingerprint() === record.fingerprint);
  if (!same) throw new IdempotencyKeyMismatch();
  return { task: record.task, replayed: true };
}
