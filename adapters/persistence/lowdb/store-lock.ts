import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { StoreOpenError } from './store-open-error.ts';

/**
 * An exclusive lock file beside the store, holding the owner's pid. A lock whose process is gone (after a
 * kill -9, say) is taken over; one whose process is alive refuses the second server.
 */
export class StoreLock {
  private released = false;

  private constructor(readonly path: string) {}

  static acquire(storePath: string): StoreLock {
    const path = `${storePath}.lock`;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
        return new StoreLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
          throw new StoreOpenError(`Cannot create the lock file ${path}: ${(error as Error).message}`);
        }
      }
      const owner = readOwner(path);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new StoreOpenError(`The store ${storePath} is in use by another Taskcast process (pid ${owner}, lock file ${path}). Stop it or choose another DB_PATH.`);
      }
      try {
        unlinkSync(path); // stale: its owner is gone
      } catch {
        // another process took it over first; the next attempt reports it
      }
    }
    throw new StoreOpenError(`The store ${storePath} is in use by another Taskcast process (lock file ${path}).`);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    try {
      if (readOwner(this.path) === process.pid) unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}

function readOwner(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
