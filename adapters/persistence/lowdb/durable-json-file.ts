import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { StoreOpenError } from './store-open-error.ts';

/**
 * A lowdb adapter for one JSON document that is written atomically and durably: a temp file beside the
 * target, fsync, rename over the target, fsync of the folder. lowdb's own JSONFile renames without fsync and
 * pretty-prints, which doubles the bytes; this one writes compact JSON.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private readonly tempPath: string;

  /** @param check turns what the file holds into a T, or throws a StoreOpenError naming the file */
  constructor(readonly path: string, private readonly check: (data: unknown) => T) {
    this.tempPath = join(dirname(path), `.${basename(path)}.tmp`);
  }

  /** Null only when the file does not exist; anything else in it must pass `check`. */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new StoreOpenError(`Cannot read the store ${this.path}: ${(error as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new StoreOpenError(`The store ${this.path} is not valid JSON; it was left untouched. Restore it from a backup or point DB_PATH elsewhere.`);
    }
    // Null here means "no file" to lowdb, which would start empty and overwrite a file that reads `null`.
    return this.check(data);
  }

  async write(data: T): Promise<void> {
    const file = await open(this.tempPath, 'w', 0o600);
    try {
      await file.writeFile(JSON.stringify(data));
      await file.datasync();
    } catch (error) {
      await file.close();
      await unlink(this.tempPath).catch(() => {});
      throw error;
    }
    await file.close();
    await rename(this.tempPath, this.path);
    syncFolder(dirname(this.path));
  }
}

/** Makes a rename in the folder durable. Some filesystems refuse fsync on a folder; the rename still stands. */
export function syncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // best effort
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
