import { withoutTrailingSlashes } from '../../shared/trailing-slashes.ts';

/**
 * Moves upstream bodies between "links under the upstream origin" and "links under Taskcast's {base}".
 * Bodies are cached base-free (the origin replaced by a marker) because one cached body serves every
 * {base} a request may carry; `withBase` then only touches the strings that held a link.
 */
export interface LinkRewriter {
  /** A copy of `json` with every occurrence of the upstream origin in any string replaced by the marker. */
  strip(json: unknown): unknown;
  /** A copy of a stripped body with the marker replaced by `base`. */
  withBase(stripped: unknown, base: string): unknown;
}

// NUL never occurs in api.weather.gov's text, so the marker cannot collide with data.
const MARKER = '\u0000upstream\u0000';

export function createLinkRewriter(upstreamBaseUrl: string): LinkRewriter {
  const upstream = new URL(upstreamBaseUrl);
  // The client asks {UPSTREAM_URL}{path}: a path in UPSTREAM_URL (a mirror under /nws) prefixes every link
  // as much as the origin does, and a link is a Taskcast path only once both are gone.
  const prefix = withoutTrailingSlashes(`${upstream.origin}${upstream.pathname}`);
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // The prefix must end there: https://api.weather.gov.example.com, :8443 or /nwsx is someone else.
  const pattern = new RegExp(`${escaped}(?![\\w.:-])`, 'gi');
  const quick = upstream.host.toLowerCase();

  const stripString = (s: string): string => {
    if (!s.toLowerCase().includes(quick)) return s;
    const replaced = s.replace(pattern, MARKER);
    return replaced.startsWith(MARKER) ? flattenIndexedParams(replaced) : replaced;
  };

  return {
    strip: (json) => mapStrings(json, stripString, (s) => s.toLowerCase().includes(quick)),
    withBase: (stripped, base) =>
      mapStrings(
        stripped,
        (s) => s.split(MARKER).join(base),
        (s) => s.includes(MARKER),
      ),
  };
}

/**
 * api.weather.gov writes list parameters in its pagination links as `id[0]=A&id[1]=B`; Taskcast's query
 * parser (like api.weather.gov's own) takes `id=A&id=B`, so the rewritten link is one Taskcast understands.
 */
function flattenIndexedParams(link: string): string {
  const q = link.indexOf('?');
  if (q < 0) return link;
  const hash = link.indexOf('#', q);
  const query = link.slice(q + 1, hash < 0 ? undefined : hash);
  const flattened = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq < 0 ? pair : `${withoutIndex(name)}${pair.slice(eq)}`;
    })
    .join('&');
  return `${link.slice(0, q + 1)}${flattened}${hash < 0 ? '' : link.slice(hash)}`;
}

/** `id[0]` or `id%5B0%5D` to `id`; any other name as it is. Parsed by hand: no backtracking on long links. */
function withoutIndex(name: string): string {
  for (const [open, close] of [
    ['[', ']'],
    ['%5b', '%5d'],
  ] as const) {
    const lower = name.toLowerCase();
    if (!lower.endsWith(close)) continue;
    const at = lower.lastIndexOf(open);
    const digits = name.slice(at + open.length, name.length - close.length);
    if (at > 0 && /^\d+$/.test(digits)) return name.slice(0, at);
  }
  return name;
}

/** Maps every string (keys excluded) of a JSON value, sharing untouched subtrees' scalars. */
function mapStrings(value: unknown, map: (s: string) => string, touches: (s: string) => boolean): unknown {
  if (typeof value === 'string') return touches(value) ? map(value) : value;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map, touches));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, map, touches);
    return out;
  }
  return value;
}
