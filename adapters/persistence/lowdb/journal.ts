import { fdatasync, ftruncate, write } from 'node:fs';
import { promisify } from 'node:util';

const writeAsync = promisify(write) as (fd: number, data: string) => Promise<{ bytesWritten: number }>;
const datasyncAsync = promisify(fdatasync);
const truncateAsync = promisify(ftruncate);

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * An append-only file of JSON lines with group commit: every line appended while a write+fdatasync is in
 * flight rides on the next one, so one disk flush acknowledges a whole batch of requests. A caller's
 * promise resolves only after its line is on disk.
 */
export class Journal {
  private pending: string[] = [];
  private waiters: Waiter[] = [];
  private running: Promise<void> | undefined;
  private failure: Error | undefined;
  private bytes: number;

  /**
   * @param fd opened for appending
   * @param initialBytes the file's current size
   * @param afterBatch runs between batches with no write in flight; the store compacts there
   */
  constructor(
    private readonly fd: number,
    initialBytes: number,
    private readonly afterBatch: (journalBytes: number) => Promise<void>,
  ) {
    this.bytes = initialBytes;
  }

  get size(): number {
    return this.bytes;
  }

  append(line: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.pending.push(line);
      this.waiters.push({ resolve, reject });
      // setImmediate lets every request handled in this turn of the event loop join the first batch.
      this.running ??= new Promise<void>((done) => setImmediate(done)).then(() => this.drain());
    });
  }

  /** Resolves when everything appended so far is on disk (or has failed). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Empties the file; only safe from `afterBatch`, when nothing is in flight. */
  async truncate(): Promise<void> {
    await truncateAsync(this.fd, 0);
    await datasyncAsync(this.fd);
    this.bytes = 0;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.failure) {
        const lines = this.pending;
        const waiters = this.waiters;
        this.pending = [];
        this.waiters = [];
        try {
          const chunk = lines.join('\n') + '\n';
          const { bytesWritten } = await writeAsync(this.fd, chunk);
          if (bytesWritten !== Buffer.byteLength(chunk)) throw new Error('short write to the journal');
          await datasyncAsync(this.fd);
          this.bytes += bytesWritten;
        } catch (error) {
          // The state in memory is ahead of the disk now; refusing further writes is the only honest answer.
          this.failure = new Error(`The store's journal could not be written: ${(error as Error).message}`);
          for (const w of [...waiters, ...this.waiters]) w.reject(this.failure);
          this.waiters = [];
          this.pending = [];
          return;
        }
        for (const w of waiters) w.resolve();
        await this.afterBatch(this.bytes);
      }
    } finally {
      this.running = undefined;
    }
  }
}
