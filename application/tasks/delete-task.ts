import { NotFound } from '../../domain/tasks/errors.ts';
import { isUuid } from '../../domain/tasks/rules.ts';
import type { TaskRepository } from './ports.ts';
import { checkVersion } from './update-task.ts';

export class DeleteTask {
  constructor(private readonly tasks: TaskRepository) {}

  /** With `ifMatch`, only while the task is still at that version (checked atomically with the removal). */
  async execute(userId: string, taskId: string, ifMatch?: readonly string[]): Promise<void> {
    const removed =
      isUuid(taskId) &&
      (await this.tasks.removeOwned(userId, taskId, (current) => void checkVersion(current, ifMatch)));
    if (!removed) throw new NotFound();
  }
}
