import { NotFound, ValidationError } from '../../domain/tasks/errors.ts';
import { assertTaskFields } from '../../domain/tasks/invariants.ts';
import { isUuid, nextUpdatedAt } from '../../domain/tasks/rules.ts';
import { UPDATABLE_FIELDS, type Task, type TaskChanges } from '../../domain/tasks/task.ts';
import type { Clock, TaskRepository } from './ports.ts';

export class UpdateTask {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly clock: Clock,
  ) {}

  /** Only the fields present in `changes` change; `null` clears description or due_date. */
  async execute(userId: string, taskId: string, changes: TaskChanges): Promise<Task> {
    if (!isUuid(taskId)) throw new NotFound();
    if (!UPDATABLE_FIELDS.some((field) => field in changes)) {
      throw new ValidationError([{ path: '', message: `at least one of ${UPDATABLE_FIELDS.join(', ')} is required` }]);
    }
    assertTaskFields(changes);
    const now = this.clock.now();
    // Computed inside the repository's read-modify-write, so concurrent updates each see the value the
    // one before them left and every update gets a strictly later updated_at.
    const updated = await this.tasks.updateOwned(userId, taskId, (current) => ({
      ...current,
      ...pick(changes),
      updated_at: nextUpdatedAt(current.updated_at, now),
    }));
    if (!updated) throw new NotFound();
    return updated;
  }
}

/** Copies only the updatable fields, so a library caller cannot smuggle in `user_id` or `id`. */
function pick(changes: TaskChanges): TaskChanges {
  const out: Record<string, unknown> = {};
  for (const field of UPDATABLE_FIELDS) if (field in changes) out[field] = changes[field];
  return out as TaskChanges;
}
