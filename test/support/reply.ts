/** An answer of the in-process app as the HTTP tests read it. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The text parsed as JSON; undefined when it is empty or not JSON (an HTML page, a bare error). */
  readonly body: any;
}

/** Reads the whole answer once, so a test can look at its text and its JSON both. */
export async function readReply(response: Response): Promise<Reply> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}
