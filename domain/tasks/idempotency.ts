import type { NewTaskFields, Task } from './task.ts';

/**
 * Idempotency-Key on task creation (draft-ietf-httpapi-idempotency-key-header): a create with a key is done
 * once; a repeat with the same key and the same request gets the first answer again.
 */
export const IDEMPOTENCY = {
  /** Visible ASCII, 1 to 255 characters, as the draft suggests for key length. */
  maxKeyLength: 255,
  /** Keys are kept at least this long; older ones are forgotten (a repeat then creates anew). */
  retentionMs: 24 * 60 * 60 * 1000,
} as const;

export function isIdempotencyKey(value: string): boolean {
  if (value.length < 1 || value.length > IDEMPOTENCY.maxKeyLength) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return false;
  }
  return true;
}

/** What a key remembers: the request's fingerprint and the task exactly as the first answer showed it. */
export interface IdempotencyRecord {
  readonly userId: string;
  readonly key: string;
  /**
   * What tells a repeat from a different request: the fields the request named (createFingerprint), or,
   * in a record stored before 2026-11-24, the adapter's digest of the request body.
   */
  readonly fingerprint: string;
  readonly task: Task;
  /** Epoch milliseconds, from the use case's clock. */
  readonly createdAtMs: number;
}

/** The create fields, in the order of their bits in a fields fingerprint. */
const CREATE_FIELDS = ['title', 'description', 'status', 'priority', 'due_date'] as const;
const FIELDS_PREFIX = 'fields:';
/** Every fields fingerprint, made once, so a keyed create builds no string for its own. */
const FIELDS_FINGERPRINTS = Array.from({ length: 1 << CREATE_FIELDS.length }, (_, mask) => `${FIELDS_PREFIX}${mask}`);

/**
 * A create request's fingerprint: which of the create fields it named (`fields:<bits>`). With the task the
 * request created, which the key's record keeps as first answered, that tells a repeat from a different
 * request exactly, whatever the body's key order or spacing, and without a digest: a create copies each
 * named field into the task unchanged, and an unnamed one takes its default, so two requests are the same
 * when they name the same fields and the task holds the new one's values.
 */
export function createFingerprint(fields: NewTaskFields): string {
  let mask = 0;
  for (let i = 0; i < CREATE_FIELDS.length; i++) if (fields[CREATE_FIELDS[i]!] !== undefined) mask |= 1 << i;
  return FIELDS_FINGERPRINTS[mask]!;
}

/**
 * Whether `fields` is the very request whose key `record` holds. `undefined` for a record stored before
 * fields fingerprints (2026-11-24), whose fingerprint is a digest only the adapter that made it can
 * compute (a digest's base64url never holds the prefix's colon).
 */
export function isSameCreate(record: IdempotencyRecord, fields: NewTaskFields): boolean | undefined {
  if (!record.fingerprint.startsWith(FIELDS_PREFIX)) return undefined;
  if (record.fingerprint !== createFingerprint(fields)) return false;
  const task = record.task;
  return (
    task.title === fields.title &&
    (fields.description === undefined || task.description === fields.description) &&
    (fields.status === undefined || task.status === fields.status) &&
    (fields.priority === undefined || task.priority === fields.priority) &&
    (fields.due_date === undefined || task.due_date === fields.due_date)
  );
}

export function isIdempotencyRecordLive(record: IdempotencyRecord, nowMs: number): boolean {
  return nowMs - record.createdAtMs < IDEMPOTENCY.retentionMs;
}

/**
 * The version of a task, for ETag and If-Match. `updated_at` is strictly later after every change (see
 * nextUpdatedAt), so together with the id it names one state of the task.
 */
export function taskVersion(task: Task): string {
  return `${task.id.slice(0, 8)}-${task.updated_at.replace(/\D/g, '')}`;
}
