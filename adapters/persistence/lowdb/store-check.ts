import { statSync } from 'node:fs';
import { StoreState } from '../memory/store-state.ts';
import { DurableJsonFile } from './durable-json-file.ts';
import { readJournal } from './journal-reader.ts';
import { checkedSnapshot } from './lowdb-task-store.ts';
import { StoreOpenError } from './store-open-error.ts';
import type { StoreDocument } from '../memory/store-state.ts';

export type StoreReport =
  | {
      readonly sound: true;
      readonly users: number;
      readonly tasks: number;
      /** Journal records that a start would fold into the snapshot. */
      readonly journalRecords: number;
      /** What a start would do about a final record cut short (it is not a fault: it was never acknowledged). */
      readonly notes: readonly string[];
    }
  | { readonly sound: false; readonly problem: string };

/**
 * Reads a lowdb store as a start would (the snapshot at `dbPath` and `${dbPath}.journal`, through the very
 * readers and record schemas the store opens with) and says whether a server could start on it, without
 * starting one: no lock is taken and no file is written, so it is safe beside a running server (whose
 * latest batch may then not be in the journal yet). Beyond the record shapes it checks what the store's
 * indexes rely on: every task belongs to a user, and no two users share an email.
 */
export async function checkStore(dbPath: string): Promise<StoreReport> {
  try {
    const kind = fileKind(dbPath);
    if (kind === 'folder') return { sound: false, problem: `${dbPath} is a folder; DB_PATH must name a file` };
    const journalPath = `${dbPath}.journal`;
    const replay = readJournal(journalPath);
    if (kind === 'missing') {
      if (replay.bytes > 0)
        return { sound: false, problem: `the journal ${journalPath} is there but its snapshot ${dbPath} is missing` };
      return { sound: false, problem: `there is no store at ${dbPath}` };
    }
    const snapshot = await new DurableJsonFile<StoreDocument>(dbPath, (data) => checkedSnapshot(data, dbPath)).read();
    const state = StoreState.fromDocument(snapshot ?? { format: 'taskcast-tasks/1', users: [], tasks: [] });
    for (const change of replay.changes) state.apply(change);

    const orphans = [...state.tasksById.values()].filter((task) => !state.usersById.has(task.user_id));
    if (orphans.length > 0) {
      const first = orphans[0]!;
      return {
        sound: false,
        problem: `${orphans.length} task(s) belong to no user (first: task ${first.id} of user ${first.user_id})`,
      };
    }
    if (state.userIdByEmail.size < state.usersById.size) {
      const seen = new Set<string>();
      const shared = [...state.usersById.values()].find(
        (user) => seen.size === seen.add(user.email.toLowerCase()).size,
      );
      return { sound: false, problem: `two users share the email ${shared?.email ?? '(unknown)'}` };
    }
    return {
      sound: true,
      users: state.usersById.size,
      tasks: state.tasksById.size,
      journalRecords: replay.changes.length,
      notes: replay.notes,
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
    report.journalRecords > 0 ? ` (${report.journalRecords} of its changes still in ${dbPath}.journal)` : '';
  const notes = report.notes.length > 0 ? `; ${report.notes.map((n) => n.replace(/^store: /, '')).join('; ')}` : '';
  return `sound: ${dbPath} holds ${report.users} user(s) and ${report.tasks} task(s)${journal}${notes}`;
}

function fileKind(path: string): 'file' | 'folder' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new StoreOpenError(`Cannot read the store ${path}: ${(error as Error).message}`);
  }
}
