import { hash } from 'node:crypto';
import { HTTPResponse, type H3Event } from 'h3';
import { taskVersion } from '../../../domain/tasks/idempotency.ts';
import type { Task } from '../../../domain/tasks/task.ts';
import { JSON_TYPE } from '../json-type.ts';
import { PlainResponse } from '../plain-response.ts';
import { ACCOUNT_ANSWER } from './cache-policy.ts';
import { listBodyInSlices } from './task-json.ts';

// RFC 9110 conditional requests on the task API: a strong ETag per task (its version), a weak one for a
// list (a digest of its bytes), If-None-Match for cheap polling, If-Match for safe concurrent edits.

export const taskEtag = (task: Task): string => `"${taskVersion(task)}"`;

/**
 * The entity-tags of an If-Match or If-None-Match header: `*`, or each quoted tag, marked weak or not.
 * Parsed by hand (no regular expression): the header comes from the client.
 */
export function entityTags(header: string | null): Array<{ weak: boolean; tag: string }> | '*' | undefined {
  if (header === null) return undefined;
  if (header.trim() === '*') return '*';
  const tags: Array<{ weak: boolean; tag: string }> = [];
  for (const raw of header.slice(0, 8192).split(',')) {
    let part = raw.trim();
    const weak = part.startsWith('W/');
    if (weak) part = part.slice(2);
    if (part.length >= 2 && part.startsWith('"') && part.endsWith('"')) tags.push({ weak, tag: part.slice(1, -1) });
  }
  return tags;
}

/** If-Match as the use cases take it: the versions named (strong comparison: a weak tag never matches), or '*'. */
export function ifMatchVersions(event: H3Event): string[] | undefined {
  const tags = entityTags(event.req.headers.get('if-match'));
  if (tags === undefined) return undefined;
  if (tags === '*') return ['*'];
  return tags.filter((t) => !t.weak).map((t) => t.tag);
}

/** If-None-Match uses weak comparison: `"x"` and `W/"x"` both match the tag x. */
function noneMatch(event: H3Event, etag: string): boolean {
  const tags = entityTags(event.req.headers.get('if-none-match'));
  if (tags === undefined) return false;
  if (tags === '*') return true;
  const bare = etag.replace(/^W\//, '').slice(1, -1);
  return tags.some((t) => t.tag === bare);
}

/**
 * A JSON answer with its ETag, or a 304 when the client already holds that version; both with the cache
 * headers of one account's answer, which a 304 must repeat (RFC 9110, 15.4.5).
 */
export function withEtag(event: H3Event, body: unknown, etag: string): HTTPResponse {
  if (noneMatch(event, etag)) return new HTTPResponse(null, { status: 304, headers: { etag, ...ACCOUNT_ANSWER } });
  return new HTTPResponse(event.req.method === 'HEAD' ? null : JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': JSON_TYPE, etag, ...ACCOUNT_ANSWER },
  });
}

/**
 * A task list with its weak ETag, a digest of the exact body, so any change to any listed task changes it.
 * `slot` names the list (the user, filter and page), so an unchanged list reuses its last digest.
 */
export async function listResponse(
  event: H3Event,
  slot: string,
  tasks: readonly Task[],
  next?: string | null,
): Promise<HTTPResponse> {
  const { bytes, etag } = await listBodyInSlices(slot, tasks, next);
  if (noneMatch(event, etag)) return new PlainResponse(null, { status: 304, headers: { etag, ...ACCOUNT_ANSWER } });
  return new PlainResponse(event.req.method === 'HEAD' ? null : bytes, {
    status: 200,
    headers: { 'content-type': JSON_TYPE, etag, ...ACCOUNT_ANSWER },
  });
}

/**
 * The fingerprint versions before 2026-11-24 stored for an Idempotency-Key: a SHA-256 digest of the
 * validated body with its keys in a fixed order (`JSON.stringify` of the sorted `[key, value]` pairs, built
 * in one pass). Keys are now stored with the fields their request named instead (createFingerprint, no
 * digest); this is computed only to recognise the repeat of a request that an earlier version stored.
 */
export function requestFingerprint(body: Record<string, unknown>): string {
  const keys = Object.keys(body).sort();
  let canonical = '[';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    canonical += `${i === 0 ? '[' : ',['}${JSON.stringify(key)},${JSON.stringify(body[key]) ?? 'null'}]`;
  }
  // The one-shot digest: a Hash object per request cost about as much as the rest of the key's bookkeeping.
  return hash('sha256', `${canonical}]`, 'base64url');
}
