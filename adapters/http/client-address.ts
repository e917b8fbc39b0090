import { getRequestIP, type H3Event } from 'h3';

/** Longer than any IPv6 text form; a forwarded value past this is junk, not an address. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The client's address, the key of every per-client budget.
 *
 * Behind a reverse proxy the socket's peer is the proxy, so every client would share one budget. With
 * TRUST_PROXY=1 the address is the LAST entry of X-Forwarded-For: the one our proxy appended for the peer
 * it saw. Earlier entries were written by the client and can be anything, which is why h3's
 * `getRequestIP(event, { xForwardedFor: true })` (it takes the first) is not used. Without TRUST_PROXY the
 * header is ignored, so nobody can pick an address to dodge a budget.
 */
export function clientAddress(event: H3Event, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = event.req.headers.get('x-forwarded-for');
    const last = forwarded?.slice(forwarded.lastIndexOf(',') + 1).trim();
    if (last && last.length <= MAX_ADDRESS_LENGTH) return last;
  }
  // The socket's peer straight from Node when there is one: h3's getRequestIP asks srvx, which also reads
  // X-Forwarded-For from Node's `headers` object, built from the raw headers on first use (about 1 µs of a
  // request that otherwise never needs it).
  return (
    (event.runtime?.node?.req as { socket?: { remoteAddress?: string } } | undefined)?.socket?.remoteAddress ??
    getRequestIP(event) ??
    'unknown'
  );
}
