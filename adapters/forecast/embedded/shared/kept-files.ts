import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  futimesSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { dirname } from 'node:path';
import { pruneModelCacheDaily } from './prune-model-cache.ts';

/** A read marks a kept file as used again at most this often: one change of its metadata a day. */
const TOUCH_AFTER_MS = 24 * 3_600_000;

/**
 * A file the model kept (model-cache.ts), or undefined where there is none or it cannot be read. Reading it
 * moves its modification time to now (once a day at most), so that a file still in use is never one that
 * prune-model-cache.ts takes for unused. `accept`, given, judges the open file first (its owner, say): one it
 * refuses is not read. A symbolic link is not followed (where the system can tell, O_NOFOLLOW): the cache
 * only ever holds files it wrote, and a link there is someone else's.
 */
export function readKeptFile(file: string, accept?: (stats: Stats) => boolean): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined; // none kept yet, or unreadable: make it again
  }
  try {
    if (accept !== undefined && !accept(fstatSync(fd))) return undefined;
    const bytes = readFileSync(fd);
    markUsed(fd);
    return bytes;
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

function markUsed(fd: number): void {
  try {
    const now = Date.now();
    if (now - fstatSync(fd).mtimeMs > TOUCH_AFTER_MS) futimesSync(fd, now / 1000, now / 1000);
  } catch {
    // another user's file: it stays readable, and only ages out sooner
  }
}

/**
 * Writes a kept file whole, or nothing: under a temporary name of its own (test runners load the double in
 * several threads of one process), then renamed, so a reader never sees half a file. A write starts the cache's
 * pruning, at most once a day per process, in the background (prune-model-cache.ts). A file that
 * cannot be written only costs the next process the making of it again. The temporary file is made new
 * (`wx`: never a file or link already there) with `mode` (less the umask), and the rename replaces a link
 * at `file` instead of following it.
 */
export function writeKeptFile(file: string, bytes: NodeJS.ArrayBufferView, mode = 0o666): void {
  try {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    writeFileSync(temporary, bytes, { flag: 'wx', mode });
    renameSync(temporary, file);
  } catch {
    return;
  }
  void pruneModelCacheDaily(file); // it never rejects
}

const DIGEST_BYTES = 32;

/**
 * A kept file's body as {@link writeDigestedFile} wrote it (the body, then its SHA-256); undefined if absent,
 * unreadable, cut short or changed, so what it held is made again as if nothing was kept; `accept` as for
 * {@link readKeptFile}.
 */
export function readDigestedFile(file: string, accept?: (stats: Stats) => boolean): Buffer | undefined {
  const bytes = readKeptFile(file, accept);
  if (bytes === undefined) return undefined;
  const length = bytes.length - DIGEST_BYTES;
  if (length < 0) return undefined;
  const body = bytes.subarray(0, length);
  return createHash('sha256').update(body).digest().equals(bytes.subarray(length)) ? body : undefined;
}

/** Writes `body` and its SHA-256 as a kept file ({@link writeKeptFile}, `mode` too), for {@link readDigestedFile}. */
export function writeDigestedFile(file: string, body: NodeJS.ArrayBufferView, mode?: number): void {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  writeKeptFile(file, Buffer.concat([bytes, createHash('sha256').update(bytes).digest()]), mode);
}
