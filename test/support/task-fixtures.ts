/**
 * Users and tasks for the store tests, built the same way everywhere so that a test names only what it
 * cares about: the i-th user or task has a fixed, readable id (the number in its last digits), and a task
 * is pending, of medium priority, with no description or due date, stamped at one fixed time.
 */
import { join } from 'node:path';
import { openLowdbTaskStore, type LowdbTaskStoreOptions } from '../../adapters/persistence/lowdb/lowdb-task-store.ts';
import type { Task } from '../../domain/tasks/task.ts';
import type { User } from '../../domain/tasks/user.ts';
import { scratchFolders } from './scratch-folders.ts';

/** The one time every fixture task is created and last updated at, unless a test says otherwise. */
export const FIXTURE_STAMP = '2026-03-01 12:00:00';

/** A UUID (version 4 in form) whose first group is `prefix` and whose last digits are `i`. */
export const numberedId = (prefix: string, i: number): string =>
  `${prefix}-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** The i-th user: id `00000000-…-i`, name `U<i>`, email `u<i>@x.io` unless given. */
export const numberedUser = (i: number, email = `u${i}@x.io`): User => ({
  id: numberedId('00000000', i),
  name: `U${i}`,
  email,
  passwordHash: 'h',
});

/** A fresh task with every optional field at its default; `fields` overrides any of them. */
export const pendingTask = (fields: Pick<Task, 'id' | 'user_id' | 'title'> & Partial<Task>): Task => ({
  description: null,
  status: 'pending',
  priority: 'medium',
  due_date: null,
  created_at: FIXTURE_STAMP,
  updated_at: FIXTURE_STAMP,
  ...fields,
});

/** The i-th task of `userId`: id `10000000-…-i`, title `t<i>` unless given. */
export const numberedTask = (i: number, userId: string, title = `t${i}`, fields: Partial<Task> = {}): Task =>
  pendingTask({ id: numberedId('10000000', i), user_id: userId, title, ...fields });

/**
 * A scratch folder for one test file's stores, removed when the file's tests are done. Each call of the
 * returned function gives the path of a store file in a case folder of its own, below `folders` when given
 * (so that opening it must create them).
 */
export function scratchStorePaths(prefix: string): (...folders: string[]) => string {
  const caseFolder = scratchFolders(prefix);
  return (...folders) => join(caseFolder(), ...folders, 'tasks.db');
}

/** A lowdb store opened at `path` with the first user in it: where most store tests start. */
export async function lowdbStoreWithUser(path: string, options?: LowdbTaskStoreOptions) {
  const store = await openLowdbTaskStore(path, options);
  const u = numberedUser(1);
  await store.users.addIfEmailFree(u);
  return { store, u };
}
