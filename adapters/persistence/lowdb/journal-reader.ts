import { readFileSync } from 'node:fs';
import type { StoreChange } from '../memory/store-state.ts';
import { StoreOpenError } from './store-open-error.ts';
import { checkChange } from './store-records.ts';

export interface Replay {
  readonly changes: StoreChange[];
  /** The bytes of records, before the zeros written ahead of them; 0 when the file is absent. */
  readonly bytes: number;
  /** Where the last complete record ends: what a store going on with this file keeps of it. */
  readonly completeBytes: number;
  /** The final record, complete but for its newline, when it was recovered (a store going on rewrites it). */
  readonly recoveredTail?: string;
  /** What was done about the final record, for the log. */
  readonly notes: string[];
}

/** Bytes of journal decoded as one string: a few thousand records, far below V8's longest string. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** A journal file's records: its bytes up to the first zero (see readJournal). */
export function journalRecordsOf(file: Buffer): Buffer {
  const zeros = file.indexOf(0);
  return zeros === -1 ? file : file.subarray(0, zeros);
}

/**
 * What lies past the first zero byte. Zeros are only ever the end of the journal's records: written ahead of
 * them, or left by a batch a crash interrupted. With two batches in flight, a crash can leave the later one
 * whole behind the earlier one's zeros: one run of bytes that begins with a record (a batch starts at a
 * record) and is followed by nothing but zeros. It was never acknowledged (batches are acknowledged in
 * order) and is not replayed. Anything else past the zeros (data resuming inside a record, or more than one
 * run) is damage: a block zeroed in the middle of the journal, with acknowledged records after it.
 */
export function pastTheZeros(file: Buffer): {
  readonly zerosAt: number;
  readonly damageAt?: number;
  readonly leftover?: number;
} {
  const zerosAt = file.indexOf(0);
  if (zerosAt === -1) return { zerosAt: file.length };
  let runAt = zerosAt;
  while (runAt < file.length && file[runAt] === 0) runAt++;
  if (runAt === file.length) return { zerosAt };
  const runEnd = file.indexOf(0, runAt);
  if (runEnd !== -1) {
    for (let i = runEnd; i < file.length; i++) if (file[i] !== 0) return { zerosAt, damageAt: runAt };
  }
  const run = file.subarray(runAt, runEnd === -1 ? file.length : runEnd);
  const newline = run.indexOf(0x0a);
  if (newline === -1 || !isRecord(run, newline)) return { zerosAt, damageAt: runAt };
  return { zerosAt, leftover: run.length };
}

/**
 * Reads the journal for replay. Every line must be a valid record: a line that is not JSON, is `null`, lacks a
 * field or has an unknown kind means the file is not what this store wrote, and start-up stops with one line
 * naming it (the file is left untouched). Only the final record can be cut short by a crash, and its batch
 * was never acknowledged: without its newline but otherwise complete and valid, it is recovered; cut inside
 * the JSON, it is dropped. Both are logged.
 *
 * The records end at the first zero byte: the journal writes zeros ahead of its records (see Journal), and
 * no record holds one, since JSON escapes U+0000. A batch a crash interrupted leaves zeros where it did not
 * finish, so the reader stops there, before anything that was never acknowledged.
 *
 * The records are decoded a run of lines at a time (`chunkBytes`, smaller in tests), never as one string:
 * V8 makes no string over 2^29 - 24 characters (~512 MiB), and a journal being folded reaches that at a
 * snapshot of ~171 MiB (compactor.ts).
 */
export function readJournal(path: string, chunkBytes = CHUNK_BYTES): Replay {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { changes: [], bytes: 0, completeBytes: 0, notes: [] };
    throw new StoreOpenError(`Cannot read the store's journal ${path}: ${(error as Error).message}`);
  }
  const past = pastTheZeros(buffer);
  if (past.damageAt !== undefined) {
    throw new StoreOpenError(
      `The store's journal ${path} is damaged at byte ${past.zerosAt}: zeros there are followed by more data at byte ${past.damageAt}, which would be lost; it was left untouched. Restore it from a backup, or, to keep only the records before the damage, cut it there (truncate -s ${past.zerosAt} ${path}).`,
    );
  }
  const records = journalRecordsOf(buffer);
  // The complete records end at the last newline; after it: nothing, or a record cut short.
  const completeBytes = records.lastIndexOf(0x0a) + 1;
  const changes: StoreChange[] = [];
  const notes: string[] = [];
  let lineNumber = 0;
  for (const [from, to] of textRuns(records, completeBytes, chunkBytes)) {
    const text = decode(path, records, from, to, lineNumber + 1);
    for (const line of text.split('\n')) changes.push(parseRecord(path, line, ++lineNumber));
  }
  const tail = decode(path, records, completeBytes, records.length, lineNumber + 1);
  let recovered = false;
  if (tail !== '') {
    const tailLine = lineNumber + 1;
    if (isJson(tail)) {
      changes.push(parseRecord(path, tail, tailLine));
      recovered = true;
      notes.push(`store: recovered the final record of ${path} (line ${tailLine}), complete but for its newline`);
    } else {
      notes.push(
        `store: dropped the final record of ${path} (line ${tailLine}, ${records.length - completeBytes} bytes), cut short by a crash before it was acknowledged`,
      );
    }
  }
  if (past.leftover !== undefined) {
    notes.push(
      `store: ignored ${past.leftover} bytes of ${path} after byte ${past.zerosAt}: a batch a crash left behind an unfinished one, never acknowledged`,
    );
  }
  return { changes, bytes: records.length, completeBytes, notes, ...(recovered ? { recoveredTail: tail } : {}) };
}

/**
 * The complete records (`bytes` up to `end`, which follows a newline) as runs of whole lines of about
 * `chunkBytes` each, every run without its final newline: [from, to) byte ranges. A line longer than a chunk
 * is a run of its own. A newline byte is never part of a multi-byte UTF-8 character, so each run decodes on
 * its own.
 */
function* textRuns(bytes: Buffer, end: number, chunkBytes: number): Generator<readonly [number, number]> {
  let from = 0;
  while (from < end) {
    let to = bytes.lastIndexOf(0x0a, Math.min(from + chunkBytes, end) - 1);
    if (to < from) to = bytes.indexOf(0x0a, from + chunkBytes);
    yield [from, to];
    from = to + 1;
  }
}

/** `bytes` from `from` to `to` as text, or a StoreOpenError naming the file when it is too long for one string. */
function decode(path: string, bytes: Buffer, from: number, to: number, lineNumber: number): string {
  try {
    return bytes.toString('utf8', from, to);
  } catch (error) {
    throw new StoreOpenError(
      `The store's journal ${path} has a record at line ${lineNumber} too long to read (${to - from} bytes: ${(error as Error).message}); it was left untouched. This store never writes one: restore it from a backup or move it away.`,
    );
  }
}

function parseRecord(path: string, line: string, lineNumber: number): StoreChange {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new StoreOpenError(
      `The store's journal ${path} is damaged at line ${lineNumber} (not JSON); it was left untouched. Restore it from a backup or move it away.`,
    );
  }
  const checked = checkChange(value);
  if (!checked.ok) {
    throw new StoreOpenError(
      `The store's journal ${path} has an invalid record at line ${lineNumber} (${checked.problem}); it was left untouched. Restore it from a backup or move it away.`,
    );
  }
  return checked.value;
}

/** Whether `bytes` up to `end` is one valid record. */
function isRecord(bytes: Buffer, end: number): boolean {
  try {
    return checkChange(JSON.parse(bytes.toString('utf8', 0, end))).ok;
  } catch {
    return false;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
