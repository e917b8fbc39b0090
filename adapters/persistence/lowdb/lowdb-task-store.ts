import { closeSync, ftruncateSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { ServiceUnavailable } from '../../../domain/shared/service-unavailable.ts';
import { KeyedReservations, StateTaskRepository, StateUserRepository } from '../memory/repositories.ts';
import { StoreState, type StoreChange, type StoreDocument } from '../memory/store-state.ts';
import type { TaskStore } from '../task-store.ts';
import { Compactor, storeFiles } from './compactor.ts';
import { documentSlices } from './document-slices.ts';
import { DurableJsonFile, syncFolder } from './durable-json-file.ts';
import { Journal, JournalWriteError, nodeJournalFileOps, openJournalFile, type JournalFileOps } from './journal.ts';
import { readJournal } from './journal-reader.ts';
import { checkSnapshot, journalLine } from './store-records.ts';
import { StoreLock } from './store-lock.ts';
import { StoreOpenError } from './store-open-error.ts';

export interface LowdbTaskStoreOptions {
  /** Compact once the journal is this big and at least as big as the last snapshot. */
  readonly compactAfterBytes?: number;
  readonly log?: (message: string) => void;
  /** The journal's file operations; tests inject a full or failing disk here. */
  readonly journalFileOps?: JournalFileOps;
  /** The `Retry-After` of a write refused because the disk failed it (seconds). */
  readonly retryAfterSeconds?: number;
  /** Told of each group commit: entries made durable and the fdatasync's duration (for metrics). */
  readonly onBatch?: (entries: number, syncMs: number) => void;
  /** How many group commits may be in flight at once (see Journal). */
  readonly journalDepth?: number;
}

/**
 * Two group commits in flight: measured here (durable POSTs, before and after, interleaved) it beat one at 4,
 * 8 and 16 connections and tied at 32, where the cores are the limit; four did no better than two.
 */
const JOURNAL_DEPTH = 2;

/** A disk that keeps failing is reported once per this interval, not once per request. */
const FAILURE_LOG_INTERVAL_MS = 10_000;

/**
 * STORAGE=lowdb. The lowdb document at DB_PATH is a snapshot; every change since is a line in the journal
 * `${DB_PATH}.journal`, appended with group commit before the request is answered. The journal is folded
 * into the snapshot at start-up, at every clean close, and in the background whenever it outgrows the
 * snapshot (see Compactor), so a write costs one small append rather than a re-serialisation of every
 * task, and compaction stays amortised O(1) per write.
 */
export async function openLowdbTaskStore(dbPath: string, options: LowdbTaskStoreOptions = {}): Promise<TaskStore> {
  const log = options.log ?? (() => {});
  const minCompactBytes = options.compactAfterBytes ?? 4 * 1024 * 1024;
  try {
    mkdirSync(dirname(dbPath), { recursive: true });
  } catch (error) {
    throw new StoreOpenError(`Cannot create the folder for the store ${dbPath}: ${(error as Error).message}`);
  }
  if (isFolder(dbPath)) throw new StoreOpenError(`DB_PATH ${dbPath} is a folder; it must name a file.`);

  const lock = await StoreLock.acquire(dbPath);
  let journalFd: number | undefined;
  try {
    const files = storeFiles(dbPath);
    const snapshot = new Low<StoreDocument>(
      new DurableJsonFile<StoreDocument>(dbPath, (data) => checkedSnapshot(data, dbPath), documentSlices),
      emptyDocument(),
    );
    await snapshot.read();
    const state = StoreState.fromDocument(snapshot.data);

    // A journal moved aside by a compaction that did not finish comes first: it is the older of the two.
    const replays = [readJournal(files.compacting), readJournal(files.journal)];
    const journalled = replays.find((replay) => replay.bytes > 0);
    if (journalled !== undefined && !existsAsFile(dbPath)) {
      // The snapshot holds the users the journal's tasks belong to; starting without it would serve orphans.
      const journalPath = replays[0]!.bytes > 0 ? files.compacting : files.journal;
      throw new StoreOpenError(
        `The store's journal ${journalPath} is there but its snapshot ${dbPath} is missing; both were left as they are. Restore ${dbPath} from a backup, or move the journal away to start empty.`,
      );
    }
    let replayed = 0;
    for (const replay of replays) {
      for (const change of replay.changes) state.apply(change);
      for (const note of replay.notes) log(note);
      replayed += replay.changes.length;
    }
    // Fold what was replayed (and drop a torn tail) into a fresh snapshot before serving anything.
    if (journalled !== undefined || !existsAsFile(dbPath)) {
      snapshot.data = state.toDocument();
      await snapshot.write();
    }
    removeIfPresent(files.compacting);
    // O_DSYNC writes, unless a test injects its own file operations (a failing fdatasync among them).
    const opened = openJournalFile(files.journal, options.journalFileOps === undefined);
    journalFd = opened.fd;
    ftruncateSync(journalFd, 0);
    syncFolder(dirname(dbPath));
    if (replayed > 0) log(`store: replayed ${replayed} journalled changes into ${dbPath}`);

    const compactor = new Compactor(
      files,
      snapshot,
      state,
      minCompactBytes,
      log,
      (path) => openJournalFile(path, opened.durableWrites).fd,
    );
    const failures = failureReporter(files.journal, log);
    const journal: Journal = new Journal(journalFd, {
      ops: options.journalFileOps,
      writesAreDurable: opened.durableWrites,
      depth: options.journalDepth ?? JOURNAL_DEPTH,
      housekeeping: { due: (bytes) => compactor.due(bytes), run: () => compactor.start(journal) },
      onFailure: (error) => failures.failed(error),
      onBatch: (entries, syncMs) => {
        failures.recovered();
        options.onBatch?.(entries, syncMs);
      },
    });

    const retryAfterSeconds = options.retryAfterSeconds ?? 2;
    // The change reaches the state only once its batch is on disk; a batch the disk refused never does.
    const commit = (change: StoreChange): Promise<void> =>
      journal
        .append(journalLine(change), () => state.apply(change))
        .catch((error: unknown) => {
          throw error instanceof JournalWriteError ? new ServiceUnavailable(retryAfterSeconds) : error;
        });
    const reservations = new KeyedReservations();
    let closed: Promise<void> | undefined;
    return {
      users: new StateUserRepository(state, commit, reservations),
      tasks: new StateTaskRepository(state, commit, reservations),
      readiness: async () => {
        const failure = failures.current();
        if (!failure) return { ok: true };
        // Nothing may be writing while the node is out of rotation, so ask the disk directly: a small
        // synced write beside the store. The journal itself repairs and resumes on its next batch.
        if (await diskAcceptsWrites(`${dbPath}.probe`, options.journalFileOps ?? nodeJournalFileOps)) {
          failures.recovered();
          return { ok: true };
        }
        return { ok: false, detail: `the store cannot write to ${files.journal}: ${failure}` };
      },
      close: () =>
        (closed ??= (async () => {
          try {
            journal.seal();
            await journal.flush();
            // A clean stop leaves DB_PATH holding every acknowledged change, and no journal beside it:
            // whoever opens the file after SIGTERM, SIGINT or close() reads the whole store there. When the
            // disk refuses, the journals stay and are folded in at the next start, so nothing is lost.
            await compactor.foldAll(journal).catch((error: unknown) => {
              log(
                `store: could not fold the journal into ${dbPath} at close; ${files.journal} keeps every change and is folded in at the next start: ${(error as Error).message}`,
              );
            });
          } finally {
            closeSync(journal.descriptor);
            await lock.release();
          }
        })()),
    };
  } catch (error) {
    if (journalFd !== undefined) closeSync(journalFd);
    await lock.release();
    throw error;
  }
}

/** Logs the first failure of a run of failed batches, then at most one summary per interval, then the recovery. */
function failureReporter(journalPath: string, log: (message: string) => void) {
  let failing = false;
  let lastError = '';
  let unreported = 0;
  let lastLog = 0;
  return {
    /** The last failure's message while writes are failing; undefined once they succeed again. */
    current(): string | undefined {
      return failing ? lastError : undefined;
    },
    failed(error: Error): void {
      const now = Date.now();
      lastError = error.message;
      if (failing && now - lastLog < FAILURE_LOG_INTERVAL_MS) {
        unreported++;
        return;
      }
      const more = unreported > 0 ? ` (${unreported} more failed batches since the last report)` : '';
      log(`store: a batch of writes was refused and undone (503), ${journalPath}: ${error.message}${more}`);
      failing = true;
      unreported = 0;
      lastLog = now;
    },
    recovered(): void {
      if (!failing) return;
      failing = false;
      log(
        `store: journal writes succeed again (${journalPath})${unreported > 0 ? `; ${unreported} more batches had failed` : ''}`,
      );
      unreported = 0;
    },
  };
}

/**
 * 4 KiB written, synced and removed, through the journal's own file operations: enough to see a full disk
 * (one block) or a read-only one, and the same seam through which tests inject a failing disk.
 */
async function diskAcceptsWrites(probePath: string, ops: JournalFileOps): Promise<boolean> {
  let handle;
  try {
    handle = await open(probePath, 'w', 0o600);
    const block = Buffer.alloc(4096, ' ');
    if ((await ops.write(handle.fd, block, 0)) !== block.length) return false;
    await ops.datasync(handle.fd);
    return true;
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => {});
    await rm(probePath, { force: true }).catch(() => {});
  }
}

function emptyDocument(): StoreDocument {
  return { format: 'taskcast-tasks/1', users: [], tasks: [] };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new StoreOpenError(`Cannot remove ${path}: ${(error as Error).message}`);
    }
  }
}

function existsAsFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The snapshot as read from `path`, or a StoreOpenError naming the file (also used by `taskcast check-store`). */
export function checkedSnapshot(data: unknown, path: string): StoreDocument {
  const checked = checkSnapshot(data);
  if (!checked.ok) {
    throw new StoreOpenError(
      `The store ${path} is not a Taskcast task store (${checked.problem}); it was left untouched. Restore it from a backup or point DB_PATH elsewhere.`,
    );
  }
  return checked.value;
}
