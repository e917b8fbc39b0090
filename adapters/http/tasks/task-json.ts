import { createHash } from 'node:crypto';
import type { Task } from '../../../domain/tasks/task.ts';
import { PerObject } from '../../shared/per-object.ts';

// The task list is the hottest read of the API, and most polls return what the client got last time. Two
// things make that cheap without changing a byte of the answer:
//   - a task's JSON is kept beside the task object: stores hand out immutable objects and replace them on
//     change (the memory and lowdb stores keep them between requests), so an unchanged task is not
//     serialised again; and
//   - the last body of each list, its bytes and its digest are kept, so an unchanged list (the same task
//     objects) is not built, encoded or digested again.

const taskText = new PerObject<Task, string>((task) => JSON.stringify(task));

/** `JSON.stringify(task)`, once per task object. */
export function taskJson(task: Task): string {
  return taskText.of(task);
}

/** Exactly `JSON.stringify({ count, tasks[, next] })`, built from the tasks' kept JSON. */
export function listJson(tasks: readonly Task[], next?: string | null): string {
  let text = `{"count":${tasks.length},"tasks":[`;
  for (let i = 0; i < tasks.length; i++) text += i === 0 ? taskJson(tasks[i]!) : `,${taskJson(tasks[i]!)}`;
  return next === undefined ? `${text}]}` : `${text}],"next":${JSON.stringify(next)}}`;
}

/**
 * The last body given for a list, its bytes and weak ETag; bounded, oldest dropped first (Map keeps insertion
 * order). Long lists are not kept: their digest costs little beside their serialisation, and 1024 slots of
 * at most 16 KiB hold at most 32 MiB (text and bytes).
 */
const LAST_LISTS = 1024;
const KEPT_LIST_CHARS = 16_384;

interface KeptList {
  /** The task objects the body was built from, in order; stores replace a task's object when it changes. */
  readonly tasks: readonly Task[];
  readonly next: string | null | undefined;
  readonly text: string;
  readonly bytes: Uint8Array;
  readonly etag: string;
}

const lastLists = new Map<string, KeptList>();

export interface ListBody {
  /** The body's UTF-8 bytes: written to the socket as they are, with no length to measure or text to encode. */
  readonly bytes: Uint8Array;
  /** `W/"<SHA-1 of the bytes>"`. */
  readonly etag: string;
}

/**
 * The body of a task list and its weak ETag. `slot` names the list (the user, filter and page): when the
 * list holds the very same task objects as the last one given for that slot (a poll of an unchanged list,
 * the common case), the kept bytes and ETag are given again without building, comparing or digesting 5 KB
 * of text; a changed, added or removed task is a different object, so the list is built anew.
 */
export function listBody(slot: string, tasks: readonly Task[], next?: string | null): ListBody {
  const last = lastLists.get(slot);
  if (last !== undefined && last.next === next && sameObjects(last.tasks, tasks)) return last;
  const text = listJson(tasks, next);
  const bytes = Buffer.from(text, 'utf8');
  const etag = `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
  lastLists.delete(slot);
  if (text.length <= KEPT_LIST_CHARS) {
    lastLists.set(slot, { tasks: [...tasks], next, text, bytes, etag });
    if (lastLists.size > LAST_LISTS) lastLists.delete(lastLists.keys().next().value!);
  }
  return { bytes, etag };
}

function sameObjects(a: readonly Task[], b: readonly Task[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Tasks serialised, encoded and digested per turn of the event loop when a list is long. */
export const LIST_SLICE = 256;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `listBody`, for a list of any length without holding the event loop: a long list (a user's thousands of
 * tasks, asked for without `limit`) is serialised, encoded and digested LIST_SLICE tasks at a time, yielding
 * to other requests between slices, so no one answer stalls the others for more than a few milliseconds.
 * The bytes and ETag are exactly listBody's.
 */
export async function listBodyInSlices(slot: string, tasks: readonly Task[], next?: string | null): Promise<ListBody> {
  if (tasks.length <= LIST_SLICE) return listBody(slot, tasks, next);
  const digest = createHash('sha1');
  const parts: Buffer[] = [];
  const add = (text: string): void => {
    const part = Buffer.from(text, 'utf8');
    digest.update(part);
    parts.push(part);
  };
  for (let start = 0; start < tasks.length; start += LIST_SLICE) {
    let text = start === 0 ? `{"count":${tasks.length},"tasks":[` : '';
    const end = Math.min(tasks.length, start + LIST_SLICE);
    for (let i = start; i < end; i++) text += i === 0 ? taskJson(tasks[i]!) : `,${taskJson(tasks[i]!)}`;
    add(text);
    await nextTurn();
  }
  add(next === undefined ? ']}' : `],"next":${JSON.stringify(next)}}`);
  // Joined part by part too: one Buffer.concat of 30 MB held the loop for about 45 ms.
  const bytes = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    offset += part.copy(bytes, offset);
    await nextTurn();
  }
  return { bytes, etag: `W/"${digest.digest('base64url')}"` };
}
