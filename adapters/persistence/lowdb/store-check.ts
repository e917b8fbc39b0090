import { StoreOpenError } from './store-open-error.ts';
import { readStore } from './store-reader.ts';
import { canonicalStorePath } from './store-path.ts';

export type StoreReport =
  | {
      readonly sound: true;
      readonly users: number;
      readonly tasks: number;
      /** Journal records that a start would fold into the snapshot. */
      readonly journalRecords: number;
      /** The journal files that hold them (the one a compaction moved aside first). */
      readonly journalFiles: readonly string[];
      /** What a start would do about a final record cut short (it is not a fault: it was never acknowledged). */
      readonly notes: readonly string[];
    }
  | { readonly sound: false; readonly problem: string };

/**
 * Reads a lowdb store exactly as a start does (readStore: the snapshot at `dbPath`, the journal a
 * compaction moved aside, `${dbPath}.journal`, and the same consistency rules) and says whether a server
 * would start on it, and with what, without starting one: no lock is taken and no file is written, so it is
 * safe beside a running server (whose latest batch may then not be in the journal yet).
 */
export async function checkStore(givenPath: string): Promise<StoreReport> {
  try {
    const dbPath = canonicalStorePath(givenPath);
    const reading = await readStore(dbPath);
    if (!reading.snapshotExists) return { sound: false, problem: `there is no store at ${dbPath}` };
    return {
      sound: true,
      users: reading.state.usersById.size,
      tasks: reading.state.tasksById.size,
      journalRecords: reading.replayed,
      journalFiles: [
        ...(reading.compacting.changes.length > 0 ? [`${dbPath}.journal.compacting`] : []),
        ...(reading.journal.changes.length > 0 ? [`${dbPath}.journal`] : []),
      ],
      notes: reading.notes,
    };
  } catch (error) {
    if (error instanceof StoreOpenError) return { sound: false, problem: error.message };
    throw error;
  }
}

/** The one line `taskcast check-store` prints. */
export function describeReport(dbPath: string, report: StoreReport): string {
  if (!report.sound) return `NOT SOUND: ${dbPath}: ${report.problem}`;
  const journal =
    report.journalRecords > 0
      ? ` (${report.journalRecords} of its changes still in ${report.journalFiles.join(' and ')})`
      : '';
  const notes = report.notes.length > 0 ? `; ${report.notes.map((n) => n.replace(/^store: /, '')).join('; ')}` : '';
  return `sound: ${dbPath} holds ${report.users} user(s) and ${report.tasks} task(s)${journal}${notes}`;
}
