import * as v from 'valibot';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../domain/tasks/rules.ts';
import type { StoreChange, StoreDocument } from '../memory/store-state.ts';

// The shapes of what the store reads back from disk: the snapshot at DB_PATH and each journal line. A file
// that does not match stops start-up with a message naming it, rather than a stack trace later or a record
// silently dropped. Loose objects: fields added by a later version survive a round trip through this one.

const userRecord = v.looseObject({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  passwordHash: v.string(),
});

const taskRecord = v.looseObject({
  id: v.string(),
  user_id: v.string(),
  title: v.string(),
  description: v.nullable(v.string()),
  status: v.picklist(TASK_STATUSES),
  priority: v.picklist(TASK_PRIORITIES),
  due_date: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
});

const idempotencyRecord = v.looseObject({
  userId: v.string(),
  key: v.string(),
  fingerprint: v.string(),
  task: taskRecord,
  createdAtMs: v.number(),
});

const changeRecord = v.variant('kind', [
  v.object({ kind: v.literal('user'), user: userRecord }),
  v.object({ kind: v.literal('task'), task: taskRecord, idempotency: v.optional(idempotencyRecord) }),
  v.object({ kind: v.literal('delete-task'), id: v.string() }),
]);

const snapshotDocument = v.looseObject({
  format: v.optional(v.literal('taskcast-tasks/1')),
  users: v.array(userRecord),
  tasks: v.array(taskRecord),
  idempotency: v.optional(v.array(idempotencyRecord)),
});

export type RecordCheck<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export function checkChange(value: unknown): RecordCheck<StoreChange> {
  return check<StoreChange>(changeRecord, value);
}

export function checkSnapshot(value: unknown): RecordCheck<StoreDocument> {
  const result = check<StoreDocument>(snapshotDocument, value);
  return result.ok ? { ok: true, value: { ...result.value, format: 'taskcast-tasks/1' } } : result;
}

function check<T>(schema: v.GenericSchema<unknown, unknown>, value: unknown): RecordCheck<T> {
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return { ok: true, value: result.output as T };
  return { ok: false, problem: describe(value, result.issues[0]) };
}

/** One short phrase for the operator: where in the record, and what is wrong there. */
function describe(value: unknown, issue: v.BaseIssue<unknown> | undefined): string {
  if (value === null) return 'it is null';
  if (typeof value !== 'object' || Array.isArray(value)) return `it is ${Array.isArray(value) ? 'an array' : typeof value}, not an object`;
  if (!issue) return 'it does not match';
  const path = issue.path?.map((item) => String(item.key)).join('.');
  if (path === 'kind') return `unknown kind ${JSON.stringify((value as { kind?: unknown }).kind)}`;
  const where = path ? `${path}: ` : '';
  return issue.received === 'undefined' ? `${where}missing` : `${where}${issue.message}`;
}
