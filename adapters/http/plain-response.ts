import { HTTPResponse } from 'h3';

/**
 * An h3 answer whose headers stay a plain record. h3 hands an answer's `headers` to the Response it builds,
 * whose init takes a record as well as a `Headers`, and srvx writes a record's entries straight to the
 * socket. h3's own HTTPResponse turns the record into a `Headers` first (validated, then sorted again on
 * every iteration), which on the hot answers (the task list, the forecast documents) cost more CPU than
 * the rest of the route. Anything that does ask the final Response for its headers still gets a `Headers`.
 */
export class PlainResponse extends HTTPResponse {
  readonly #fields: Record<string, string>;

  constructor(body: string | Uint8Array | null, init: { status: number; headers: Record<string, string> }) {
    super(ownRealm(body) as BodyInit | null, init);
    this.#fields = init.headers;
  }

  /** Whether the answer already carries this header (lower-case name). */
  has(name: string): boolean {
    return name in this.#fields;
  }

  // h3 only passes this on as a HeadersInit (see prepareResponse in h3's response.mjs); a record is one.
  override get headers(): Headers {
    return this.#fields as unknown as Headers;
  }
}

/**
 * The bytes as a Uint8Array of this realm, over the same memory. Under a test runner's vm context (Vitest's
 * vmThreads and vmForks pools) the double's TextEncoder is Node's, whose arrays are another realm's: srvx,
 * which tells a body's kind by `instanceof`, took them for none it knows and built a Response of them, with
 * the `Response` of the moment it loaded, which happy-dom's environment does not let anyone construct.
 */
function ownRealm(body: string | Uint8Array | null): string | Uint8Array | null {
  if (body === null || typeof body === 'string' || body instanceof Uint8Array) return body;
  const bytes = body as ArrayBufferView; // a Uint8Array all the same, of another realm
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
