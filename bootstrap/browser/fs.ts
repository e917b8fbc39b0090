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

const refuse = (name: string) => (): never => unavailable(`fs.${name}`);
export const mkdirSync = refuse('mkdirSync');
export const writeFileSync = refuse('writeFileSync');
export const renameSync = refuse('renameSync');
export const rmSync = refuse('rmSync');
export const openSync = refuse('openSync');
export const closeSync = refuse('closeSync');
export const writeSync = refuse('writeSync');
export const fsyncSync = refuse('fsyncSync');
export const fdatasyncSync = refuse('fdatasyncSync');
export const readSync = refuse('readSync');
export const unlinkSync = refuse('unlinkSync');
export const readdirSync = refuse('readdirSync');
export const statSync = refuse('statSync');
export const fstatSync = refuse('fstatSync');
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
  closeSync,
  writeSync,
  readdirSync,
  statSync,
  fstatSync,
  futimesSync,
  lstatSync,
  promises,
};
