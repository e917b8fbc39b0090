import { ValidationError } from '../../../domain/tasks/errors.ts';
import type { TaskCursor, TaskPosition } from '../../../domain/tasks/paging.ts';
import { formatTimestamp, isUuid, parseTimestamp } from '../../../domain/tasks/rules.ts';

// The cursor is opaque to clients (base64url), so its form can change without breaking them. Inside it is
// a place in the list: the last task's creation time and creation sequence. Cursors of earlier versions
// held the task's id instead; they are still read (see LegacyTaskCursor).

export function encodeCursor(cursor: TaskPosition): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.seq}`, 'utf8').toString('base64url');
}

export function decodeCursor(value: string): TaskCursor {
  const invalid = new ValidationError([
    { path: 'cursor', message: 'is not a cursor this server gave; start again without it' },
  ]);
  if (value.length > 128 || !/^[A-Za-z0-9_-]+$/.test(value)) throw invalid;
  const [createdAt = '', place = '', ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !isRealTimestamp(createdAt)) throw invalid;
  if (isUuid(place)) return { createdAt, id: place };
  const seq = /^[0-9]{1,16}$/.test(place) ? Number(place) : Number.NaN;
  if (!Number.isSafeInteger(seq)) throw invalid;
  return { createdAt, seq };
}

/**
 * A time this server could have written: the right shape and a real instant (Date.parse takes 02-30 and
 * rolls it over; PostgreSQL refuses it), so a forged cursor is a 400 with every store, never a 500. Year
 * 0000 is refused too: ISO has it (1 BC), but PostgreSQL's timestamp does not (a 500 there), and no task
 * was ever created in it.
 */
function isRealTimestamp(value: string): boolean {
  if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(value) || value.startsWith('0000')) return false;
  const ms = parseTimestamp(value);
  return !Number.isNaN(ms) && formatTimestamp(new Date(ms)) === value;
}
