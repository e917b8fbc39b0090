import type { TaskPriority, TaskStatus } from './rules.ts';

/** A task exactly as the API shows it; field names follow the spec. */
export interface Task {
  readonly id: string;
  readonly user_id: string;
  readonly title: string;
  readonly description: string | null;
  readonly status: TaskStatus;
  readonly priority: TaskPriority;
  readonly due_date: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export const UPDATABLE_FIELDS = ['title', 'description', 'status', 'priority', 'due_date'] as const;
export type UpdatableField = (typeof UPDATABLE_FIELDS)[number];

export interface NewTaskFields {
  readonly title: string;
  readonly description?: string | null;
  readonly status?: TaskStatus;
  readonly priority?: TaskPriority;
  readonly due_date?: string | null;
}

export type TaskChanges = Partial<{
  readonly title: string;
  readonly description: string | null;
  readonly status: TaskStatus;
  readonly priority: TaskPriority;
  readonly due_date: string | null;
}>;

export interface TaskFilter {
  readonly status?: TaskStatus;
  readonly priority?: TaskPriority;
}

export function matchesFilter(task: Task, filter: TaskFilter): boolean {
  return (
    (filter.status === undefined || task.status === filter.status) &&
    (filter.priority === undefined || task.priority === filter.priority)
  );
}
