import { HTTPResponse } from 'h3';
import type { ForecastAsset, ForecastDocument } from '../../../application/forecast/ports.ts';
import { PerObject } from '../../shared/per-object.ts';
import { PUBLIC_CORS_HEADERS } from '../cors.ts';
import { PlainResponse } from '../plain-response.ts';
import { etagOf, notModified } from './conditional-request.ts';
import type { ServedType } from './negotiate.ts';

/**
 * Serialised once per document object, to UTF-8 bytes: providers cache their documents, so hot answers skip
 * JSON.stringify, and the socket is given the bytes as they are (no length to measure, no text to encode).
 * The entry also keeps the last Last-Modified and Cache-Control it gave, which a hot answer repeats (a
 * forecast's max-age counts down by the second): at the server's limit every microsecond of a route shows.
 */
interface Serialised {
  readonly bytes: Uint8Array;
  readonly etag: string;
  lastModified?: { readonly ms: number; readonly date: Date; readonly text: string };
  cacheControl?: { readonly maxAge: number; readonly text: string };
}

const serialised = new PerObject<object, Serialised>((body) => {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  return { bytes, etag: etagOf(bytes) };
});

function serialise(document: ForecastDocument): Serialised {
  return serialised.of(document.body);
}

/** The document's update time to the whole second (as HTTP dates carry it), and its header text. */
function lastModifiedOf(entry: Serialised, document: ForecastDocument): { readonly date: Date; readonly text: string } {
  const ms = document.lastModified.getTime();
  if (entry.lastModified?.ms !== ms) {
    const date = new Date(Math.floor(ms / 1000) * 1000);
    entry.lastModified = { ms, date, text: date.toUTCString() };
  }
  return entry.lastModified;
}

function cacheControlOf(entry: Serialised, document: ForecastDocument): string {
  const maxAge = Math.max(0, Math.round(document.maxAgeSeconds));
  if (entry.cacheControl?.maxAge !== maxAge) entry.cacheControl = { maxAge, text: `public, max-age=${maxAge}` };
  return entry.cacheControl.text;
}

/**
 * The 200 (or 304) for a document: Content-Type as negotiated, ETag of the exact bytes, Last-Modified from
 * the data's update time, Cache-Control from the provider, and `Link: <next>; rel="next"` when the body
 * pages; a 304 when the request already holds it (conditional-request.ts).
 */
export function documentResponse(
  document: ForecastDocument,
  type: ServedType,
  request: Request,
  correlationId: string,
): HTTPResponse {
  const entry = serialise(document);
  const { bytes, etag } = entry;
  const lastModified = lastModifiedOf(entry, document);
  const notModifiedHere = notModified(request, etag, lastModified.date);
  // Every forecast document is public (see cors.ts), so its CORS headers are part of it; the headers go in
  // the sorted order a Headers object would give them.
  const headers: Record<string, string> = {
    'access-control-allow-origin': PUBLIC_CORS_HEADERS['access-control-allow-origin']!,
    'access-control-expose-headers': PUBLIC_CORS_HEADERS['access-control-expose-headers']!,
    'cache-control': cacheControlOf(entry, document),
  };
  if (!notModifiedHere) headers['content-type'] = type;
  headers['etag'] = etag;
  headers['last-modified'] = lastModified.text;
  const next = (document.body['pagination'] as { next?: unknown } | undefined)?.next;
  if (typeof next === 'string') headers['link'] = `<${next}>; rel="next"`;
  headers['vary'] = 'Accept';
  if (document.cacheStatus) headers['x-cache'] = document.cacheStatus;
  headers['x-correlation-id'] = correlationId;

  if (notModifiedHere) return new PlainResponse(null, { status: 304, headers });
  return new PlainResponse(request.method === 'HEAD' ? null : bytes, { status: 200, headers });
}

/** An icon or other binary answer, with the same caching headers and conditional handling. */
export function assetResponse(
  asset: ForecastAsset,
  request: Request,
  correlationId: string,
  variesByAccept = false,
): HTTPResponse {
  const etag = etagOf(asset.bytes);
  const lastModified = new Date(Math.floor(asset.lastModified.getTime() / 1000) * 1000);
  const headers: Record<string, string> = {
    'content-type': asset.contentType,
    'x-correlation-id': correlationId,
    etag,
    'last-modified': lastModified.toUTCString(),
    'cache-control': `public, max-age=${Math.max(0, Math.round(asset.maxAgeSeconds))}`,
  };
  // An XML rendering of a JSON document shares its URL: caches must key it by Accept.
  if (variesByAccept) headers['vary'] = 'Accept';
  if (notModified(request, etag, lastModified)) {
    delete headers['content-type'];
    return new HTTPResponse(null, { status: 304, headers });
  }
  return new HTTPResponse(request.method === 'HEAD' ? null : (asset.bytes as Uint8Array<ArrayBuffer>), {
    status: 200,
    headers,
  });
}
