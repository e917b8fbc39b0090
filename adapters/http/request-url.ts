import type { H3Event } from 'h3';
import { URL as NodeURL } from 'node:url';

/**
 * What stands for a Host that gives no URL: srvx's own stand-in for a Host it refuses (`a b`, `[::1`), used
 * here too for one it passes but the WHATWG parser refuses (a port over 65535, `999.1.1.1`, `[1:2:3]`).
 */
export const INVALID_HOST = '_invalid_';

/**
 * The request's URL as Node's own URL, parsed from the request's URL string. h3's `event.url` is srvx's
 * FastURL, which binds to the global `URL` of the moment srvx was loaded: under a DOM test environment
 * (jsdom, happy-dom) that global is the DOM library's, and FastURL's inherited getters (`host`, …) then
 * throw on it ("Cannot read private member #context"), which answered every forecast route with an opaque
 * 500. Node's URL from `node:url` is the same class whatever a test runner put on `globalThis`. Parsed once
 * per request that needs more than requestProtocol and hasQuery read; never throws: a host the parser
 * refuses becomes {@link INVALID_HOST}, and the path and query stay (srvx builds the string from the Host
 * header, so `Host: localhost:70000` made every forecast route, whose base, query and error answer all read
 * this URL, a 500).
 */
const parsed = new WeakMap<H3Event, NodeURL>();

export function requestUrl(event: H3Event): NodeURL {
  let url = parsed.get(event);
  if (url === undefined) {
    url = parseTotal(String(event.req.url));
    parsed.set(event, url);
  }
  return url;
}

function parseTotal(text: string): NodeURL {
  try {
    return new NodeURL(text);
  } catch {
    // `scheme://host/path?query`, as srvx writes it: the host has no `/` (srvx refuses one that has).
    const authority = text.indexOf('//') + 2;
    const path = authority < 2 ? -1 : text.indexOf('/', authority);
    const scheme = authority < 2 ? 'http://' : text.slice(0, authority);
    return new NodeURL(`${scheme}${INVALID_HOST}${path === -1 ? '/' : text.slice(path)}`);
  }
}

/**
 * The request URL's scheme (`http:` or `https:`), read off the start of its text. Every forecast answer
 * needs it for `{base}`, and parsing the whole URL for it was the largest cost of a warm `/points` answer
 * in the route's own code (docs/benchmarks.md, issue 41). Any other text is parsed, as before.
 */
export function requestProtocol(event: H3Event): string {
  const href = String(event.req.url);
  if (href.startsWith('http://')) return 'http:';
  if (href.startsWith('https://')) return 'https:';
  return requestUrl(event).protocol;
}

/** Whether the request's URL has a query; without a `?` in its text it has none, and it is not parsed. */
export function hasQuery(event: H3Event): boolean {
  return String(event.req.url).includes('?') && requestUrl(event).search !== '';
}
