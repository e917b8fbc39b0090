import { readFileSync } from 'node:fs';
import type { StoreChange } from '../memory/store-state.ts';
import { StoreOpenError } from './store-open-error.ts';
import { checkChange } from './store-records.ts';

export interface Replay {
  readonly changes: StoreChange[];
  /** The bytes of records, before the zeros written ahead of them; 0 when the file is absent. */
  readonly bytes: number;
  /** What was done about the final record, for the log. */
  readonly notes: string[];
}

/** A journal file's records: its bytes up to the first zero (see readJournal). */
export function journalRecordsOf(file: Buffer): Buffer {
  const zeros = file.indexOf(0);
  return zeros === -1 ? file : file.subarray(0, zeros);
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
 */
export function readJournal(path: string): Replay {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { changes: [], bytes: 0, notes: [] };
    throw new StoreOpenError(`Cannot read the store's journal ${path}: ${(error as Error).message}`);
  }
  const records = journalRecordsOf(buffer);
  const lines = records.toString('utf8').split('\n');
  const tail = lines.pop() ?? ''; // after the last newline: empty, or a record cut short
  const changes: StoreChange[] = [];
  const notes: string[] = [];
  lines.forEach((line, index) => changes.push(parseRecord(path, line, index + 1)));
  if (tail !== '') {
    const lineNumber = lines.length + 1;
    if (isJson(tail)) {
      changes.push(parseRecord(path, tail, lineNumber));
      notes.push(`store: recovered the final record of ${path} (line ${lineNumber}), complete but for its newline`);
    } else {
      notes.push(
        `store: dropped the final record of ${path} (line ${lineNumber}, ${Buffer.byteLength(tail)} bytes), cut short by a crash before it was acknowledged`,
      );
    }
  }
  return { changes, bytes: records.length, notes };
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

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
