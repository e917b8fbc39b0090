import { ValidationError } from '../../domain/tasks/errors.ts';
import { assertTaskFields } from '../../domain/tasks/invariants.ts';
import { TASK_PAGE, type TaskCursor, type TaskPosition } from '../../domain/tasks/paging.ts';
import type { Task, TaskFilter } from '../../domain/tasks/task.ts';
import type { TaskRepository } from './ports.ts';

export interface TaskPageRequest {
  /** 1 to TASK_PAGE.maxLimit; TASK_PAGE.defaultLimit when only a cursor is given. */
  readonly limit?: number;
  readonly after?: TaskCursor;
}

export interface TaskPage {
  readonly tasks: Task[];
  /** Where the next page starts (the place of this page's last task); absent on the last page. */
  readonly next?: TaskPosition;
}

export class ListTasks {
  constructor(private readonly tasks: TaskRepository) {}

  /** The whole list, newest first, as the spec defines it. */
  async execute(userId: string, filter: TaskFilter = {}): Promise<Task[]> {
    assertTaskFields(filter);
    return this.tasks.listOwned(userId, filter);
  }

  /** One page of the same list; `next` is set when more tasks follow. */
  async page(userId: string, filter: TaskFilter, request: TaskPageRequest): Promise<TaskPage> {
    assertTaskFields(filter);
    const limit = request.limit ?? TASK_PAGE.defaultLimit;
    if (!Number.isInteger(limit) || limit < 1 || limit > TASK_PAGE.maxLimit) {
      throw new ValidationError([{ path: 'limit', message: `must be an integer from 1 to ${TASK_PAGE.maxLimit}` }]);
    }
    // One more than asked tells whether a next page exists without a second query.
    const found = await this.tasks.pageOwned(userId, filter, { after: request.after, limit: limit + 1 });
    const page = found.slice(0, limit);
    const tasks = page.map((entry) => entry.task);
    const last = page.at(-1);
    return found.length > limit && last ? { tasks, next: last.position } : { tasks };
  }
}
