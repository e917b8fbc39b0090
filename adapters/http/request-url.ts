import type { H3Event } from 'h3';
import { URL as NodeURL } from 'node:url';

/**
 * The request's URL as Node's own URL, parsed from the request's URL string. h3's `event.url` is srvx's
 * FastURL, which binds to the global `URL` of the moment srvx was loaded: under a DOM test environment
 * (jsdom, happy-dom) that global is the DOM library's, and FastURL's inherited getters (`host`, …) then
 * throw on it ("Cannot read private member #context"), which answered every forecast route with an opaque
 * 500. Node's URL from `node:url` is the same class whatever a test runner put on `globalThis`. Parsed once
 * per request.
 */
const parsed = new WeakMap<H3Event, NodeURL>();

export function requestUrl(event: H3Event): NodeURL {
  let url = parsed.get(event);
  if (url === undefined) {
    url = new NodeURL(String(event.req.url));
    parsed.set(event, url);
  }
  return url;
}
