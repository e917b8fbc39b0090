import { ValidationError } from '../../domain/tasks/errors.ts';
import { assertTaskFields, messages } from '../../domain/tasks/invariants.ts';
import { formatTimestamp } from '../../domain/tasks/rules.ts';
import type { NewTaskFields, Task } from '../../domain/tasks/task.ts';
import type { Clock, IdGenerator, TaskRepository } from './ports.ts';

export class CreateTask {
  constructor(
    private readonly tasks: TaskRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, fields: NewTaskFields): Promise<Task> {
    if (fields.title === undefined) throw new ValidationError([{ path: 'title', message: `is required and ${messages.title}` }]);
    assertTaskFields(fields);
    const now = formatTimestamp(this.clock.now());
    const task: Task = {
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
    await this.tasks.add(task);
    return task;
  }
}
