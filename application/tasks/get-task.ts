import { NotFound } from '../../domain/tasks/errors.ts';
import { isUuid } from '../../domain/tasks/rules.ts';
import type { Task } from '../../domain/tasks/task.ts';
import type { TaskRepository } from './ports.ts';

export class GetTask {
  constructor(private readonly tasks: TaskRepository) {}

  /** Another user's task is NotFound too, so ids of other people's tasks cannot be probed. */
  async execute(userId: string, taskId: string): Promise<Task> {
    const task = isUuid(taskId) ? await this.tasks.findOwned(userId, taskId) : undefined;
    if (!task) throw new NotFound();
    return task;
  }
}
