import { httpDate } from './http-date.ts';

/** How long a stored answer may be reused without asking upstream again, per RFC 9111 for a shared cache. */
export interface Freshness {
  /** False for no-store and private: such answers are passed on but never kept. */
  readonly storable: boolean;
  /** Remaining freshness from now, in ms (0 means revalidate before every reuse). */
  readonly lifetimeMs: number;
}

// Without explicit freshness, RFC 9111 §4.2.2 allows 10% of the time since Last-Modified; capped so a
// document that has not changed for months is still checked hourly.
const HEURISTIC_FRACTION = 0.1;
const HEURISTIC_CAP_MS = 3_600_000;

export function freshnessOf(headers: Headers, now: number): Freshness {
  const directives = parseCacheControl(headers.get('cache-control'));
  if (directives.has('no-store') || directives.has('private')) return { storable: false, lifetimeMs: 0 };
  const age = seconds(headers.get('age')) ?? 0;
  const date = httpDate(headers.get('date')) ?? now;
  let lifetimeMs: number;
  if (directives.has('no-cache')) lifetimeMs = 0;
  else if (directives.has('s-maxage')) lifetimeMs = (seconds(directives.get('s-maxage')) ?? 0) * 1000;
  else if (directives.has('max-age')) lifetimeMs = (seconds(directives.get('max-age')) ?? 0) * 1000;
  // An Expires that is no HTTP-date ("0", "3000") means already expired (RFC 9111 §5.3).
  else if (headers.has('expires')) lifetimeMs = Math.max(0, (httpDate(headers.get('expires')) ?? 0) - date);
  else {
    const lastModified = httpDate(headers.get('last-modified'));
    lifetimeMs =
      lastModified === undefined
        ? 0
        : Math.min(HEURISTIC_CAP_MS, Math.max(0, (date - lastModified) * HEURISTIC_FRACTION));
  }
  return { storable: true, lifetimeMs: Math.max(0, lifetimeMs - age * 1000) };
}

/** The header fields of a stored response that its freshness is read from, beside its Last-Modified. */
export interface StoredFreshness {
  readonly cacheControl: string | undefined;
  readonly expires: string | undefined;
  readonly lastModifiedHeader: string | undefined;
}

/**
 * A 304's header fields over those of the stored response it revalidated (RFC 9111 §4.3.4): the fields it
 * carries replace the stored ones, those it leaves out stay. A 304 that repeats no Cache-Control must not
 * make a document with max-age=60 one to revalidate on every request.
 */
export function notModifiedHeaders(reply: Headers, stored: StoredFreshness): Headers {
  const merged = new Headers(reply);
  const kept: Array<[string, string | undefined]> = [
    ['cache-control', stored.cacheControl],
    ['expires', stored.expires],
    ['last-modified', stored.lastModifiedHeader],
  ];
  for (const [name, value] of kept) if (value !== undefined && !merged.has(name)) merged.set(name, value);
  return merged;
}

/**
 * Whether a stored response may stand in, stale, while upstream fails (stale-if-error). Not when upstream
 * said must-revalidate or proxy-revalidate (RFC 9111 §5.2.2.2, §5.2.2.8). s-maxage implies proxy-revalidate
 * for a shared cache too, but api.weather.gov sends it on every document: honouring that would end
 * stale-if-error, the outage cover this gateway documents, so only the explicit directives count.
 */
export function mayServeStale(cacheControl: string | undefined): boolean {
  const directives = parseCacheControl(cacheControl ?? null);
  return !directives.has('must-revalidate') && !directives.has('proxy-revalidate');
}

function parseCacheControl(value: string | null): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const part of (value ?? '').split(',')) {
    const [name, arg] = part.split('=', 2).map((s) => s.trim());
    if (name) out.set(name.toLowerCase(), arg?.replace(/^"|"$/g, ''));
  }
  return out;
}

/**
 * A delta-seconds value, at most 2^31 (RFC 9111 §1.2.2): a longer one means "for ever" all the same, and read
 * as it stands, `max-age=99999999999999999999` lost its digits to a float and was passed on as
 * `max-age=99999999999999980000`, which clients read as garbage or overflow.
 */
export function seconds(value: string | null | undefined): number | undefined {
  return value !== null && value !== undefined && /^\d+$/.test(value.trim())
    ? Math.min(Number(value.trim()), MAX_DELTA_SECONDS)
    : undefined;
}

export const MAX_DELTA_SECONDS = 2 ** 31;
