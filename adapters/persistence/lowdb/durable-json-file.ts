import { constants } from 'node:buffer';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';
import { CREATE_NEW } from '../../shared/file-trust.ts';
import { StoreOpenError } from './store-open-error.ts';

/** How much of a document is written between two syncs of the temp file (characters, about bytes). */
const SYNC_EVERY_CHARS = 2 * 1024 * 1024;

/**
 * A lowdb adapter for one JSON document that is written atomically and durably: a temp file beside the
 * target, fsync, rename over the target, fsync of the folder. A crash at any point leaves the old document
 * or the new one, never a mix; a temp file left behind is removed by the next write, which makes its own. lowdb's own JSONFile renames without fsync and
 * pretty-prints, which doubles the bytes; this one writes compact JSON.
 */
export class DurableJsonFile<T> implements Adapter<T> {
  private readonly tempPath: string;

  /**
   * @param check turns what the file holds into a T, or throws a StoreOpenError naming the file
   * @param serialize the JSON text in slices; each is written before the next is made, and every write
   *   yields to the event loop, so a large document never stalls the requests being served meanwhile
   */
  constructor(
    readonly path: string,
    private readonly check: (data: unknown) => T,
    private readonly serialize: (data: T) => Iterable<string> = (data) => [JSON.stringify(data)],
    /** The longest text `read` can read back (V8's longest string); a test sets a smaller one. */
    private readonly maxChars: number = constants.MAX_STRING_LENGTH,
  ) {
    this.tempPath = join(dirname(path), `.${basename(path)}.tmp`);
  }

  /** Null only when the file does not exist; anything else in it must pass `check`. */
  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      if (error instanceof RangeError) {
        // V8 makes no string longer than this ("Invalid string length"), and the file is read as one.
        throw new StoreOpenError(
          `The store ${this.path} is too large to read: it is read as one JSON text, which can be no longer than ${constants.MAX_STRING_LENGTH} characters (~512 MiB); it was left untouched. See "Size limits" in docs/storage.md.`,
        );
      }
      throw new StoreOpenError(`Cannot read the store ${this.path}: ${(error as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new StoreOpenError(
        `The store ${this.path} is not valid JSON; it was left untouched. Restore it from a backup or point DB_PATH elsewhere.`,
      );
    }
    // Null here means "no file" to lowdb, which would start empty and overwrite a file that reads `null`.
    return this.check(data);
  }

  async write(data: T): Promise<void> {
    // A new file, never one found at the temp name: a symlink planted there would make the server write
    // through it, and a file planted there would become the store, with its planter's owner and mode.
    await unlink(this.tempPath).catch(() => {});
    const file = await open(this.tempPath, CREATE_NEW, 0o600);
    try {
      // writeFile on a handle writes at the current position, looping until the whole slice is written.
      // Syncing every few MiB keeps little dirty data behind the temp file: on ext4 (data=ordered) the
      // journal's fdatasync meanwhile would otherwise wait for all of it to reach the disk.
      let unsynced = 0;
      let written = 0;
      for (const slice of this.serialize(data)) {
        // A file `read` could not read back would leave the store unable to start: the old one stays instead.
        written += slice.length;
        if (written > this.maxChars) throw new DocumentTooLargeError(this.path, this.maxChars);
        await file.writeFile(slice);
        unsynced += slice.length;
        if (unsynced >= SYNC_EVERY_CHARS) {
          await file.datasync();
          unsynced = 0;
        }
      }
      await file.datasync();
    } catch (error) {
      await file.close();
      await unlink(this.tempPath).catch(() => {});
      throw error;
    }
    await file.close();
    await rename(this.tempPath, this.path);
    await syncFolderAsync(dirname(this.path));
  }
}

/** A document longer than its file could be read back as: it is not written, and the file is left as it was. */
export class DocumentTooLargeError extends Error {
  override readonly name = 'DocumentTooLargeError';
  constructor(path: string, maxChars: number) {
    super(
      `The store ${path} was not rewritten: the new text would be longer than ${maxChars} characters (~512 MiB), more than can be read back as one JSON text. The old file and the journal hold every change, and the store goes on; see "Size limits" in docs/storage.md (move it to STORAGE=postgres).`,
    );
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

/** `syncFolder` on the thread pool, for use while requests are being served. */
export async function syncFolderAsync(folder: string): Promise<void> {
  let handle;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // best effort, as above
  } finally {
    await handle?.close();
  }
}
