// Where the lowdb store's next fold comes, worked out from its files as they stand, so a benchmark can bring a
// store to just short of one and see it start inside its measured load. The rule is Compactor.due
// (adapters/persistence/lowdb/compactor.ts), checked before every journal batch; the byte counts are the
// store's own (supersededBytes in lowdb-task-store.ts, journalLine in store-records.ts).
import { FOLD_AT_MOST_BYTES, garbageDue } from '../../adapters/persistence/lowdb/compactor.ts';

/** The store's bytes at a starting point: the snapshot's file, the journal's records, and how many are dead. */
export interface StoreBytes {
  snapshotBytes: number;
  journalBytes: number;
  /** What the store counted superseded since its last fold (0 for a store just opened on a folded snapshot). */
  deadBytes?: number;
}

/** `{"kind":"task","task":` before a changed task's JSON and `}` after it: a PATCH's journal line. */
const CHANGE_LINE_EXTRA = '{"kind":"task","task":}'.length;

/**
 * The number of PATCHes after which the store's next fold is due (it starts before the batch after the one
 * that holds the last of them), each replacing a task whose JSON is `recordBytes` long by one as long. A
 * PATCH supersedes its task's record (recordBytes and its newline) and appends the whole changed task
 * (recordBytes + 24): the dead bytes grow by about a record, the live ones by 23, so a fold is due after
 * about DEAD_TO_LIVE × live / record PATCHes (~3.2 × N for N tasks of 1 kB, ~4.5 × N at 250 bytes).
 */
export function patchesUntilFold(
  start: StoreBytes,
  recordBytes: number,
  foldAtBytes: number = FOLD_AT_MOST_BYTES,
): number {
  const deadEach = recordBytes + 1;
  const journalEach = recordBytes + CHANGE_LINE_EXTRA + 1;
  for (let patches = 0; ; patches++) {
    const deadBytes = (start.deadBytes ?? 0) + patches * deadEach;
    const journalBytes = start.journalBytes + patches * journalEach;
    if (garbageDue({ snapshotBytes: start.snapshotBytes, journalBytes, deadBytes }, foldAtBytes)) return patches;
  }
}
