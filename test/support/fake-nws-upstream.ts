import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nwsNotFoundBody } from './nws-not-found.ts';

// A stand-in for api.weather.gov on loopback: serves the real responses in test/fixtures/nws by path, names
// itself (not api.weather.gov) in their links, as the real service would, and injects faults on demand.

const FIXTURES = new URL('../fixtures/nws/', import.meta.url);
const REAL_ORIGIN = 'https://api.weather.gov';

/** Path (no query) → fixture. Paths the fixtures were captured from, plus the ones their own links name. */
export const FIXTURE_ROUTES: Array<[RegExp, string]> = [
  [/^\/points\/39\.7456,-97\.0892$/, 'points.json'],
  [/^\/gridpoints\/(TOP\/32,81|TAE\/58,65)$/, 'gridpoint.json'],
  [/^\/gridpoints\/(TOP\/32,81|TAE\/58,65)\/forecast$/, 'forecast.json'],
  [/^\/gridpoints\/(TOP\/32,81|TAE\/58,65)\/forecast\/hourly$/, 'forecast_hourly.json'],
  [/^\/gridpoints\/(TOP\/32,81|FGZ\/74,89)\/stations$/, 'gridpoint_stations.json'],
  [/^\/alerts\/active(\/zone\/ORZ004)?$/, 'alerts_active_zone.json'],
  [/^\/alerts$/, 'alerts_active_zone.json'],
  [/^\/alerts\/(urn:oid:|urn%3Aoid%3A)[0-9.a-f]+$/i, 'alert.json'],
  [/^\/stations$/, 'stations_list.json'],
  [/^\/stations\/KSLC$/, 'station.json'],
  [/^\/stations\/KFLL\/observations\/latest$/, 'observation_latest.json'],
  [/^\/zones$/, 'zones_list.json'],
  [/^\/zones\/forecast\/UTZ101$/, 'zone.json'],
  [/^\/products\/types\/AFD\/locations\/OKX$/, 'products_afd_okx.json'],
  [/^\/stations\/KDAL\/observations$/, 'observations_kdal.json'],
];

export const DOCUMENT_FIXTURES = [...new Set(FIXTURE_ROUTES.map(([, f]) => f))];

export interface Fault {
  readonly status?: number;
  readonly delayMs?: number;
  readonly contentType?: string;
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

export interface ReceivedCall {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly status: number;
}

export const CDN_403_PAGE =
  '<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \nYou don\'t have permission to access "http&#58;&#47;&#47;api&#46;weather&#46;gov&#47;points&#47;39&#46;7456&#44;&#45;97&#46;0892" on this server.<P>\nReference&#32;&#35;18&#46;8f4d3e17&#46;1710000000&#46;1a2b3c4d\n</BODY>\n</HTML>\n';

/** A 1×1 PNG: what the fake answers for any /icons/ path, as api.weather.gov answers with its artwork. */
export const ICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export function fixtureText(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

export function fixtureFor(path: string): string | undefined {
  const pathname = path.split('?')[0] ?? path;
  return FIXTURE_ROUTES.find(([re]) => re.test(pathname))?.[1];
}

/** An answer the fake relays for a path it has no fixture for (bodies may name `REAL_ORIGIN`-style origins). */
export interface FallbackAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: Buffer;
}

export interface FakeUpstreamOptions {
  /** Cache-Control max-age the fake sends (default 60 s). */
  readonly maxAgeSeconds?: number;
  /**
   * Answers the paths no fixture covers: the fake then stands for a complete api.weather.gov. `origin` is
   * the fake's own, for the links of the body.
   */
  readonly fallback?: (pathAndQuery: string, accept: string, origin: string) => Promise<FallbackAnswer>;
  /** false: serve no recorded fixture, only the fallback (default true). */
  readonly fixtures?: boolean;
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}) {
  const calls: ReceivedCall[] = [];
  const faults = new Map<string, Fault[]>();
  let everyPath: Fault | undefined;
  let maxAge = options.maxAgeSeconds ?? 60;
  let version = 0;
  const lastModified = new Date('2026-07-15T18:00:00Z').toUTCString();
  let origin = '';

  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const pathname = path.split('?')[0] ?? path;
    const reply = (status: number, headers: Record<string, string>, body: string | Buffer): void => {
      calls.push({ path, headers: req.headers, status });
      res.writeHead(status, headers).end(body);
    };
    const queued = faults.get(pathname)?.shift() ?? faults.get('*')?.shift() ?? everyPath;
    const serve = (): void => {
      if (queued?.status !== undefined) {
        reply(
          queued.status,
          { 'content-type': queued.contentType ?? 'application/problem+json', ...queued.headers },
          queued.body ?? '',
        );
        return;
      }
      if (pathname.startsWith('/icons/')) {
        reply(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }, ICON_PNG);
        return;
      }
      const fixture = options.fixtures === false ? undefined : fixtureFor(path);
      if (!fixture && options.fallback) {
        void options.fallback(path, String(req.headers['accept'] ?? ''), origin).then(
          (answer) => {
            reply(
              answer.status,
              {
                'content-type': answer.contentType,
                'cache-control': `public, max-age=${maxAge}`,
                'last-modified': lastModified,
              },
              answer.body,
            );
          },
          (error: unknown) => reply(500, { 'content-type': 'text/plain' }, String(error)),
        );
        return;
      }
      if (!fixture) {
        const body = nwsNotFoundBody(origin, 'fake', `No fixture for ${pathname}`);
        reply(404, { 'content-type': 'application/problem+json' }, body);
        return;
      }
      // Served compact, as api.weather.gov does; version bumps change the body (and so the ETag).
      const json = JSON.parse(fixtureText(fixture).split(REAL_ORIGIN).join(origin));
      if (version > 0) json['x-version'] = version;
      const body = JSON.stringify(json);
      const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
      const headers = {
        'content-type': 'application/geo+json',
        'cache-control': `public, max-age=${maxAge}, s-maxage=${maxAge}`,
        etag,
        'last-modified': lastModified,
        ...queued?.headers,
      };
      if (req.headers['if-none-match'] === etag) {
        reply(304, { etag, 'cache-control': headers['cache-control'] }, '');
        return;
      }
      reply(200, headers, body);
    };
    if (queued?.delayMs) setTimeout(serve, queued.delayMs);
    else serve();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    calls,
    /** Calls received for a path (with or without its query). */
    count: (pathname?: string): number =>
      calls.filter((c) => pathname === undefined || c.path.split('?')[0] === pathname).length,
    /** The next calls to `pathname` (or '*': any path) meet these faults, one each, in order. */
    fail: (pathname: string, ...next: Fault[]): void => {
      faults.set(pathname, [...(faults.get(pathname) ?? []), ...next]);
    },
    /** Every call meets this fault until cleared with undefined: an outage. */
    outage: (fault: Fault | undefined): void => {
      everyPath = fault;
    },
    setMaxAge: (seconds: number): void => {
      maxAge = seconds;
    },
    /** Changes every document, so ETags no longer match. */
    bump: (): void => {
      version++;
    },
    reset: (): void => {
      calls.length = 0;
      faults.clear();
      everyPath = undefined;
    },
    close: (): Promise<void> =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;
