import { createHash } from 'node:crypto';

/** The strong ETag of an answer's exact bytes. */
export function etagOf(bytes: Uint8Array): string {
  return `"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

/**
 * Whether a conditional GET or HEAD already holds this version (a 304). If-None-Match wins over
 * If-Modified-Since, as RFC 9110 says; a weak tag matches its strong form.
 */
export function notModified(request: Request, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  }
  const ifModifiedSince = request.headers.get('if-modified-since');
  if (ifModifiedSince !== null) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && lastModified.getTime() <= since;
  }
  return false;
}
