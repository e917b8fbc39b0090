import type { H3Event } from 'h3';
import { BoundedMemo } from '../../../application/shared/bounded-memo.ts';
import { withoutTrailingSlashes } from '../../shared/trailing-slashes.ts';
import { urlCanHold } from '../parsable-host.ts';
import { INVALID_HOST, requestProtocol, requestUrl } from '../request-url.ts';

export interface BaseUrlOptions {
  readonly publicBaseUrl?: string;
  readonly trustProxy: boolean;
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * A host[:port] that may be echoed into links: plain in form, and one a URL can hold (the form alone passes
 * `localhost:70000`, `999.1.1.1` and `[1:2:3]`, which no client could follow). The parse is kept per host
 * (parsable-host.ts), as a client sends the same Host, and a proxy the same X-Forwarded-Host, again and again.
 */
const plainHost = (host: string): boolean => HOST.test(host) && urlCanHold(host);

/**
 * `{base}`: PUBLIC_BASE_URL when set; otherwise the request's own origin, from X-Forwarded-Proto and
 * X-Forwarded-Host only when TRUST_PROXY=1. A Host that is not a plain host[:port] is not echoed: the URL's
 * own host stands in for it, and where that is no host either (srvx's and request-url.ts's stand-in for a
 * Host they could not read), null: the request names no origin (RFC 9112 §3.2: a 400).
 */
export function requestBaseUrl(event: H3Event, options: BaseUrlOptions): string | null {
  if (options.publicBaseUrl) return withoutTrailingSlashes(options.publicBaseUrl);
  const protocol = requestProtocol(event);
  const hostHeader = event.req.headers.get('host');
  if (!options.trustProxy && hostHeader !== null) return directBase(protocol, hostHeader, event);
  let proto = protocol.replace(/:$/, '');
  let host = hostHeader ?? requestUrl(event).host;
  if (options.trustProxy) {
    const fwdProto = event.req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    const fwdHost = event.req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    if (fwdProto === 'http' || fwdProto === 'https') proto = fwdProto;
    if (fwdHost) host = fwdHost;
  }
  if (!plainHost(host)) host = requestUrl(event).host;
  return host === INVALID_HOST ? null : `${proto}://${host}`;
}

/**
 * `{base}` for every answer, errors included, so it never fails: {@link requestBaseUrl}, else the address the
 * request reached (as srvx takes for a request without a Host), or `localhost` in-process.
 */
export function baseUrlOf(event: H3Event, options: BaseUrlOptions): string {
  return requestBaseUrl(event, options) ?? `${requestUrl(event).protocol}//${reachedAddress(event)}`;
}

/**
 * The base of a request answered directly, by protocol and Host: a client sends the same Host on every
 * request, so it is checked once. Null for a Host that is not a plain host[:port], which is not echoed.
 */
const directBases = new BoundedMemo<string, string | null>(256);

function directBase(protocol: string, host: string, event: H3Event): string | null {
  const base = directBases.get(`${protocol}${host}`, () =>
    plainHost(host) ? `${protocol.replace(/:$/, '')}://${host}` : null,
  );
  if (base !== null) return base;
  // The URL's own host stands in for one that is not plain.
  const own = requestUrl(event).host;
  return own === INVALID_HOST ? null : `${protocol.replace(/:$/, '')}://${own}`;
}

interface LocalSocket {
  readonly localAddress?: string;
  readonly localPort?: number;
  readonly localFamily?: string;
}

function reachedAddress(event: H3Event): string {
  const socket = (event.runtime?.node?.req as { socket?: LocalSocket } | undefined)?.socket;
  if (!socket?.localAddress) return 'localhost';
  const address = socket.localFamily === 'IPv6' ? `[${socket.localAddress}]` : socket.localAddress;
  return socket.localPort === undefined ? address : `${address}:${socket.localPort}`;
}
