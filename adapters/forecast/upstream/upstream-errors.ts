import { ForecastUnavailable } from '../../../domain/forecast/errors.ts';
import { retryAfterSeconds } from './retry-after.ts';
import type { UpstreamReply, UpstreamUnreachable } from './upstream-client.ts';

/** How the cache and the provider should treat an upstream reply. */
export type ReplyKind =
  /** A JSON document to store and serve. */
  | { readonly kind: 'document'; readonly json: Record<string, unknown> }
  | { readonly kind: 'not-modified' }
  /** A 4xx problem+json: authoritative (a point outside coverage, an unknown station), passed through. */
  | { readonly kind: 'problem'; readonly status: number; readonly json: Record<string, unknown> }
  /** Anything else: upstream failed us. A stale copy may stand in; otherwise `error` goes to the client. */
  | { readonly kind: 'failure'; readonly error: ForecastUnavailable };

export function classifyReply(reply: UpstreamReply, now: number): ReplyKind {
  if (reply.status === 304) return { kind: 'not-modified' };
  const json = parseObject(reply);
  if (reply.status >= 200 && reply.status < 300 && json) return { kind: 'document', json };
  // 429 is a failure, not a problem to pass on: api.weather.gov rate-limits without warning (#85), and a
  // stale copy or a 503 with Retry-After serves the client better than its bare 429.
  if (reply.status >= 400 && reply.status < 500 && reply.status !== 429 && json)
    return { kind: 'problem', status: reply.status, json };
  return { kind: 'failure', error: failureError(reply, json, now) };
}

/** Timeouts and network errors: the source failed, in words that say how. */
export function unreachableError(error: UpstreamUnreachable): ForecastUnavailable {
  return new ForecastUnavailable(error.message, 'failed');
}

function failureError(
  reply: UpstreamReply,
  json: Record<string, unknown> | undefined,
  now: number,
): ForecastUnavailable {
  const type = reply.headers.get('content-type')?.split(';')[0]?.trim() || 'no content type';
  const attempts = reply.retries > 0 ? ` after ${reply.retries + 1} attempts` : '';
  const answered = `The upstream forecast service answered ${reply.status}${reply.statusText ? ` ${reply.statusText}` : ''}${attempts}`;
  const retryAfter = retryAfterSeconds(reply.headers.get('retry-after'), now);
  if (!json) {
    // The CDN's 403 "Access Denied" page (weather-gov/api #163) and its kin: say what came, never relay it.
    return new ForecastUnavailable(`${answered} with ${unusableBody(reply, type)}.`, 'failed', retryAfter);
  }
  const upstreamDetail = typeof json['detail'] === 'string' ? `: ${json['detail']}` : '.';
  // 503 and 429 mean "come back later": unavailable for now, with upstream's Retry-After when it gave one.
  const comeBackLater = reply.status === 503 || reply.status === 429;
  return new ForecastUnavailable(`${answered}${upstreamDetail}`, comeBackLater ? 'unavailable' : 'failed', retryAfter);
}

/**
 * Why a body that is no JSON object cannot be used, for the problem's detail. A JSON-typed body that does
 * not parse is most often one cut short (a connection dropped mid-way through a chunked answer): saying
 * "a JSON body instead of JSON" would send the reader looking at the wrong thing.
 */
function unusableBody(reply: UpstreamReply, type: string): string {
  // An asset's reply keeps its bytes and decodes only JSON as text: its HTML page is not empty.
  if (reply.bytes ? reply.bytes.length === 0 : reply.text.trim() === '') return 'an empty body instead of JSON';
  const article = /^[aeiou]/i.test(type) ? 'an' : 'a';
  if (!isJsonType(reply)) return `${article} ${type} body instead of JSON`;
  return parseJson(reply.text) === undefined
    ? `${article} ${type} body that is not valid JSON (cut short or malformed)`
    : `${article} ${type} body that is not a JSON object`;
}

function isJsonType(reply: UpstreamReply): boolean {
  // JSON under any of geo+json, ld+json, problem+json or plain json; HTML pages are refused unread.
  return /\bjson\b|\+json/.test(reply.headers.get('content-type')?.toLowerCase() ?? '');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function parseObject(reply: UpstreamReply): Record<string, unknown> | undefined {
  if (!isJsonType(reply)) return undefined;
  const value = parseJson(reply.text);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
