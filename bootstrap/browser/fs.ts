import { FILES } from 'taskcast-browser-files';
import { Buffer } from './buffer-global.ts';
import { noSuchFile, unavailable } from './unavailable.ts';

/**
 * node:fs for the browser build: the embedded data files, read-only. A file outside them (a scenario path,
 * the alert cycle cache) is ENOENT, as a missing file is; writing throws, which the one writer on the
 * forecast path (the alert cycle cache) already takes as "no cache".
 */
const pathOf = (path: unknown): string => (path instanceof URL ? decodeURIComponent(path.pathname) : String(path));

export function existsSync(path: unknown): boolean {
  return FILES.has(pathOf(path));
}

/** Text with an encoding; otherwise a Buffer, as Node gives, since callers slice and decode it as one. */
export function readFileSync(path: unknown, options?: unknown): string | Buffer {
  const text = FILES.get(pathOf(path));
  if (text === undefined) throw noSuchFile('open', pathOf(path));
  const encoding = typeof options === 'string' ? options : (options as { encoding?: string } | undefined)?.encoding;
  return encoding ? text : Buffer.from(text, 'utf8');
}

export const constants = { O_RDONLY: 0, O_NOFOLLOW: 0, O_CREAT: 0, O_EXCL: 0, O_WRONLY: 0 };

/**
 * Reading by descriptor, over the same files: the catalogue reads a row's page of a file, not the whole
 * file (indexed-catalogue.ts). A file's bytes are encoded once, on its first open. Opening for writing
 * throws as every write does; a file outside the embedded ones is ENOENT (the model's kept files).
 */
const bytesOf = new Map<string, Buffer>();
const open = new Map<number, Buffer>();
let nextFd = 3;

export function openSync(path: unknown, flags: unknown = 'r'): number {
  if (flags !== 'r' && flags !== constants.O_RDONLY) return unavailable('fs.openSync for writing');
  const name = pathOf(path);
  let bytes = bytesOf.get(name);
  if (bytes === undefined) {
    const text = FILES.get(name);
    if (text === undefined) throw noSuchFile('open', name);
    bytes = Buffer.from(text, 'utf8');
    bytesOf.set(name, bytes);
  }
  const fd = nextFd++;
  open.set(fd, bytes);
  return fd;
}

function opened(fd: number, syscall: string): Buffer {
  const bytes = open.get(fd);
  if (bytes === undefined) throw Object.assign(new Error(`EBADF: bad file descriptor, ${syscall}`), { code: 'EBADF' });
  return bytes;
}

/** Node's positional form: `length` bytes at `position` into `buffer` from `offset`; 0 at the end. */
export function readSync(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
  const bytes = opened(fd, 'read');
  const from = Math.min(position, bytes.length);
  const to = Math.min(from + length, bytes.length);
  buffer.set(bytes.subarray(from, to), offset);
  return to - from;
}

export function fstatSync(fd: number): { size: number; mtimeMs: number; isFile(): boolean } {
  return { size: opened(fd, 'fstat').length, mtimeMs: 0, isFile: () => true };
}

export function closeSync(fd: number): void {
  opened(fd, 'close');
  open.delete(fd);
}

const refuse = (name: string) => (): never => unavailable(`fs.${name}`);
export const mkdirSync = refuse('mkdirSync');
export const writeFileSync = refuse('writeFileSync');
export const renameSync = refuse('renameSync');
export const rmSync = refuse('rmSync');
export const writeSync = refuse('writeSync');
export const fsyncSync = refuse('fsyncSync');
export const fdatasyncSync = refuse('fdatasyncSync');
export const unlinkSync = refuse('unlinkSync');
export const readdirSync = refuse('readdirSync');
export const statSync = refuse('statSync');
export const futimesSync = refuse('futimesSync');
export const lstatSync = refuse('lstatSync');
export const ftruncateSync = refuse('ftruncateSync');
export const linkSync = refuse('linkSync');
export const copyFileSync = refuse('copyFileSync');
export const realpathSync = refuse('realpathSync');
export const createWriteStream = refuse('createWriteStream');
export const createReadStream = refuse('createReadStream');
export const fdatasync = refuse('fdatasync');
export const ftruncate = refuse('ftruncate');
export const write_ = refuse('write');
export { write_ as write };
export const fsync = refuse('fsync');
export const close = refuse('close');
export const promises = new Proxy({}, { get: (_, name) => refuse(`promises.${String(name)}`) });
export default {
  existsSync,
  readFileSync,
  constants,
  mkdirSync,
  writeFileSync,
  renameSync,
  openSync,
  readSync,
  closeSync,
  writeSync,
  readdirSync,
  statSync,
  fstatSync,
  futimesSync,
  lstatSync,
  promises,
};
