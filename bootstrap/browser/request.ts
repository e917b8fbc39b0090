/**
 * `globalThis.Request` for the browser build (esbuild's define points the in-process exchange at it). A
 * page's Request drops the headers only the network layer may set, User-Agent first of all, and the double
 * answers a request without one 403, as api.weather.gov does. This Request keeps its headers in a plain
 * Headers object, which has no such list: the app sees what the server would have seen.
 */
export class BrowserRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    Object.defineProperty(this, 'headers', { value: headers, enumerable: true });
  }
}
