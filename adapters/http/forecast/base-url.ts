import type { H3Event } from 'h3';
import { withoutTrailingSlashes } from '../../shared/trailing-slashes.ts';

export interface BaseUrlOptions {
  readonly publicBaseUrl?: string;
  readonly trustProxy: boolean;
}

const HOST = /^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * `{base}`: PUBLIC_BASE_URL when set; otherwise the request's own origin, from X-Forwarded-Proto and
 * X-Forwarded-Host only when TRUST_PROXY=1. A Host that is not a plain host[:port] is not echoed into links.
 */
export function baseUrlOf(event: H3Event, options: BaseUrlOptions): string {
  if (options.publicBaseUrl) return withoutTrailingSlashes(options.publicBaseUrl);
  const protocol = event.url.protocol;
  const hostHeader = event.req.headers.get('host');
  if (!options.trustProxy && hostHeader !== null) return directBase(protocol, hostHeader, event);
  let proto = protocol.replace(/:$/, '');
  let host = hostHeader ?? event.url.host;
  if (options.trustProxy) {
    const fwdProto = event.req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    const fwdHost = event.req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    if (fwdProto === 'http' || fwdProto === 'https') proto = fwdProto;
    if (fwdHost) host = fwdHost;
  }
  if (!HOST.test(host)) host = event.url.host;
  return `${proto}://${host}`;
}

/**
 * The base of a request answered directly, by protocol and Host: a client sends the same Host on every
 * request, so it is checked once. The Host is the client's to choose, so the memo is bounded.
 */
const directBases = new Map<string, string>();

function directBase(protocol: string, host: string, event: H3Event): string {
  const key = `${protocol}${host}`;
  let base = directBases.get(key);
  if (base === undefined) {
    // A Host that is not a plain host[:port] is not echoed (nor kept): the URL's own host stands in.
    if (!HOST.test(host)) return `${protocol.replace(/:$/, '')}://${event.url.host}`;
    base = `${protocol.replace(/:$/, '')}://${host}`;
    if (directBases.size >= 256) directBases.clear();
    directBases.set(key, base);
  }
  return base;
}
