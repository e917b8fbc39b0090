import { closeSync, ftruncateSync, mkdirSync, statSync, unlinkSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low } from 'lowdb';
import { CREATE_NEW } from '../../shared/file-trust.ts';
import { ServiceUnavailable } from '../../../domain/shared/service-unavailable.ts';
import { KeyedReservations, StateTaskRepository, StateUserRepository } from '../memory/repositories.ts';
import type { StoreChange, StoreDocument } from '../memory/store-state.ts';
import type { Task } from '../../../domain/tasks/task.ts';
import type { TaskStore } from '../task-store.ts';
import { Compactor, FOLD_AT_MOST_BYTES } from './compactor.ts';
import { storeFiles, type StoreFiles } from './store-files.ts';
import type { Folded } from './fold-store-files.ts';
import { documentSlices } from './document-slices.ts';
import { DurableJsonFile, syncFolder } from './durable-json-file.ts';
import { foldFailure, type FoldFailure } from './fold-failure.ts';
import { Journal, JournalWriteError, nodeJournalFileOps, openJournalFile, type JournalFileOps } from './journal.ts';
import { journalLine } from './store-records.ts';
import { checkedSnapshot, readStore } from './store-reader.ts';
import { StoreLock } from './store-lock.ts';
import { canonicalStorePath, refuseUntrustedFiles } from './store-path.ts';
import { StoreOpenError } from './store-open-error.ts';

export interface LowdbTaskStoreOptions {
  /**
   * Compact once the journal is this big, whatever its garbage (FOLD_AT_MOST_BYTES, 256 MiB, by default), or
   * sooner once the files hold three dead bytes for every live one (DEAD_TO_LIVE; compactor.ts).
   */
  readonly compactAfterBytes?: number;
  /**
   * How a compaction writes the new snapshot from the snapshot and the journal moved aside: in a worker
   * thread (foldInWorker) unless a test runs foldStoreFiles on its own thread.
   */
  readonly foldFiles?: (files: StoreFiles) => Promise<Folded>;
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
 * into the snapshot at start-up, at every clean close, and in the background once the files hold three
 * times as many dead bytes as live ones, or the journal 256 MiB (see Compactor), so a write costs one small
 * append rather than a re-serialisation of every task, and compaction stays amortised O(1) per write.
 */
export async function openLowdbTaskStore(givenPath: string, options: LowdbTaskStoreOptions = {}): Promise<TaskStore> {
  const log = options.log ?? (() => {});
  const foldAtBytes = options.compactAfterBytes ?? FOLD_AT_MOST_BYTES;
  try {
    mkdirSync(dirname(givenPath), { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new StoreOpenError(`Cannot create the folder for the store ${givenPath}: ${(error as Error).message}`);
  }
  if (isFolder(givenPath)) throw new StoreOpenError(`DB_PATH ${givenPath} is a folder; it must name a file.`);
  // Locked, journalled and written under its one real name, however DB_PATH names it.
  const dbPath = canonicalStorePath(givenPath);
  refuseUntrustedFiles(dbPath);

  const lock = await StoreLock.acquire(dbPath);
  let journalFd: number | undefined;
  try {
    const files = storeFiles(dbPath);
    const snapshotFile = new DurableJsonFile<StoreDocument>(
      dbPath,
      (data) => checkedSnapshot(data, dbPath),
      documentSlices,
    );
    // The very reader `taskcast check-store` uses: the two agree on every store.
    const reading = await readStore(dbPath, snapshotFile);
    const snapshot = new Low<StoreDocument>(snapshotFile, reading.snapshot);
    const state = reading.state;
    for (const note of reading.notes) log(note);

    // Fold what was replayed (and drop a torn tail) into a fresh snapshot before serving anything. That
    // needs room for a whole new snapshot; on a disk too full for it the store serves from the files as
    // they are instead, going on after the journal's last complete record, and folds once it can.
    const journalled = reading.compacting.bytes > 0 || reading.journal.bytes > 0;
    let notFolded: FoldFailure | undefined;
    if (journalled || !reading.snapshotExists) {
      try {
        snapshot.data = state.toDocument();
        await snapshot.write();
      } catch (error) {
        if (!reading.snapshotExists) {
          throw new StoreOpenError(`Cannot create the store ${dbPath}: ${(error as Error).message}`);
        }
        snapshot.data = reading.snapshot;
        notFolded = foldFailure(error);
      }
    }
    // O_DSYNC writes, unless a test injects its own file operations (a failing fdatasync among them).
    const opened = openJournalFile(files.journal, options.journalFileOps === undefined);
    journalFd = opened.fd;
    const journalStart = notFolded === undefined ? 0 : reading.journal.completeBytes;
    if (notFolded === undefined) removeIfPresent(files.compacting);
    // Cutting a file shorter never needs free space: this drops the torn tail (zeros, a record cut short).
    ftruncateSync(journalFd, journalStart);
    syncFolder(dirname(dbPath));
    if (reading.replayed > 0 && notFolded === undefined) {
      log(`store: replayed ${reading.replayed} journalled changes into ${dbPath}`);
    }
    if (notFolded !== undefined) {
      log(
        `store: could not fold the journal into ${dbPath} at start-up: ${notFolded.cause} (${notFolded.message}); serving from the snapshot and journal as they are (${reading.replayed} changes), and folding them once it can`,
      );
    }

    const compactor = new Compactor(
      files,
      snapshot,
      state,
      foldAtBytes,
      log,
      (path) => openJournalFile(path, opened.durableWrites).fd,
      options.foldFiles,
    );
    const failures = failureReporter(files.journal, log);
    if (notFolded !== undefined) {
      compactor.pending(
        state.toDocument(),
        `the journal is not folded into ${dbPath}: ${notFolded.cause} at start-up (${notFolded.message}); every change is kept in the journal, and folding is tried again every 10 s while writes come`,
      );
    }
    const journal: Journal = new Journal(journalFd, {
      startAt: journalStart,
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
    // A new task's change carries its creation sequence, claimed by the repository in the turn of the
    // commit (commit order is journal order), and is journalled with it, so a replay gives it the same one.
    // One without it is refused before anything is written (checkCommit), so the journal never holds it.
    const commit = (change: StoreChange): Promise<void> => {
      state.checkCommit(change);
      const line = journalLine(change);
      return journal
        .append(line, () => compactor.superseded(supersededBytes(change, state.apply(change), line)))
        .catch((error: unknown) => {
          throw error instanceof JournalWriteError ? new ServiceUnavailable(retryAfterSeconds) : error;
        });
    };
    // A final record recovered without its newline was cut off above with the torn tail; it is written again.
    const recoveredTail = notFolded === undefined ? undefined : reading.journal.recoveredTail;
    if (recoveredTail !== undefined) await journal.append(recoveredTail).catch(() => {});
    const reservations = new KeyedReservations();
    let closed: Promise<void> | undefined;
    return {
      users: new StateUserRepository(state, commit, reservations),
      tasks: new StateTaskRepository(state, commit, reservations),
      readiness: async () => {
        const failure = failures.current();
        const notFolding = compactor.notFolding();
        if (!failure) return notFolding === undefined ? { ok: true } : { ok: true, detail: notFolding };
        // Nothing may be writing while the node is out of rotation, so ask the disk directly: a small
        // synced write beside the store. The journal itself repairs and resumes on its next batch.
        if (await diskAcceptsWrites(`${dbPath}.probe`, options.journalFileOps ?? nodeJournalFileOps)) {
          failures.recovered();
          return notFolding === undefined ? { ok: true } : { ok: true, detail: notFolding };
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

/**
 * The bytes on disk that hold nothing live once `change` is applied: the record of the task it `replaced` or
 * deleted, counted as that task's JSON (its journal line has ~40 bytes more, its snapshot record a few), and a
 * delete's own line. A new task or user supersedes nothing. Expired Idempotency-Key records are not counted:
 * a fold drops them too, but they wait for one that garbage or the journal's length makes due.
 */
function supersededBytes(change: StoreChange, replaced: Task | undefined, line: string): number {
  const record = replaced === undefined ? 0 : Buffer.byteLength(JSON.stringify(replaced)) + 1;
  return change.kind === 'delete-task' ? record + Buffer.byteLength(line) + 1 : record;
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
    await rm(probePath, { force: true });
    handle = await open(probePath, CREATE_NEW, 0o600);
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
