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
    super(body as BodyInit | null, init);
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
