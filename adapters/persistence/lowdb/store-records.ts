import * as v from 'valibot';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../domain/tasks/rules.ts';
import type { IdempotencyRecord } from '../../../domain/tasks/idempotency.ts';
import type { Task } from '../../../domain/tasks/task.ts';
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

/**
 * An Idempotency-Key record in a journal line. The line's own task is the one it names, and that task's
 * owner its user, so the store writes neither again (see journalLine); lines of earlier versions carry both.
 */
const journalledKey = v.looseObject({
  userId: v.optional(v.string()),
  key: v.string(),
  fingerprint: v.string(),
  task: v.optional(taskRecord),
  createdAtMs: v.number(),
});

/**
 * An Idempotency-Key record in a snapshot: with its task, or, while the task is unchanged, the task's id and
 * (since 2026-11-25) no user when it is the task's owner. Never both: which it is must not be in doubt.
 */
const snapshotKey = v.pipe(
  v.looseObject({
    userId: v.optional(v.string()),
    key: v.string(),
    fingerprint: v.string(),
    task: v.optional(taskRecord),
    taskId: v.optional(v.string()),
    createdAtMs: v.number(),
  }),
  v.check(
    (record) =>
      record.taskId === undefined
        ? record.task !== undefined && record.userId !== undefined
        : record.task === undefined,
    "a key record holds its task and user, or its task's id, and not both",
  ),
);

/**
 * A journal record's schema, by its `kind`. The kind picks the schema with one lookup: valibot's `variant`
 * would try every option's discriminator for each record, with a new Set and closure each time, which was
 * two thirds of a record's check (a fold and start-up check every record they replay).
 */
const changeRecords: ReadonlyMap<unknown, v.GenericSchema<unknown, unknown>> = new Map<
  unknown,
  v.GenericSchema<unknown, unknown>
>([
  ['user', v.object({ kind: v.literal('user'), user: userRecord })],
  [
    'task',
    v.object({
      kind: v.literal('task'),
      task: taskRecord,
      idempotency: v.optional(journalledKey),
      seq: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
    }),
  ],
  ['delete-task', v.object({ kind: v.literal('delete-task'), id: v.string() })],
]);

const snapshotDocument = v.looseObject({
  format: v.optional(v.literal('taskcast-tasks/1')),
  users: v.array(userRecord),
  tasks: v.array(taskRecord),
  seqs: v.optional(v.array(v.pipe(v.number(), v.safeInteger(), v.minValue(0)))),
  lastSeq: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(0))),
  idempotency: v.optional(v.array(snapshotKey)),
});

/**
 * The journal line of a change. A new task's Idempotency-Key record names that very task, so the line
 * holds the record's own fields only (key, fingerprint, time): the task once, not twice, which halves what a
 * keyed create writes and syncs. Any other change is written as it is.
 */
export function journalLine(change: StoreChange): string {
  if (change.kind !== 'task' || change.idempotency === undefined) return JSON.stringify(change);
  const { userId, key, fingerprint, task, createdAtMs } = change.idempotency;
  if (task !== change.task || userId !== task.user_id) return JSON.stringify(change);
  const seq = change.seq === undefined ? {} : { seq: change.seq };
  return JSON.stringify({ kind: 'task', task, idempotency: { key, fingerprint, createdAtMs }, ...seq });
}

// The same shapes as plain tests, for records as they are: a fold and start-up check every record they
// read, and valibot builds a copy of each (a new object per record and field) to return it, which the
// collector then clears. A record passing these is valid as it stands; one failing them is checked again
// by the schemas above, which tell what is wrong (they alone word a refusal). Each must accept no record its
// schema refuses (test/unit/adapters/store-records.test.ts).

type Fields = Readonly<Record<string, unknown>>;
const STATUSES: ReadonlySet<unknown> = new Set(TASK_STATUSES);
const PRIORITIES: ReadonlySet<unknown> = new Set(TASK_PRIORITIES);

/**
 * A plain object without the keys valibot never copies from a record (its output has none of them), so a
 * record holding one is left to the schemas and read without it, whichever check takes it. Own keys of
 * those names from JSON shadow Object.prototype's, so three loads tell (Object.hasOwn was slower): a
 * journal record's parse and check 2.75 → 2.77 µs. Any other object is left to the schemas too.
 */
const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' &&
  value !== null &&
  (value as Fields)['constructor'] === Object &&
  (value as Fields)['prototype'] === undefined &&
  (value as Fields)['__proto__'] === Object.prototype;
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): boolean => value === null || typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);
const isCount = (value: unknown, least: number): boolean => Number.isSafeInteger(value) && (value as number) >= least;

function isUser(value: unknown): boolean {
  return isFields(value) && isText(value.id) && isText(value.name) && isText(value.email) && isText(value.passwordHash);
}

function isTask(value: unknown): value is Task {
  return (
    isFields(value) &&
    isText(value.id) &&
    isText(value.user_id) &&
    isText(value.title) &&
    isTextOrNull(value.description) &&
    STATUSES.has(value.status) &&
    PRIORITIES.has(value.priority) &&
    isTextOrNull(value.due_date) &&
    isText(value.created_at) &&
    isText(value.updated_at)
  );
}

/** A key's fields, common to the journal's and the snapshot's records. */
function isKeyRecord(value: Fields): boolean {
  return (
    (value.userId === undefined || isText(value.userId)) &&
    isText(value.key) &&
    isText(value.fingerprint) &&
    isNumber(value.createdAtMs)
  );
}

const isChange: ReadonlyMap<unknown, (record: Fields) => boolean> = new Map<unknown, (record: Fields) => boolean>([
  ['user', (record) => isUser(record.user)],
  [
    'task',
    ({ task, idempotency: key, seq }) =>
      isTask(task) &&
      (key === undefined || (isFields(key) && isKeyRecord(key) && (key.task === undefined || isTask(key.task)))) &&
      (seq === undefined || isCount(seq, 1)),
  ],
  ['delete-task', (record) => isText(record.id)],
]);

function isSnapshot(value: unknown): boolean {
  if (!isFields(value) || (value.format !== undefined && value.format !== 'taskcast-tasks/1')) return false;
  const { users, tasks, seqs, lastSeq, idempotency } = value;
  return (
    Array.isArray(users) &&
    users.every(isUser) &&
    Array.isArray(tasks) &&
    tasks.every(isTask) &&
    (seqs === undefined || (Array.isArray(seqs) && seqs.every((seq) => isCount(seq, 0)))) &&
    (lastSeq === undefined || isCount(lastSeq, 0)) &&
    (idempotency === undefined || (Array.isArray(idempotency) && idempotency.every(isSnapshotKey)))
  );
}

function isSnapshotKey(value: unknown): boolean {
  if (!isFields(value) || !isKeyRecord(value)) return false;
  if (isText(value.taskId)) return value.task === undefined;
  return value.taskId === undefined && isText(value.userId) && isTask(value.task);
}

export type RecordCheck<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

type JournalledChange =
  | Exclude<StoreChange, { kind: 'task' }>
  | {
      readonly kind: 'task';
      readonly task: Task;
      readonly seq?: number;
      readonly idempotency?: Omit<IdempotencyRecord, 'userId' | 'task'> & {
        readonly userId?: string;
        readonly task?: Task;
      };
    };

/** A journal line's record as the change it stands for; a key's record gets the line's task (one object) and owner. */
export function checkChange(value: unknown): RecordCheck<StoreChange> {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  const schema = isObject ? changeRecords.get((value as { kind?: unknown }).kind) : undefined;
  if (schema === undefined) {
    if (!isObject) return { ok: false, problem: describe(value, undefined) };
    return { ok: false, problem: `unknown kind ${JSON.stringify((value as { kind?: unknown }).kind)}` };
  }
  const result = check<JournalledChange>(schema, value, isChange.get((value as Fields).kind)!);
  if (!result.ok) return result;
  const change = result.value;
  if (change.kind !== 'task' || change.idempotency === undefined) return result as RecordCheck<StoreChange>;
  const { userId, task, ...rest } = change.idempotency;
  return {
    ok: true,
    value: {
      kind: 'task',
      task: change.task,
      idempotency: { ...rest, userId: userId ?? change.task.user_id, task: task ?? change.task },
      ...(change.seq === undefined ? {} : { seq: change.seq }),
    },
  };
}

/**
 * A snapshot as read back: Idempotency-Key records kept by task id get that task (the document's own object)
 * and, where the record leaves its user out, the task's owner.
 */
export function checkSnapshot(value: unknown): RecordCheck<StoreDocument> {
  type ByTaskId = Omit<IdempotencyRecord, 'task' | 'userId'> & { readonly taskId: string; readonly userId?: string };
  type Stored = Omit<StoreDocument, 'idempotency'> & { idempotency?: Array<IdempotencyRecord | ByTaskId> };
  const result = check<Stored>(snapshotDocument, value, isSnapshot);
  if (!result.ok) return result;
  const doc = result.value;
  if (doc.idempotency === undefined)
    return { ok: true, value: { ...doc, format: 'taskcast-tasks/1' } as StoreDocument };
  let byId: Map<string, Task> | undefined;
  const idempotency: IdempotencyRecord[] = [];
  for (const [index, record] of doc.idempotency.entries()) {
    if (!isByTaskId(record)) {
      idempotency.push(record);
      continue;
    }
    byId ??= new Map(doc.tasks.map((task) => [task.id, task]));
    const task = byId.get(record.taskId);
    if (task === undefined) return { ok: false, problem: `idempotency.${index}.taskId: names no task in the store` };
    const { taskId: _taskId, userId, ...rest } = record;
    idempotency.push({ ...rest, userId: userId ?? task.user_id, task });
  }
  return { ok: true, value: { ...doc, idempotency, format: 'taskcast-tasks/1' } };
}

/** A snapshot's key record kept by its task's id (the checks refuse one with both a `taskId` and a `task`). */
function isByTaskId<T extends object>(record: T): record is Extract<T, { readonly taskId: string }> {
  return typeof (record as { taskId?: unknown }).taskId === 'string';
}

/** `value` as it is when `isValid` passes it; otherwise the schema's verdict (and, on a refusal, its report). */
function check<T>(
  schema: v.GenericSchema<unknown, unknown>,
  value: unknown,
  isValid: (value: Fields) => boolean,
): RecordCheck<T> {
  if (isFields(value) && isValid(value)) return { ok: true, value: value as T };
  const result = v.safeParse(schema, value, { abortEarly: true });
  if (result.success) return { ok: true, value: result.output as T };
  return { ok: false, problem: describe(value, result.issues[0]) };
}

/** One short phrase for the operator: where in the record, and what is wrong there. */
function describe(value: unknown, issue: v.BaseIssue<unknown> | undefined): string {
  if (value === null) return 'it is null';
  if (typeof value !== 'object' || Array.isArray(value))
    return `it is ${Array.isArray(value) ? 'an array' : typeof value}, not an object`;
  if (!issue) return 'it does not match';
  const path = issue.path?.map((item) => String(item.key)).join('.');
  const where = path ? `${path}: ` : '';
  return issue.received === 'undefined' ? `${where}missing` : `${where}${issue.message}`;
}
