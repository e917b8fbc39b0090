import { closeSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Low } from 'lowdb';
import type { StoreDocument, StoreState } from '../memory/store-state.ts';
import { syncFolderAsync } from './durable-json-file.ts';
import { foldInWorker } from './fold-in-worker.ts';
import type { StoreFiles } from './store-files.ts';
import type { Folded } from './fold-store-files.ts';
import type { Journal } from './journal.ts';

/** After a failed fold (a full disk, say), wait this long before trying again. */
const RETRY_AFTER_MS = 10_000;

/**
 * A fold is due once the store's files hold this many dead bytes for every live one: records a later update
 * or a delete superseded, and the deletes' own lines. A fold buys nothing but room and a shorter replay, and
 * what it buys is the garbage it drops: the journal's new records are folded into a snapshot that would hold
 * them once, as the journal already does (a crash's start-up reads 200,000 tasks from a journal in ~1.2 times
 * their read from a snapshot; docs/storage.md). So a flood of creates folds nothing until FOLD_AT_MOST_BYTES, as Bitcask merges
 * on its dead bytes' share and an LSM tree compacts on space amplification, not on a log's length. Three to one
 * is where a journal of updates alone folded before (at three times the snapshot: every update supersedes one
 * record), so the trade measured there holds: fold CPU a record against the files at most four times the live
 * data, for disk and for a crash's replay (docs/benchmarks.md, the ledger's row "three times").
 */
export const DEAD_TO_LIVE = 3;

/**
 * A fold is due at this journal size whatever its garbage: start-up reads the whole journal into memory and
 * replays it (256 MiB is about 750,000 records, some 2 s), and a fold needs room for it again beside the
 * snapshot. A flood of creates folds here and only here (compactAfterBytes overrides it).
 */
export const FOLD_AT_MOST_BYTES = 256 * 1024 * 1024;

/** No fold is due for less garbage than this, however small the store (nor above compactAfterBytes). */
export const FOLD_AT_LEAST_BYTES = 4 * 1024 * 1024;

/** The store's bytes as the fold policy weighs them: its snapshot's file, its journal, and how many are dead. */
export interface StoreBytes {
  readonly snapshotBytes: number;
  readonly journalBytes: number;
  readonly deadBytes: number;
}

/**
 * The fold policy on the bytes alone: DEAD_TO_LIVE dead bytes for every live one (and FOLD_AT_LEAST_BYTES of
 * them), or a journal `foldAtBytes` long. bench/lib/fold-points.ts replays it to find where a fold comes.
 */
export function garbageDue(bytes: StoreBytes, foldAtBytes: number): boolean {
  if (bytes.journalBytes >= foldAtBytes) return true;
  const live = bytes.snapshotBytes + bytes.journalBytes - bytes.deadBytes;
  return bytes.deadBytes >= Math.min(FOLD_AT_LEAST_BYTES, foldAtBytes) && bytes.deadBytes >= DEAD_TO_LIVE * live;
}

/**
 * Folds the journal into the snapshot while requests go on being served. Between two batches (nothing in
 * flight) the journal is renamed to `.compacting`; new writes go to a fresh journal at once. A worker thread
 * then reads the snapshot, replays `.compacting` on top and writes the new snapshot (temp file, fsync, atomic
 * rename; fold-store-files.ts), and only then is `.compacting` removed. The files are the fold's whole input,
 * so the main thread does no serialising: in a flood of POSTs it had spent 7–10% of its time writing
 * snapshots. A crash at any point leaves snapshot + `.compacting` + journal, or the new snapshot with the
 * same, and replaying them in that order is idempotent: nothing acknowledged is lost.
 */
export class Compactor {
  private running: Promise<void> | undefined;
  /** What the next snapshot must hold when start-up could not write it (see pending). Kept until it is written. */
  private captured: StoreDocument | undefined;
  /** The journal is moved aside and not yet in a snapshot (a fold is running, or failed and will be retried). */
  private movedAside = false;
  private retryAt = 0;
  private lastFailure: string | undefined;
  private snapshotBytes: number;
  /** Bytes of the snapshot and the journals that hold nothing live (see superseded). */
  private deadBytes = 0;
  /** What of deadBytes lay in the snapshot and the journal moved aside: the fold running drops it. */
  private deadBytesFolding = 0;

  constructor(
    private readonly files: StoreFiles,
    private readonly snapshot: Low<StoreDocument>,
    private readonly state: StoreState,
    /** A fold is due at this journal size whatever its garbage (FOLD_AT_MOST_BYTES unless a test says). */
    private readonly foldAtBytes: number,
    private readonly log: (message: string) => void,
    /** Opens a new journal file as the first one was opened (see openJournalFile). */
    private readonly openJournal: (path: string) => number,
    /** Writes the snapshot with the journal moved aside replayed on top: in a worker, unless a test runs it here. */
    private readonly foldFiles: (files: StoreFiles) => Promise<Folded> = foldInWorker,
  ) {
    this.snapshotBytes = sizeOf(files.snapshot);
  }

  /**
   * The journal's housekeeping test, before every batch: a fold is due once the snapshot and the journal hold
   * DEAD_TO_LIVE dead bytes for every live one (and FOLD_AT_LEAST_BYTES of them), or the journal is
   * `foldAtBytes` long, or a failed one's retry time has come. The journal then waits until nothing is in flight.
   */
  due(journalBytes: number): boolean {
    if (this.running || Date.now() < this.retryAt) return false;
    if (this.captured !== undefined || this.movedAside) return true;
    return garbageDue({ snapshotBytes: this.snapshotBytes, journalBytes, deadBytes: this.deadBytes }, this.foldAtBytes);
  }

  /**
   * A record of `bytes` in the snapshot or a journal holds nothing live any more: a change applied now replaced
   * or deleted its task (or it is a delete's own line). The store tells it as it applies the change.
   */
  superseded(bytes: number): void {
    this.deadBytes += bytes;
  }

  /** With nothing in flight: moves the journal aside (unless a failed fold's is still there) and starts folding it. Never waits for the fold. */
  async start(journal: Journal): Promise<void> {
    const captured = this.captured;
    if (captured !== undefined) {
      // Start-up's state: every record superseded since lies in what this fold writes, or in the journal.
      this.deadBytesFolding = 0;
      this.running = this.fold(() => this.writeCaptured(captured)).finally(() => (this.running = undefined));
      return;
    }
    if (!this.movedAside && !(await this.rotate(journal))) {
      this.retryAt = Date.now() + RETRY_AFTER_MS;
      return;
    }
    this.running = this.fold(() => this.foldFiles(this.files)).finally(() => (this.running = undefined));
  }

  /**
   * Start-up could not fold the journals into the snapshot (a full disk): `doc` is what the next snapshot
   * must hold. It is folded like a failed fold's, at the next batch after the retry time, and the journal
   * moved aside by an earlier compaction, if any, stays until then.
   */
  pending(doc: StoreDocument, reason: string): void {
    this.captured = doc;
    this.lastFailure = reason;
    this.retryAt = Date.now() + RETRY_AFTER_MS;
  }

  /** Why the journal is not folded into the snapshot, while it is not (for /ready); undefined otherwise. */
  notFolding(): string | undefined {
    return this.captured === undefined && !this.movedAside ? undefined : this.lastFailure;
  }

  /** At close, with the journal flushed: everything into the snapshot, and no journal left beside it. */
  async foldAll(journal: Journal): Promise<void> {
    await this.running;
    if (journal.size > 0 || this.captured !== undefined || sizeOf(this.files.compacting) > 0) {
      this.snapshot.data = this.state.toDocument();
      await this.snapshot.write();
      this.captured = undefined;
      this.movedAside = false;
    }
    removeIfPresent(this.files.compacting);
    removeIfPresent(this.files.journal);
    await syncFolderAsync(dirname(this.files.snapshot));
  }

  /** Resolves when no fold is running (for tests and close). */
  async idle(): Promise<void> {
    await this.running;
  }

  private async rotate(journal: Journal): Promise<boolean> {
    // Nothing is in flight: the snapshot plus the journal as it stands is exactly the state.
    try {
      renameSync(this.files.journal, this.files.compacting);
    } catch (error) {
      this.log(
        `store: could not move the journal aside for compaction; it keeps every change: ${(error as Error).message}`,
      );
      return false;
    }
    let fd: number;
    try {
      fd = this.openJournal(this.files.journal);
    } catch (error) {
      renameSync(this.files.compacting, this.files.journal); // the old descriptor still writes to it
      this.log(`store: could not start a new journal for compaction; the old one goes on: ${(error as Error).message}`);
      return false;
    }
    closeSync(journal.switchTo(fd));
    // The rename must be durable before a write lands in the new journal, or a crash could reorder them.
    await syncFolderAsync(dirname(this.files.snapshot));
    this.movedAside = true;
    this.deadBytesFolding = this.deadBytes;
    return true;
  }

  /** Start-up's document, which it could not write itself, as the new snapshot. */
  private async writeCaptured(doc: StoreDocument): Promise<Folded> {
    this.snapshot.data = doc;
    await this.snapshot.write();
    return { tasks: doc.tasks.length, users: doc.users.length };
  }

  private async fold(write: () => Promise<Folded>): Promise<void> {
    const started = performance.now();
    try {
      const folded = await write();
      this.snapshotBytes = sizeOf(this.files.snapshot);
      // Records superseded since the journal was moved aside lie in the new snapshot or the new journal.
      this.deadBytes -= this.deadBytesFolding;
      this.deadBytesFolding = 0;
      // On the thread pool: freeing the journal's blocks takes ext4 ~0.5 ms a MiB (11 ms at 16 MiB, 33 at
      // 64, measured here), which unlinkSync spent stalling every request: a journal can be 256 MiB.
      await removeInBackground(this.files.compacting);
      await syncFolderAsync(dirname(this.files.snapshot));
      this.captured = undefined;
      this.movedAside = false;
      this.log(
        `store: compacted ${folded.tasks} tasks and ${folded.users} users into ${this.files.snapshot} in ${Math.round(performance.now() - started)} ms`,
      );
    } catch (error) {
      this.retryAt = Date.now() + RETRY_AFTER_MS;
      this.lastFailure = `folding the journal into ${this.files.snapshot} failed (${(error as Error).message}); every change is kept in the journal, and it is tried again every ${RETRY_AFTER_MS / 1000} s while writes come`;
      this.log(
        `store: compaction failed, ${this.files.compacting} and the journal keep every change; retrying later: ${(error as Error).message}`,
      );
    }
  }
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

function removeIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    unlessMissing(error);
  }
}

/** removeIfPresent on the thread pool. */
async function removeInBackground(path: string): Promise<void> {
  await unlink(path).catch(unlessMissing);
}

/** Rethrows a failed removal's error, but a missing file's: already gone is what was asked. */
function unlessMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}
