import type { Task } from './task.ts';

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
  /** An opaque digest of the request body, so a different request under the same key is recognised. */
  readonly fingerprint: string;
  readonly task: Task;
  /** Epoch milliseconds, from the use case's clock. */
  readonly createdAtMs: number;
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
