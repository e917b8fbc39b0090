// A tiny stand-in for api.weather.gov for the upstream benchmarks: replays recorded /points answers (the
// embedded server's own, with their links moved to this server's origin), compact, as api.weather.gov
// sends them, with Cache-Control max-age, ETag and Last-Modified. Anything else is a 404 problem.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nwsNotFoundBody } from '../../test/support/nws-not-found.ts';

export interface ReplayUpstream {
  origin: string;
  /** Requests received, by outcome. */
  readonly counts: { points200: number; notModified: number; notFound: number };
  close(): Promise<void>;
}

/** `/points/39.7,-97.1` and `/points/39.7000,-97.1000` name the same point. */
export function pointKey(lat: number, lon: number): string {
  return `${Math.round(lat * 1e4) / 1e4},${Math.round(lon * 1e4) / 1e4}`;
}

/**
 * `bodies` maps pointKey → a /points body whose links start with `recordedOrigin`; they are rewritten to this
 * server's origin once, at start.
 */
export async function startReplayUpstream(
  bodies: ReadonlyMap<string, string>,
  recordedOrigin: string,
  maxAgeSeconds = 3600,
): Promise<ReplayUpstream> {
  const counts = { points200: 0, notModified: 0, notFound: 0 };
  const served = new Map<string, { body: string; etag: string }>();
  const lastModified = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toUTCString();
  let origin = '';

  const server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const match = /^\/points\/(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(pathname);
    const doc = match ? served.get(pointKey(Number(match[1]), Number(match[2]))) : undefined;
    if (!doc) {
      counts.notFound++;
      res
        .writeHead(404, { 'content-type': 'application/problem+json' })
        .end(nwsNotFoundBody(origin, 'replay', `Nothing recorded for ${pathname}`));
      return;
    }
    const cacheControl = `public, max-age=${maxAgeSeconds}, s-maxage=${maxAgeSeconds}`;
    if (req.headers['if-none-match'] === doc.etag) {
      counts.notModified++;
      res.writeHead(304, { etag: doc.etag, 'cache-control': cacheControl }).end();
      return;
    }
    counts.points200++;
    res
      .writeHead(200, {
        'content-type': 'application/geo+json',
        'cache-control': cacheControl,
        etag: doc.etag,
        'last-modified': lastModified,
      })
      .end(doc.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const [key, text] of bodies) {
    const body = JSON.stringify(JSON.parse(text.split(recordedOrigin).join(origin)));
    served.set(key, { body, etag: `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"` });
  }

  return {
    origin,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
