import { writeSync } from 'node:fs';
import { nodeJournalFileOps, type JournalFileOps } from '../../adapters/persistence/lowdb/journal.ts';

/**
 * The journal's file operations with faults on demand: a full disk (a write lands partly, then ENOSPC, as a
 * real one does), a truncate that fails, and an fdatasync held open so a test can look inside the window
 * between a write and its acknowledgement.
 */
export class FaultyDisk implements JournalFileOps {
  /** Every write puts half its bytes in the file, then fails with ENOSPC. */
  full = false;
  /** The next this-many truncates fail with EIO. */
  failingTruncates = 0;
  writes = 0;
  private held: Promise<void> | undefined;

  async write(fd: number, data: Uint8Array, position: number): Promise<number> {
    this.writes++;
    if (this.full) {
      writeSync(fd, data, 0, Math.floor(data.length / 2), position);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    return nodeJournalFileOps.write(fd, data, position);
  }

  async datasync(fd: number): Promise<void> {
    await this.held;
    return nodeJournalFileOps.datasync(fd);
  }

  async truncate(fd: number, length: number): Promise<void> {
    if (this.failingTruncates > 0) {
      this.failingTruncates--;
      throw Object.assign(new Error('EIO: i/o error, ftruncate'), { code: 'EIO' });
    }
    return nodeJournalFileOps.truncate(fd, length);
  }

  /** Holds every fdatasync until the returned function is called. */
  holdSyncs(): () => void {
    let release = (): void => {};
    this.held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.held = undefined;
      release();
    };
  }
}
