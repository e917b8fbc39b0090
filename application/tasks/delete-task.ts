import { NotFound } from '../../domain/tasks/errors.ts';
import { isUuid } from '../../domain/tasks/rules.ts';
import type { TaskRepository } from './ports.ts';

export class DeleteTask {
  constructor(private readonly tasks: TaskRepository) {}

  async execute(userId: string, taskId: string): Promise<void> {
    if (!isUuid(taskId) || !(await this.tasks.removeOwned(userId, taskId))) throw new NotFound();
  }
}
