import { URL as NodeURL } from 'node:url';

/**
 * A fetch call handed to the h3 app in-process, and its answer handed back, whichever realm made the
 * objects. Under a DOM test environment (jsdom, happy-dom, Jest's jsdom) `URL`, `Request`, `Headers` and
 * `Response` on `globalThis` are the DOM library's, and may differ from those of the moment h3 and srvx
 * were loaded: an `instanceof` or a private field read across the two fails (happy-dom: "Response was
 * constructed outside a Window context"; jsdom: an opaque 500). So the call is read through plain accessors
 * into strings and bytes, and the answer is rebuilt from strings and bytes with the caller's `Response`.
 */

/** What a fetch call says, as strings and bytes. */
export interface RequestParts {
  readonly url: string;
  readonly method: string;
  readonly headers: [string, string][];
  readonly body: Uint8Array | null;
  readonly signal: AbortSignal | undefined;
  readonly redirect: 'follow' | 'manual' | 'error';
}

type Loose = Record<string | symbol, unknown>;

const isObject = (value: unknown): value is Loose =>
  (typeof value === 'object' && value !== null) || typeof value === 'function';

/**
 * `fetch(input, init)`'s arguments read without `instanceof`: `input` a string, a URL-like (`href`) or a
 * Request-like (`url`, `method`, `headers`, `arrayBuffer()`); `init` wins over the request, as in fetch.
 * A relative URL is read against `base`.
 */
export async function readRequestParts(
  input: unknown,
  init: RequestInit | undefined,
  base?: string,
): Promise<RequestParts> {
  let url: string;
  let method = 'GET';
  let headers: [string, string][] = [];
  let body: Uint8Array | null = null;
  let signal: AbortSignal | undefined;
  let redirect: RequestParts['redirect'] = 'follow';
  if (typeof input === 'string') url = input;
  else if (isObject(input) && typeof input['url'] === 'string') {
    url = input['url'];
    if (typeof input['method'] === 'string') method = input['method'];
    headers = headerPairs(input['headers']);
    if (isAbortSignal(input['signal'])) signal = input['signal'];
    if (isRedirect(input['redirect'])) redirect = input['redirect'];
    if (!bodyless(method) && typeof input['arrayBuffer'] === 'function' && init?.body === undefined)
      body = emptyToNull(new Uint8Array(await (input['arrayBuffer'] as () => Promise<ArrayBuffer>).call(input)));
  } else if (isObject(input) && typeof input['href'] === 'string') url = input['href'];
  else url = String(input);
  if (init) {
    if (typeof init.method === 'string') method = init.method.toUpperCase();
    if (init.headers !== undefined) headers = headerPairs(init.headers);
    if (init.body !== undefined) body = await bodyBytes(init.body);
    if (init.signal !== undefined) signal = isAbortSignal(init.signal) ? init.signal : undefined;
    if (init.redirect !== undefined) {
      if (!isRedirect(init.redirect))
        throw new TypeError(`redirect must be 'follow', 'manual' or 'error', not ${JSON.stringify(init.redirect)}`);
      redirect = init.redirect;
    }
  }
  if (bodyless(method) && body !== null) throw new TypeError(`Request with ${method} method cannot have body.`);
  let resolved: NodeURL;
  try {
    resolved = base === undefined ? new NodeURL(url) : new NodeURL(url, base);
  } catch (error) {
    throw new TypeError(`Failed to parse URL from ${url}`, { cause: error });
  }
  return { url: resolved.href, method, headers, body, signal, redirect };
}

const bodyless = (method: string): boolean => method === 'GET' || method === 'HEAD';
const emptyToNull = (bytes: Uint8Array): Uint8Array | null => (bytes.byteLength === 0 ? null : bytes);
const isRedirect = (value: unknown): value is RequestParts['redirect'] =>
  value === 'follow' || value === 'manual' || value === 'error';

/** An AbortSignal of any realm: `aborted`, `reason` and `addEventListener`. */
function isAbortSignal(value: unknown): value is AbortSignal {
  return isObject(value) && typeof value['aborted'] === 'boolean' && typeof value['addEventListener'] === 'function';
}

/** HeadersInit of any realm: a Headers-like (`forEach`), pairs, or a record. */
export function headerPairs(value: unknown): [string, string][] {
  const pairs: [string, string][] = [];
  if (!isObject(value)) return pairs;
  if (typeof value['forEach'] === 'function' && !Array.isArray(value)) {
    (value['forEach'] as (f: (v: string, k: string) => void) => void).call(value, (v, k) => pairs.push([k, String(v)]));
  } else if (Array.isArray(value) || typeof value[Symbol.iterator] === 'function') {
    for (const pair of value as unknown as Iterable<unknown>) {
      if (!Array.isArray(pair) || pair.length !== 2) throw new TypeError('Each header pair must be [name, value]');
      pairs.push([String(pair[0]), String(pair[1])]);
    }
  } else {
    for (const [k, v] of Object.entries(value)) pairs.push([k, String(v)]);
  }
  return pairs;
}

/** A BodyInit of any realm as bytes. */
async function bodyBytes(body: unknown): Promise<Uint8Array | null> {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  if (Object.prototype.toString.call(body) === '[object ArrayBuffer]') return new Uint8Array(body as ArrayBuffer);
  if (isObject(body) && typeof body['arrayBuffer'] === 'function')
    return new Uint8Array(await (body['arrayBuffer'] as () => Promise<ArrayBuffer>).call(body));
  if (isObject(body) && typeof body['getReader'] === 'function') return readAll(body);
  // URLSearchParams and the like: their text, as fetch sends them.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- URLSearchParams and kin stringify to their body
  return new TextEncoder().encode(String(body));
}

/** An answer as strings and bytes. */
export interface ResponseParts {
  readonly status: number;
  readonly statusText: string;
  readonly headers: [string, string][];
  readonly body: Uint8Array | null;
}

interface NodeResponseLike {
  _toNodeResponse(): { status: number; statusText: string; headers: unknown[]; body: unknown };
}

/**
 * The h3 app's answer as strings and bytes. srvx's Node response builds a real Response only when asked
 * for one, with the `Response` of the moment srvx was loaded (under happy-dom, one that cannot be
 * constructed); its own conversion for Node's HTTP server gives the parts without building it.
 */
export async function readResponseParts(answer: Response): Promise<ResponseParts> {
  const loose = answer as unknown as Loose;
  if (typeof loose['_toNodeResponse'] === 'function') {
    const raw = (answer as unknown as NodeResponseLike)._toNodeResponse();
    const headers: [string, string][] = [];
    for (let i = 0; i + 1 < raw.headers.length; i += 2)
      headers.push([String(raw.headers[i]), String(raw.headers[i + 1])]);
    return { status: raw.status, statusText: raw.statusText ?? '', headers, body: await streamOrBytes(raw.body) };
  }
  return {
    status: answer.status,
    statusText: answer.statusText,
    headers: headerPairs(answer.headers),
    body: answer.body === null ? null : new Uint8Array(await answer.arrayBuffer()),
  };
}

async function streamOrBytes(body: unknown): Promise<Uint8Array | null> {
  if (body === null || body === undefined) return null;
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (isObject(body) && typeof body['getReader'] === 'function') return readAll(body);
  if (isObject(body) && typeof body[Symbol.asyncIterator] === 'function') {
    const chunks: Uint8Array[] = [];
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array | string>)
      chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
    return concat(chunks);
  }
  return bodyBytes(body);
}

async function readAll(stream: Loose): Promise<Uint8Array> {
  const reader = (stream['getReader'] as () => ReadableStreamDefaultReader<Uint8Array>).call(stream);
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return concat(chunks);
    chunks.push(value);
  }
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/** Statuses whose Response must have a null body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The answer as a Response of the caller's realm (`globalThis.Response` now, which is what MSW and the code
 * under test expect), with `url` and `redirected` set as fetch sets them.
 */
export function callerResponse(parts: ResponseParts, url: string, redirected: boolean): Response {
  const body = NULL_BODY.has(parts.status) ? null : parts.body;
  // The headers appended to the Response's own rather than given in `init`: MSW's interceptors wrap the
  // global Response in a constructor that converts `init.headers` into a second Headers to note their raw
  // names (its patched Headers notes them on append too): ~10-20 µs of a warm answer through MSW.
  const response = new globalThis.Response(body as BodyInit | null, {
    status: parts.status,
    statusText: parts.statusText,
  });
  const headers = response.headers;
  for (const [name, value] of parts.headers) headers.append(name, value);
  Object.defineProperty(response, 'url', { value: url, enumerable: true, configurable: true });
  // A Response made by hand is not redirected: only a followed answer needs saying so.
  if (redirected) Object.defineProperty(response, 'redirected', { value: true, enumerable: true, configurable: true });
  return response;
}

/** Marks an in-process answer that stands for no answer at all (a networkError fault). */
export const NETWORK_ERROR_HEADER = 'x-taskcast-network-error';

/** What fetch rejects with when a networkError fault drops the connection: fetch's own TypeError. */
export class DroppedConnection extends TypeError {
  constructor() {
    super('fetch failed', { cause: new Error('the scenario dropped the connection (a networkError fault)') });
  }
}

/** Statuses fetch follows when Location is set. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Fetch's limit on redirects. */
const MAX_REDIRECTS = 20;

/** What the in-process fetch hands the h3 app: the request, and the caller's signal (see faultDelay). */
export type SendToApp = (request: Request) => Promise<Response>;

/**
 * `fetch` semantics over an in-process app: the caller's AbortSignal rejects at once with its reason (an
 * already aborted one before anything runs), and reaches the app as `request.context.signal`, so a fault's
 * delay stops with it; redirects are followed (`'follow'`, up to 20), returned (`'manual'`) or refused
 * (`'error'`) as fetch does; `url` and `redirected` are set. `reachable` says whether a redirect's target
 * is one this fetch answers (else it fails as fetch fails to reach a host). `first`, when given, is the
 * request itself, handed to the app as it is instead of one made from `parts` (which then says the same).
 */
export async function fetchInProcess(
  send: SendToApp,
  parts: RequestParts,
  first?: Request,
  reachable: (url: string) => boolean = () => true,
): Promise<Response> {
  const { signal } = parts;
  let { url, method, headers, body } = parts;
  for (let hops = 0; ; hops++) {
    if (signal?.aborted) throw abortReason(signal);
    const request =
      hops === 0 && first !== undefined
        ? first
        : new globalThis.Request(url, { method, headers, body: body as BodyInit | null });
    (request as unknown as { context: object }).context = { signal };
    const answer = await untilAborted(
      send(request).then((response) => readResponseParts(response)),
      signal,
    );
    if (answer.headers.some(([name]) => name.toLowerCase() === NETWORK_ERROR_HEADER)) throw new DroppedConnection();
    const location = answer.headers.find(([name]) => name.toLowerCase() === 'location')?.[1];
    if (!REDIRECTS.has(answer.status) || location === undefined || parts.redirect === 'manual')
      return callerResponse(answer, url, hops > 0);
    if (parts.redirect === 'error')
      throw new TypeError('fetch failed', { cause: new Error(`unexpected redirect to ${location}`) });
    if (hops === MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
    const next = new NodeURL(location, url).href;
    if (!reachable(next))
      throw new TypeError('fetch failed', { cause: new Error(`redirect to ${next}, not answered here`) });
    // As fetch: a 303 (and a 301 or 302 after a POST) turns the request into a GET without a body.
    if (
      (answer.status === 303 && method !== 'HEAD') ||
      ((answer.status === 301 || answer.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = null;
      headers = headers.filter(([name]) => !/^content-(type|length|encoding|language|location)$/i.test(name));
    }
    url = next;
  }
}

/** The signal's reason, as fetch rejects with it (an AbortError DOMException when the reason is unset). */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** The promise, or the signal's reason as soon as it aborts, whichever comes first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  // Fetch rejects with the signal's reason, whatever it is (not always an Error).
  /* eslint-disable @typescript-eslint/prefer-promise-reject-errors */
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
  /* eslint-enable @typescript-eslint/prefer-promise-reject-errors */
}

/** The caller's signal, which fetchInProcess hands the app on the request's context; undefined over HTTP. */
export function callerSignal(context: object | undefined): AbortSignal | undefined {
  const signal = (context as { signal?: unknown } | undefined)?.signal;
  return isAbortSignal(signal) ? signal : undefined;
}
