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
  let proto = event.url.protocol.replace(/:$/, '');
  let host = event.req.headers.get('host') ?? event.url.host;
  if (options.trustProxy) {
    const fwdProto = event.req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
    const fwdHost = event.req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
    if (fwdProto === 'http' || fwdProto === 'https') proto = fwdProto;
    if (fwdHost) host = fwdHost;
  }
  if (!HOST.test(host)) host = event.url.host;
  return `${proto}://${host}`;
}
