import type { StoreDocument } from '../memory/store-state.ts';

/** Records per slice: about a millisecond of JSON.stringify each, so the event loop is never held long. */
const RECORDS_PER_SLICE = 500;

/**
 * The store document as JSON text in slices, for DurableJsonFile to write one at a time. Joined, the slices
 * are exactly JSON.stringify(doc). The document's arrays must not change while it is being written: the
 * store hands over arrays captured for this write, whose records are never mutated (a change replaces them).
 */
export function* documentSlices(doc: StoreDocument): Generator<string> {
  yield `{"format":${JSON.stringify(doc.format)},"users":[`;
  yield* records(doc.users);
  yield '],"tasks":[';
  yield* records(doc.tasks);
  if (doc.idempotency === undefined) {
    yield ']}';
    return;
  }
  // Idempotency-Key records ride in the same snapshot, so a key outlives a compaction as its task does.
  yield '],"idempotency":[';
  yield* records(doc.idempotency);
  yield ']}';
}

function* records(items: readonly unknown[]): Generator<string> {
  for (let start = 0; start < items.length; start += RECORDS_PER_SLICE) {
    const slice = items.slice(start, start + RECORDS_PER_SLICE).map((item) => JSON.stringify(item)).join(',');
    yield start === 0 ? slice : `,${slice}`;
  }
}
