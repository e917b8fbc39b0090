import type { IncomingHttpHeaders } from 'node:http';

/**
 * Request headers read the cheap way where the answer cannot differ. Behind node:http, h3's request (srvx's
 * NodeRequest) answers `headers.get(name)` from Node's own parsed headers, after lower-casing the name, a
 * set lookup, and for a missing header a regular expression on its name: ~0.1 µs a call, five calls a
 * forecast answer, at the server's limit where a microsecond of a route's own work costs nearly two. Node's
 * parsed headers say at once whether a header is there, and for most headers what it is; where Node and
 * srvx could differ (a header sent twice that Node keeps once), the answer comes from srvx as before.
 */
interface NodeBacked {
  readonly runtime?: { readonly node?: { readonly req?: { readonly headers: IncomingHttpHeaders } } };
  readonly headers: { get(name: string): string | null };
}

/** Node's parsed headers of a request that node:http is serving; undefined otherwise (`app.fetch`). */
function nodeHeaders(request: NodeBacked): IncomingHttpHeaders | undefined {
  return request.runtime?.node?.req?.headers;
}

/**
 * `request.headers.get(name) === null`, for a lower-case header name: srvx answers null exactly when Node's
 * parsed headers lack the name (a valid token, as every name passed here is).
 */
export function lacksHeader(request: NodeBacked, lowerName: string): boolean {
  const parsed = nodeHeaders(request);
  return parsed ? parsed[lowerName] === undefined : request.headers.get(lowerName) === null;
}

/**
 * `request.headers.get(name)`, for a lower-case name of a header that Node joins when repeated (Accept, say,
 * but not Host or User-Agent): Node's value is then srvx's.
 */
export function joinedHeader(request: NodeBacked, lowerName: string): string | null {
  const parsed = nodeHeaders(request);
  if (!parsed) return request.headers.get(lowerName);
  const value = parsed[lowerName];
  return typeof value === 'string' ? value : request.headers.get(lowerName);
}

/**
 * Whether a User-Agent with more than white space came: Node keeps the first of repeated ones and srvx
 * joins them, so Node's answer stands when its value is not blank (srvx's then holds it too), and srvx's
 * otherwise.
 */
export function hasUserAgent(request: NodeBacked): boolean {
  const value = nodeHeaders(request)?.['user-agent'];
  if (typeof value === 'string' && value.trim() !== '') return true;
  const joined = request.headers.get('user-agent');
  return joined !== null && joined.trim() !== '';
}
