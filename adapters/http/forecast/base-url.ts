import type { H3Event } from 'h3';
import { BoundedMemo } from '../../../application/shared/bounded-memo.ts';
import { withoutTrailingSlashes } from '../../shared/trailing-slashes.ts';
import { requestUrl } from '../request-url.ts';

export interface BaseUrlOptions {
  readonly publicBaseUrl?: string;
  readonly trustProxy: boolean;
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * `{base}`: PUBLIC_BASE_URL when set; otherwise the request's own origin, from X-Forwarded-Proto and
 * X-Forwarded-Host only when TRUST_PROXY=1. A Host that is not a plain host[:port] is not echoed into links.
 */
export function baseUrlOf(event: H3Event, options: BaseUrlOptions): string {
  if (options.publicBaseUrl) return withoutTrailingSlashes(options.publicBaseUrl);
  const protocol = requestUrl(event).protocol;
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
  if (!HOST.test(host)) host = requestUrl(event).host;
  return `${proto}://${host}`;
}

/**
 * The base of a request answered directly, by protocol and Host: a client sends the same Host on every
 * request, so it is checked once. Null for a Host that is not a plain host[:port], which is not echoed.
 */
const directBases = new BoundedMemo<string, string | null>(256);

function directBase(protocol: string, host: string, event: H3Event): string {
  const base = directBases.get(`${protocol}${host}`, () =>
    HOST.test(host) ? `${protocol.replace(/:$/, '')}://${host}` : null,
  );
  // The URL's own host stands in for one that is not plain.
  return base ?? `${protocol.replace(/:$/, '')}://${requestUrl(event).host}`;
}
