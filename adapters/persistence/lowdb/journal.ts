import { constants, fdatasync, ftruncate, openSync, write } from 'node:fs';
import { promisify } from 'node:util';

/**
 * The journal's file operations: the seam through which tests inject a full or failing disk. Writes are
 * positional: the journal decides where each batch goes, so several can be in flight at once.
 */
export interface JournalFileOps {
  /** Writes `data` at byte `position`; resolves with the bytes written (fewer than asked is a failure). */
  write(this: void, fd: number, data: Uint8Array, position: number): Promise<number>;
  datasync(this: void, fd: number): Promise<void>;
  truncate(this: void, fd: number, length: number): Promise<void>;
}

const writeAsync = promisify(write) as (
  fd: number,
  data: Uint8Array,
  offset: number,
  length: number,
  position: number,
) => Promise<{ bytesWritten: number }>;

export const nodeJournalFileOps: JournalFileOps = {
  write: async (fd, data, position) => (await writeAsync(fd, data, 0, data.length, position)).bytesWritten,
  datasync: promisify(fdatasync),
  truncate: promisify(ftruncate),
};

/**
 * Opens a journal file for positional writes (not O_APPEND, under which Linux ignores the position). With
 * `durableWrites` (where the platform has O_DSYNC), every write returns only once its data is on stable
 * storage, as PostgreSQL's `wal_sync_method=open_datasync` does: a group commit is then one system call and
 * one trip through libuv's thread pool instead of two (write, then fdatasync). Returns whether it did.
 */
export function openJournalFile(path: string, durableWrites: boolean): { fd: number; durableWrites: boolean } {
  const dsync = constants.O_DSYNC;
  // Never through a symlink planted at the journal's name.
  const flags = constants.O_WRONLY | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
  if (durableWrites && dsync !== undefined) return { fd: openSync(path, flags | dsync, 0o600), durableWrites: true };
  return { fd: openSync(path, flags, 0o600), durableWrites: false };
}

/** A batch that could not be made durable; the journal was cut back to before it (or will be, before any write). */
export class JournalWriteError extends Error {
  override readonly name = 'JournalWriteError';
}

/** Work the journal's owner does with nothing in flight: the store rotates the journal there to compact it. */
export interface JournalHousekeeping {
  /** Whether it wants to run now, with `journalBytes` durable. While it does, no new batch starts. */
  due(journalBytes: number): boolean;
  run(): Promise<void>;
}

export interface JournalOptions {
  readonly ops?: JournalFileOps;
  /** The descriptor was opened with O_DSYNC (openJournalFile): a write is durable when it returns. */
  readonly writesAreDurable?: boolean;
  /** How many batches may be in flight at once (acknowledged in order). */
  readonly depth?: number;
  readonly housekeeping?: JournalHousekeeping;
  readonly onFailure?: (error: JournalWriteError) => void;
  /** Told of each durable batch: how many entries, and how long making it durable took (the metrics' hook). */
  readonly onBatch?: (entries: number, syncMs: number) => void;
  /**
   * The bytes of records already in the file, all durable: the journal goes on after them. For a store that
   * started on a disk too full to fold its journal into the snapshot; the file ends there (no zeros yet).
   */
  readonly startAt?: number;
}

interface Entry {
  readonly line: string;
  readonly onDurable: () => void;
  resolve(): void;
  reject(error: Error): void;
}

interface Batch {
  readonly entries: Entry[];
  readonly offset: number;
  readonly length: number;
  /** Undefined while the write is in flight. */
  outcome?: { ok: true; ms: number } | { ok: false; error: Error };
}

/** The first stretch of zeros written into a new journal file; each later one is as long as all before it, up to the last. */
const FIRST_FILL_BYTES = 64 * 1024;
const MAX_FILL_BYTES = 4 * 1024 * 1024;
/** After a fill the disk refused (it is full, say), batches append past the zeros; a fill is tried again after this. */
const FILL_RETRY_MS = 10_000;
const NO_HOUSEKEEPING: JournalHousekeeping = { due: () => false, run: async () => {} };

/**
 * A file of JSON lines with group commit: every line appended while the disk is busy rides on the next
 * write, so one flush acknowledges a whole batch of requests. An entry's `onDurable` runs, in journal
 * order, once its batch and every batch before it are on disk, and before any promise resolves: that is
 * where the store makes a change visible, so nobody ever reads a change the disk might still lose.
 *
 * The file is written with zeros ahead of need, as PostgreSQL writes its WAL segments, and batches
 * overwrite them. An O_DSYNC append changes the file's size, so each waits for a commit of the file
 * system's own journal; an overwrite of blocks already written does not (a probe here: ~330 µs an append
 * however many are in flight, ~225 µs an overwrite, ~135 µs each with four in flight). Up to `depth` batches
 * are in flight at once, each at its own offset. The reader stops at the first zero byte, which no record
 * holds (JSON escapes U+0000): after a crash, whatever a batch in flight did not finish is zeros, so the
 * journal reads as the records up to there, every acknowledged one among them.
 *
 * A batch that fails (ENOSPC, EIO, a short write) is cut off again with every batch after it: once nothing
 * is in flight, the file is cut back to its last good record (zeros written over the rest), so no later
 * batch ever lands behind a torn or unacknowledged one, and their promises reject. Later batches are tried
 * as they come, so writes resume as soon as the disk accepts them, as SQLite does after SQLITE_FULL.
 */
export class Journal {
  private readonly ops: JournalFileOps;
  private readonly writesAreDurable: boolean;
  private readonly depth: number;
  private readonly housekeeping: JournalHousekeeping;
  private readonly onFailure: (error: JournalWriteError) => void;
  private readonly onBatch: ((entries: number, syncMs: number) => void) | undefined;
  private queue: Entry[] = [];
  /** In file order; the head is acknowledged first. */
  private inFlight: Batch[] = [];
  /** The bytes of acknowledged records, all durable. */
  private durable = 0;
  /** Where the next batch goes: `durable` plus what is in flight. */
  private end = 0;
  /** Zeros are on disk up to here. */
  private prepared = 0;
  private filling: { readonly from: number } | undefined;
  /** Records that were in the file before this journal took it over (JournalOptions.startAt). */
  private startAt: number;
  private fillRetryAt = 0;
  private scheduled = false;
  private housekeepingRunning = false;
  /** A batch failed: no new batch starts until everything in flight has settled and the tail is cut off. */
  private failure: JournalWriteError | undefined;
  /** The entries of the failed batch and those after it, rejected once the file is cut back (or that fails). */
  private undone: Entry[] = [];
  /** The cut-back could not be done yet; nothing is written before it is. */
  private needsRepair = false;
  private repairing = false;
  private sealed = false;
  private idleWaiters: Array<() => void> = [];

  /** @param fd an empty file (or one of `options.startAt` bytes of records), opened with openJournalFile */
  constructor(
    private fd: number,
    options: JournalOptions = {},
  ) {
    this.ops = options.ops ?? nodeJournalFileOps;
    this.writesAreDurable = options.writesAreDurable ?? false;
    this.depth = Math.max(1, options.depth ?? 1);
    this.housekeeping = options.housekeeping ?? NO_HOUSEKEEPING;
    this.onFailure = options.onFailure ?? (() => {});
    this.onBatch = options.onBatch;
    this.startAt = options.startAt ?? 0;
    this.durable = this.end = this.prepared = this.startAt;
    this.pump();
  }

  /** The bytes of records known to be on disk. */
  get size(): number {
    return this.durable;
  }

  /** The file's descriptor, for closing once the journal is done with. */
  get descriptor(): number {
    return this.fd;
  }

  append(line: string, onDurable: () => void = () => {}): Promise<void> {
    if (this.sealed) return Promise.reject(new Error('The store is closed; the change was not made.'));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ line, onDurable, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      // setImmediate lets every request handled in this turn of the event loop join the batch.
      setImmediate(() => {
        this.scheduled = false;
        this.pump();
      });
    });
  }

  /** Refuses every later append: the store is closing, and what it folds must be final. */
  seal(): void {
    this.sealed = true;
  }

  /** Resolves when everything appended so far is on disk (or has failed) and nothing is in flight. */
  async flush(): Promise<void> {
    while (!this.idle()) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Goes on in a new, empty file (the store has moved the old one aside to fold it into the snapshot) and
   * returns the old descriptor for the caller to close. Only safe from housekeeping, when nothing is in flight.
   */
  switchTo(fd: number): number {
    const old = this.fd;
    this.fd = fd;
    this.durable = this.end = this.prepared = this.startAt = 0;
    this.fillRetryAt = 0;
    return old;
  }

  private idle(): boolean {
    return (
      this.queue.length === 0 &&
      this.inFlight.length === 0 &&
      this.filling === undefined &&
      !this.scheduled &&
      !this.housekeepingRunning &&
      !this.repairing
    );
  }

  private quiet(): boolean {
    return this.inFlight.length === 0 && this.filling === undefined;
  }

  /** Starts whatever can start now: housekeeping, a cut-back, batches, a fill. Called whenever anything settles. */
  private pump(): void {
    if (this.housekeepingRunning || this.repairing) return;
    if (this.failure !== undefined || this.needsRepair) {
      if (this.quiet() && (this.failure !== undefined || this.queue.length > 0)) void this.repair();
      return this.wake();
    }
    if (this.housekeeping.due(this.durable)) {
      if (this.quiet()) void this.runHousekeeping();
      return this.wake();
    }
    while (this.queue.length > 0 && this.inFlight.length < this.depth) {
      if (!this.startBatch()) break;
    }
    this.startFillIfLow();
    this.wake();
  }

  private startBatch(): boolean {
    const data = Buffer.from(this.queue.map((entry) => entry.line).join('\n') + '\n');
    // Never into zeros still being written: two writes in flight over the same bytes land in either order.
    if (this.filling !== undefined && this.end + data.length > this.filling.from) return false;
    const batch: Batch = { entries: this.queue, offset: this.end, length: data.length };
    this.queue = [];
    this.end += data.length;
    this.inFlight.push(batch);
    const started = performance.now();
    void this.writeDurably(data, batch.offset)
      .then(
        () => (batch.outcome = { ok: true, ms: performance.now() - started }),
        (error: unknown) => (batch.outcome = { ok: false, error: error as Error }),
      )
      .then(() => this.settle());
    return true;
  }

  private async writeDurably(data: Uint8Array, position: number): Promise<void> {
    const written = await this.ops.write(this.fd, data, position);
    if (written !== data.length) throw new Error(`short write to the journal (${written} of ${data.length} bytes)`);
    if (!this.writesAreDurable) await this.ops.datasync(this.fd);
  }

  /** Acknowledges the durable head of the pipeline, in order; a failure rejects its batch and every later one. */
  private settle(): void {
    while (this.inFlight.length > 0) {
      const head = this.inFlight[0]!;
      const outcome = head.outcome;
      if (outcome === undefined) break;
      if (!outcome.ok && this.failure === undefined) {
        this.failure = new JournalWriteError(`the journal could not be written: ${outcome.error.message}`);
        this.needsRepair = true;
        this.onFailure(this.failure);
      }
      if (this.failure !== undefined || !outcome.ok) {
        // Nothing from here on may be acknowledged, and nothing later may land behind it: wait for the
        // rest of the pipeline to settle, then reject it all and cut the file back.
        if (this.inFlight.some((batch) => batch.outcome === undefined)) break;
        this.undone = this.inFlight.flatMap((batch) => batch.entries);
        this.inFlight = [];
        break;
      }
      this.inFlight.shift();
      this.durable = head.offset + head.length;
      this.onBatch?.(head.entries.length, outcome.ms);
      for (const entry of head.entries) entry.onDurable();
      for (const entry of head.entries) entry.resolve();
    }
    this.pump();
  }

  /**
   * Cuts the file back to its last acknowledged record: drops anything past the zeros, then writes zeros
   * over what the failed batches left. Until it succeeds, every batch fails at once rather than land behind
   * a torn tail.
   */
  private async repair(): Promise<void> {
    this.repairing = true;
    const dirtyEnd = Math.min(this.end, this.prepared);
    try {
      await this.ops.truncate(this.fd, Math.max(this.durable, this.prepared));
      if (dirtyEnd > this.durable) {
        const zeros = new Uint8Array(dirtyEnd - this.durable);
        if ((await this.ops.write(this.fd, zeros, this.durable)) !== zeros.length)
          throw new Error('short write of zeros');
      }
      await this.ops.datasync(this.fd);
      this.needsRepair = false;
      this.end = this.durable;
    } catch {
      // Still torn: refuse what is queued now too, and try again before the next batch.
      const error = new JournalWriteError("the journal's last failed batch could not be cut off yet");
      const refused = this.queue;
      this.queue = [];
      for (const entry of refused) entry.reject(error);
      if (refused.length > 0) this.onFailure(error);
    } finally {
      const undone = this.undone;
      const failure = this.failure;
      this.undone = [];
      this.failure = undefined;
      this.repairing = false;
      for (const entry of undone) entry.reject(failure!);
      this.pump();
    }
  }

  private async runHousekeeping(): Promise<void> {
    this.housekeepingRunning = true;
    try {
      await this.housekeeping.run();
    } catch {
      // Housekeeping (compaction) reports its own failures and must never stall the appends behind it.
    } finally {
      this.housekeepingRunning = false;
      this.pump();
    }
  }

  /** Writes the next stretch of zeros once fewer than half of them are left ahead of the records. */
  private startFillIfLow(): void {
    if (this.sealed || this.filling !== undefined || Date.now() < this.fillRetryAt) return;
    // Grown from what this journal wrote itself: records it started after (startAt) do not count, so a
    // store that started on a nearly full disk does not spend the room its fold needs on zeros.
    const size = Math.min(MAX_FILL_BYTES, Math.max(FIRST_FILL_BYTES, this.prepared - this.startAt));
    if (this.prepared - this.end >= size / 2) return;
    const from = Math.max(this.prepared, this.end);
    this.filling = { from };
    this.writeDurably(new Uint8Array(size), from)
      .then(
        () => {
          this.prepared = from + size; // the file cannot have changed: switchTo waits for quiet
        },
        () => {
          this.fillRetryAt = Date.now() + FILL_RETRY_MS;
        },
      )
      .finally(() => {
        this.filling = undefined;
        this.pump();
      });
  }

  private wake(): void {
    if (this.idleWaiters.length === 0 || !this.idle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
