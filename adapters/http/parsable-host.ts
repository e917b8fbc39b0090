import type { IncomingMessage } from 'node:http';
import { URL as NodeURL } from 'node:url';
import { BoundedMemo } from '../../application/shared/bounded-memo.ts';
import { INVALID_HOST } from './request-url.ts';

/**
 * srvx builds each request's URL from its Host header, checking it against its own pattern only. A Host that
 * passes that pattern but not the WHATWG URL parser (`localhost:70000`, `999.1.1.1`) is kept, and srvx
 * throws on it while h3 sets the request up whenever the path holds a character its fast URL hands to
 * `new URL` (`"`, `{`, `..`, non-ASCII): before any of Taskcast's code runs, so nothing answered, the error
 * reached `uncaughtException`, and twenty such requests a minute stopped the server (process-guard.ts).
 * Such a Host is replaced, before srvx sees it, by srvx's own stand-in for one it refuses, which the forecast
 * routes answer with a 400 (base-url.ts) and the others ignore, as they ignore the Host; so is a Host given
 * twice (hasSecondHost).
 *
 * Checked once per distinct Host (a server sees a handful): a parse costs ~0.3 µs, a lookup a few ns.
 */
const parsable = new BoundedMemo<string, boolean>(256);

/** Whether a URL can hold `host` (host[:port]) as its authority; kept per host. */
export const urlCanHold = (host: string): boolean => parsable.get(host, () => NodeURL.canParse(`http://${host}/`));

/** Replaces a Host that names no origin for certain (one no URL can hold, or two Host lines) with INVALID_HOST. */
export function replaceHostWithoutOrigin(req: IncomingMessage): void {
  const host = req.headers.host;
  if (host === undefined) return;
  if ((host !== '' && !urlCanHold(host)) || hasSecondHost(req.rawHeaders)) req.headers.host = INVALID_HOST;
}

/**
 * Whether the request has more than one Host line. Node keeps the first and drops the rest, but a proxy in
 * front may have read another, so neither names the origin for certain: RFC 9112 §3.2 has a server answer
 * such a request 400, as the forecast routes do any Host that gives no origin. A scan of the raw names, a
 * few ns a request: only four-letter names are compared.
 */
export function hasSecondHost(rawHeaders: readonly string[]): boolean {
  let seen = false;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length !== 4 || name.toLowerCase() !== 'host') continue;
    if (seen) return true;
    seen = true;
  }
  return false;
}
