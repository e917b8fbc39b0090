import type { IdempotencyRecord } from '../../../domain/tasks/idempotency.ts';
import type { Task } from '../../../domain/tasks/task.ts';
import type { StoreDocument } from '../memory/store-state.ts';

/** Records per slice: about a millisecond of JSON.stringify each, so the event loop is never held long. */
const RECORDS_PER_SLICE = 500;

/**
 * The store document as JSON text in slices, for DurableJsonFile to write one at a time. The document's
 * arrays must not change while it is being written: the store hands over arrays captured for this write,
 * whose records are never mutated (a change replaces them). Joined, the slices are JSON.stringify(doc),
 * except that an Idempotency-Key record whose task is in the document unchanged (the very object: the task has
 * not changed since the first answer) names it by `taskId`; checkSnapshot resolves the id when it is read.
 */
export function* documentSlices(doc: StoreDocument): Generator<string> {
  yield `{"format":${JSON.stringify(doc.format)},"users":[`;
  yield* plainRecords(doc.users);
  yield '],"tasks":[';
  yield* plainRecords(doc.tasks);
  yield ']';
  // The tasks' creation sequences, in the tasks' order: a cursor's place survives a restart.
  if (doc.seqs !== undefined) {
    yield ',"seqs":[';
    yield* plainRecords(doc.seqs);
    yield `],"lastSeq":${JSON.stringify(doc.lastSeq ?? 0)}`;
  }
  if (doc.idempotency !== undefined) {
    // Idempotency-Key records ride in the same snapshot, so a key outlives a compaction as its task does.
    yield ',"idempotency":[';
    const tasksInDocument = new Set<Task>(doc.tasks);
    yield* records(doc.idempotency, (record) =>
      tasksInDocument.has(record.task) ? byTaskId(record) : JSON.stringify(record),
    );
    yield ']';
  }
  yield '}';
}

/**
 * `JSON.stringify({ key, fingerprint, createdAtMs, taskId })`, without making that object for each record.
 * The owner is left out when it is the task's own (always, for a key of this service): the task names it,
 * and a key's snapshot record is then a quarter shorter (checkSnapshot puts it back).
 */
function byTaskId(record: IdempotencyRecord): string {
  const q = JSON.stringify;
  const owner = record.userId === record.task.user_id ? '' : `"userId":${q(record.userId)},`;
  return `{${owner}"key":${q(record.key)},"fingerprint":${q(record.fingerprint)},"createdAtMs":${q(record.createdAtMs)},"taskId":${q(record.task.id)}}`;
}

/**
 * Records written as they are, a slice at a time: one JSON.stringify of the slice's array, less its brackets.
 * One call per slice rather than one per record, and no joining of their texts: a fold writes every task
 * of the store, and this took its tasks from 1.36 to 0.92 µs each (docs/benchmarks.md).
 */
function* plainRecords(items: readonly unknown[]): Generator<string> {
  for (let start = 0; start < items.length; start += RECORDS_PER_SLICE) {
    const json = JSON.stringify(items.slice(start, start + RECORDS_PER_SLICE));
    yield start === 0 ? json.slice(1, -1) : `,${json.slice(1, -1)}`;
  }
}

function* records<T>(items: readonly T[], json: (item: T, index: number) => string): Generator<string> {
  for (let start = 0; start < items.length; start += RECORDS_PER_SLICE) {
    let slice = '';
    const end = Math.min(items.length, start + RECORDS_PER_SLICE);
    for (let i = start; i < end; i++) slice += i === 0 ? json(items[i]!, i) : `,${json(items[i]!, i)}`;
    yield slice;
  }
}
