import { matchesFilter, type Task, type TaskFilter } from './task.ts';

/**
 * Optional paging of a user's task list (`?limit=&cursor=`). Without it the list is whole, as the spec
 * defines it; with it, a client with thousands of tasks reads them in bounded pages.
 */
export const TASK_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

/**
 * Where a page ended: the last task's creation time and id. Lists are newest first, and new tasks go to
 * the front, so a cursor keeps its place while tasks are added, edited or deleted elsewhere in the list.
 */
export interface TaskCursor {
  readonly createdAt: string;
  readonly id: string;
}

export interface TaskRange {
  readonly after?: TaskCursor;
  readonly limit?: number;
}

export const cursorOf = (task: Task): TaskCursor => ({ createdAt: task.created_at, id: task.id });

/**
 * The tasks of `newestFirst` that match `filter` and come after `range.after`, at most `range.limit` of
 * them. "After" is the cursor's own task when it is still there; when it was deleted, the first task
 * created in an earlier second (its same-second siblings cannot be placed without it, and are skipped).
 * Stops as soon as the page is full, so a page costs O(position + limit), not O(all tasks).
 */
export function selectRange(newestFirst: Iterable<Task>, filter: TaskFilter, range: TaskRange = {}): Task[] {
  const out: Task[] = [];
  const limit = range.limit ?? Number.POSITIVE_INFINITY;
  const unfiltered = filter.status === undefined && filter.priority === undefined;
  let skipping = range.after !== undefined;
  for (const task of newestFirst) {
    if (out.length >= limit) break;
    if (skipping && range.after) {
      if (task.id === range.after.id) {
        skipping = false;
        continue;
      }
      if (task.created_at >= range.after.createdAt) continue;
      skipping = false;
    }
    if (unfiltered || matchesFilter(task, filter)) out.push(task);
  }
  return out;
}
