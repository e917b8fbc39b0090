import { NotFound, PreconditionFailed, ValidationError } from '../../domain/tasks/errors.ts';
import { taskVersion } from '../../domain/tasks/idempotency.ts';
import { assertTaskFields } from '../../domain/tasks/invariants.ts';
import { isUuid, nextUpdatedAt } from '../../domain/tasks/rules.ts';
import { UPDATABLE_FIELDS, type Task, type TaskChanges } from '../../domain/tasks/task.ts';
import type { Clock, TaskRepository } from './ports.ts';

export class UpdateTask {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Only the fields present in `changes` change; `null` clears description or due_date. With `ifMatch`
   * (a version from taskVersion, or '*'), the task must still be at that version, checked in the same atomic
   * step as the write, so two updates from the same version give one success and one PreconditionFailed.
   */
  async execute(userId: string, taskId: string, changes: TaskChanges, ifMatch?: readonly string[]): Promise<Task> {
    if (!isUuid(taskId)) throw new NotFound();
    if (!UPDATABLE_FIELDS.some((field) => field in changes)) {
      throw new ValidationError([{ path: '', message: `at least one of ${UPDATABLE_FIELDS.join(', ')} is required` }]);
    }
    assertTaskFields(changes);
    const now = this.clock.now();
    // Computed inside the repository's read-modify-write, so concurrent updates each see the value the
    // one before them left and every update gets a strictly later updated_at.
    const updated = await this.tasks.updateOwned(userId, taskId, (current) => ({
      ...checkVersion(current, ifMatch),
      ...pick(changes),
      updated_at: nextUpdatedAt(current.updated_at, now),
    }));
    if (!updated) throw new NotFound();
    return updated;
  }
}

/** The task, when `ifMatch` is absent or names its current version (or is '*'); else PreconditionFailed. */
export function checkVersion(current: Task, ifMatch: readonly string[] | undefined): Task {
  if (ifMatch === undefined || ifMatch.includes('*')) return current;
  const version = taskVersion(current);
  if (!ifMatch.includes(version)) throw new PreconditionFailed(version);
  return current;
}

/** Copies only the updatable fields, so a library caller cannot smuggle in `user_id` or `id`. */
function pick(changes: TaskChanges): TaskChanges {
  const out: Record<string, unknown> = {};
  for (const field of UPDATABLE_FIELDS) if (field in changes) out[field] = changes[field];
  return out;
}
