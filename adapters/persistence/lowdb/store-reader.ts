import { statSync } from 'node:fs';
import { StoreState, type StoreDocument } from '../memory/store-state.ts';
import { storeFiles } from './store-files.ts';
import { DurableJsonFile } from './durable-json-file.ts';
import { readJournal, type Replay } from './journal-reader.ts';
import { StoreOpenError } from './store-open-error.ts';
import { checkSnapshot } from './store-records.ts';

/** What a lowdb store holds on disk, read as one: the snapshot, then the journal moved aside, then the journal. */
export interface StoreReading {
  readonly state: StoreState;
  /** The snapshot as read (an empty document when there is none). */
  readonly snapshot: StoreDocument;
  readonly snapshotExists: boolean;
  readonly compacting: Replay;
  readonly journal: Replay;
  /** Journal records replayed on top of the snapshot (both journals). */
  readonly replayed: number;
  /** What was done about a final record cut short, for the log. */
  readonly notes: readonly string[];
}

/**
 * The one reader of a lowdb store, used by start-up and by `taskcast check-store` alike, so the two always
 * agree: what check-store calls sound starts, with the same users and tasks, and what it calls unsound
 * does not start. Reads only: no lock, no write. Throws a StoreOpenError (one line, naming the file and
 * what to do) for anything a server must not start on: a file that is not the store's, a journal damaged
 * in its middle, a journal without its snapshot, tasks of no user, two users with one email.
 *
 * `snapshotFile` is the store's own snapshot adapter when start-up reads (it writes through it later).
 */
export async function readStore(
  dbPath: string,
  snapshotFile: DurableJsonFile<StoreDocument> = new DurableJsonFile(dbPath, (data) => checkedSnapshot(data, dbPath)),
): Promise<StoreReading> {
  const kind = fileKind(dbPath);
  if (kind === 'folder') throw new StoreOpenError(`DB_PATH ${dbPath} is a folder; it must name a file.`);
  const files = storeFiles(dbPath);
  // A journal moved aside by a compaction that did not finish comes first: it is the older of the two.
  const compacting = readJournal(files.compacting);
  const journal = readJournal(files.journal);
  if (kind === 'missing' && (compacting.bytes > 0 || journal.bytes > 0)) {
    // The snapshot holds the users the journal's tasks belong to; starting without it would serve orphans.
    const journalPath = compacting.bytes > 0 ? files.compacting : files.journal;
    throw new StoreOpenError(
      `The store's journal ${journalPath} is there but its snapshot ${dbPath} is missing; both were left as they are. Restore ${dbPath} from a backup, or move the journal away to start empty.`,
    );
  }
  const snapshot = (await snapshotFile.read()) ?? { format: 'taskcast-tasks/1', users: [], tasks: [] };
  const state = StoreState.fromDocument(snapshot);
  for (const replay of [compacting, journal]) for (const change of replay.changes) state.replay(change);
  refuseInconsistent(state, dbPath);
  return {
    state,
    snapshot,
    snapshotExists: kind === 'file',
    compacting,
    journal,
    replayed: compacting.changes.length + journal.changes.length,
    notes: [...compacting.notes, ...journal.notes],
  };
}

/** What the store's indexes rely on, and the API never writes otherwise: every task has its user, every email one user. */
function refuseInconsistent(state: StoreState, dbPath: string): void {
  const advice = 'it was left untouched. Restore it from a backup.';
  let orphans = 0;
  let first: { id: string; user_id: string } | undefined;
  for (const task of state.tasksById.values()) {
    if (state.usersById.has(task.user_id)) continue;
    orphans++;
    first ??= task;
  }
  if (first !== undefined) {
    throw new StoreOpenError(
      `The store ${dbPath} is inconsistent: ${orphans} task(s) belong to no user (first: task ${first.id} of user ${first.user_id}); ${advice}`,
    );
  }
  const seen = new Set<string>();
  for (const user of state.usersById.values()) {
    const email = user.email.toLowerCase();
    if (seen.has(email)) {
      throw new StoreOpenError(
        `The store ${dbPath} is inconsistent: two users share the email ${user.email}; ${advice}`,
      );
    }
    seen.add(email);
  }
}

function fileKind(path: string): 'file' | 'folder' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new StoreOpenError(`Cannot read the store ${path}: ${(error as Error).message}`);
  }
}

/** The snapshot as read from `path`, or a StoreOpenError naming the file. */
export function checkedSnapshot(data: unknown, path: string): StoreDocument {
  const checked = checkSnapshot(data);
  if (!checked.ok) {
    throw new StoreOpenError(
      `The store ${path} is not a Taskcast task store (${checked.problem}); it was left untouched. Restore it from a backup or point DB_PATH elsewhere.`,
    );
  }
  return checked.value;
}
