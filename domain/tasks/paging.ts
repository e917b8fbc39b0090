import { matchesFilter, type Task, type TaskFilter } from './task.ts';

/**
 * Optional paging of a user's task list (`?limit=&cursor=`). Without it the list is whole, as the spec
 * defines it; with it, a client with thousands of tasks reads them in bounded pages.
 */
export const TASK_PAGE = { defaultLimit: 100, maxLimit: 500 } as const;

/**
 * A place in a user's list, which is newest first: the creation time, then the store's creation sequence
 * (a number that only grows, later first) for tasks of the same second. A cursor names such a place in the
 * order itself, never a task: the task may be deleted before the next page is read, and a place stays a
 * place, so the next page starts right after it whatever was added, edited or deleted meanwhile.
 */
export interface TaskPosition {
  readonly createdAt: string;
  readonly seq: number;
}

/**
 * A cursor of an earlier version, naming the last task of its page by id. Still accepted: where that task
 * is still there it gives its place; where it was deleted, the page starts at the first task of the
 * cursor's second, so a task may be shown twice but none is skipped.
 */
export interface LegacyTaskCursor {
  readonly createdAt: string;
  readonly id: string;
}

export type TaskCursor = TaskPosition | LegacyTaskCursor;

export interface TaskRange {
  readonly after?: TaskCursor;
  readonly limit?: number;
}

/** A task with its place in the list, as a page returns it (the last one's place is the next cursor). */
export interface PositionedTask {
  readonly task: Task;
  readonly position: TaskPosition;
}

export const isLegacyCursor = (cursor: TaskCursor): cursor is LegacyTaskCursor => 'id' in cursor;

/** Where a legacy cursor's second begins: before every task of that second (see LegacyTaskCursor). */
export const startOfSecond = (createdAt: string): TaskPosition => ({ createdAt, seq: Number.MAX_SAFE_INTEGER });

/** Whether `a` comes after `b` in the list, newest first: created earlier, or in the same second and sooner. */
export function isAfter(a: TaskPosition, b: TaskPosition): boolean {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.seq < b.seq);
}

/**
 * The tasks of `newestFirst` that match `filter` and come after the place `after`, at most `limit` of them.
 * Stops as soon as the page is full, so a page costs O(position + limit), not O(all tasks).
 */
export function selectRange(
  newestFirst: Iterable<PositionedTask>,
  filter: TaskFilter,
  after: TaskPosition | undefined,
  limit: number = Number.POSITIVE_INFINITY,
): PositionedTask[] {
  const out: PositionedTask[] = [];
  const unfiltered = filter.status === undefined && filter.priority === undefined;
  let skipping = after !== undefined;
  for (const entry of newestFirst) {
    if (out.length >= limit) break;
    if (skipping && after) {
      if (!isAfter(entry.position, after)) continue;
      skipping = false;
    }
    if (unfiltered || matchesFilter(entry.task, filter)) out.push(entry);
  }
  return out;
}
