import { createHash } from 'node:crypto';
import type { Task } from '../../../domain/tasks/task.ts';

// The task list is the hottest read of the API, and most polls return what the client got last time. Two
// things make that cheap without changing a byte of the answer:
//   - a task's JSON is kept beside the task object: stores hand out immutable objects and replace them on
//     change (the memory and lowdb stores keep them between requests), so an unchanged task is not
//     serialised again; and
//   - the last body of each list and its digest are kept, so an unchanged list is not digested again.

const taskText = new WeakMap<Task, string>();

/** `JSON.stringify(task)`, once per task object. */
export function taskJson(task: Task): string {
  let text = taskText.get(task);
  if (text === undefined) {
    text = JSON.stringify(task);
    taskText.set(task, text);
  }
  return text;
}

/** Exactly `JSON.stringify({ count, tasks[, next] })`, built from the tasks' kept JSON. */
export function listJson(tasks: readonly Task[], next?: string | null): string {
  let text = `{"count":${tasks.length},"tasks":[`;
  for (let i = 0; i < tasks.length; i++) text += i === 0 ? taskJson(tasks[i]!) : `,${taskJson(tasks[i]!)}`;
  return next === undefined ? `${text}]}` : `${text}],"next":${JSON.stringify(next)}}`;
}

/**
 * The last body given for a list and its weak ETag; bounded, oldest dropped first (Map keeps insertion
 * order). Long lists are not kept: their digest costs little beside their serialisation, and 1024 slots of
 * at most 16 KiB hold at most 16 MiB.
 */
const LAST_LISTS = 1024;
const KEPT_LIST_CHARS = 16_384;
const lastLists = new Map<string, { text: string; etag: string }>();

/**
 * The weak ETag of a list body (a SHA-1 of its bytes), digested only when the body differs from the last
 * one given for the same `slot` (a user's list with its filter and page).
 */
export function listEtag(slot: string, text: string): string {
  const last = lastLists.get(slot);
  if (last !== undefined && last.text === text) return last.etag;
  const etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  lastLists.delete(slot);
  if (text.length > KEPT_LIST_CHARS) return etag;
  lastLists.set(slot, { text, etag });
  if (lastLists.size > LAST_LISTS) lastLists.delete(lastLists.keys().next().value!);
  return etag;
}
