import { assertTaskFields } from '../../domain/tasks/invariants.ts';
import type { Task, TaskFilter } from '../../domain/tasks/task.ts';
import type { TaskRepository } from './ports.ts';

export class ListTasks {
  constructor(private readonly tasks: TaskRepository) {}

  async execute(userId: string, filter: TaskFilter = {}): Promise<Task[]> {
    assertTaskFields(filter);
    return this.tasks.listOwned(userId, filter);
  }
}
