import type {
  ForecastAsset,
  ForecastContext,
  ForecastDocument,
  ForecastProvider,
  GridRef,
} from '../../../application/forecast/ports.ts';
import { ForecastNotFound, ForecastProblemPassthrough, ForecastUnavailable } from '../../../domain/forecast/errors.ts';
import { createUpstreamCache, type UpstreamCache } from './http-cache.ts';
import { createLinkRewriter } from './link-rewriter.ts';
import { silentLog, type UpstreamCounters, type UpstreamLog } from './metrics.ts';
import { keepRequestedStatuses, upstreamAlertQuery } from './expired-alerts.ts';
import { filterStationsToBbox } from './station-bbox.ts';
import { createUpstreamClient, UpstreamUnreachable, type Fetch, type UpstreamClient } from './upstream-client.ts';
import { classifyReply, unreachableError } from './upstream-errors.ts';
import { freshnessOf } from './freshness.ts';
import type { SharedDocumentCache } from '../../shared/shared-document-cache.ts';
import { upstreamPaths as paths } from './upstream-paths.ts';
import { upstreamSurfacePaths as more } from './upstream-surface-paths.ts';
import { UpstreamHealth } from './upstream-health.ts';

export interface UpstreamProviderOptions {
  /** UPSTREAM_URL, such as https://api.weather.gov. */
  readonly baseUrl: string;
  /** UPSTREAM_USER_AGENT. */
  readonly userAgent: string;
  /** UPSTREAM_CACHE_MB, in bytes. */
  readonly cacheBytes: number;
  /** UPSTREAM_TIMEOUT_MS. */
  readonly timeoutMs: number;
  /** UPSTREAM_STALE_MAX_S, in seconds. */
  readonly staleMaxSeconds: number;
  readonly fetch?: Fetch;
  readonly counters?: UpstreamCounters;
  readonly log?: UpstreamLog;
  /** Backoff before the first retry (doubling after); tests shorten it. */
  readonly backoffMs?: number;
  readonly now?: () => number;
  /** The cluster's shared cache (Redis), when there is one. */
  readonly shared?: SharedDocumentCache;
  /** FORECAST_RECORD_DIR: called with each document fetched from upstream, its links under `{base}`. */
  readonly record?: (pathAndQuery: string, body: Record<string, unknown>, lastModified: Date) => void;
}

export interface UpstreamForecastProvider extends ForecastProvider {
  /** The cache, for tests and diagnostics. */
  readonly cache: UpstreamCache;
  /** Whether upstream is reachable, for GET /ready. */
  readonly health: UpstreamHealth;
}

/** The ForecastProvider that relays api.weather.gov through a cache, retries and link rewriting. */
export function createUpstreamForecastProvider(options: UpstreamProviderOptions): UpstreamForecastProvider {
  const now = options.now ?? Date.now;
  const rewriter = createLinkRewriter(options.baseUrl);
  const health = new UpstreamHealth({
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    fetch: options.fetch,
    now,
  });
  const client = createUpstreamClient({
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    backoffMs: options.backoffMs,
    counters: options.counters,
    log: options.log,
    health,
  });
  const cache = createUpstreamCache({
    client,
    rewriter,
    maxBytes: options.cacheBytes,
    staleMaxMs: options.staleMaxSeconds * 1000,
    now,
    counters: options.counters,
    shared: options.shared,
  });

  async function document(path: string, ctx: ForecastContext, accept?: string): Promise<ForecastDocument> {
    const lookup = await cache.get(path, accept);
    if (lookup.kind === 'problem') {
      throw new ForecastProblemPassthrough(
        lookup.status,
        rewriter.withBase(lookup.stripped, ctx.baseUrl) as Record<string, unknown>,
      );
    }
    const { entry, status } = lookup;
    // Recorded when it came from upstream, not when a cached copy was served again.
    if (options.record && (status === 'MISS' || status === 'REVALIDATED')) {
      // A recording that cannot be written (a full disk, a full bundle) costs the bundle that file, never
      // the client its answer: upstream's 200 stays a 200.
      try {
        options.record(path, entry.bodyFor('{base}', rewriter), entry.lastModified);
      } catch (error) {
        (options.log ?? silentLog).warn('forecast document not recorded', { path, reason: (error as Error).message });
      }
    }
    return {
      body: entry.bodyFor(ctx.baseUrl, rewriter),
      lastModified: entry.lastModified,
      // What is left of upstream's freshness; a stale copy must not be kept by anyone downstream.
      maxAgeSeconds: status === 'STALE' ? 0 : Math.max(0, Math.floor((entry.freshUntil - now()) / 1000)),
      cacheStatus: status,
    };
  }

  return {
    cache,
    health,
    point: (p, ctx) => document(paths.point(p), ctx),
    async gridOf(p, ctx): Promise<GridRef> {
      // Shares the cached /points document with point(), so /points/{p}/forecast costs no extra call when warm.
      const properties = (await document(paths.point(p), ctx)).body['properties'] as
        Record<string, unknown> | undefined;
      const office = properties?.['gridId'];
      const x = Number(properties?.['gridX']);
      const y = Number(properties?.['gridY']);
      if (typeof office !== 'string' || !Number.isInteger(x) || !Number.isInteger(y)) {
        if (properties && 'gridId' in properties)
          throw new ForecastNotFound(`No forecast grid covers the point ${p.lat},${p.lon}.`);
        throw new ForecastUnavailable(
          `The upstream forecast service described the point ${p.lat},${p.lon} without its grid cell.`,
          502,
          undefined,
          'Bad Gateway',
        );
      }
      return { office: office.toUpperCase(), x, y };
    },
    gridpoint: (g, ctx) => document(paths.gridpoint(g), ctx),
    forecast: (g, o, ctx) => document(paths.forecast(g, o), ctx),
    gridpointStations: (g, page, ctx) => document(paths.gridpointStations(g, page), ctx),
    async alerts(q, ctx) {
      const doc = await document(paths.alerts(upstreamAlertQuery(q)), ctx);
      return q.status?.includes('expired') ? { ...doc, body: keepRequestedStatuses(doc.body, q, now()) } : doc;
    },
    alert: (id, ctx) => document(paths.alert(id), ctx),
    async stations(q, ctx) {
      const doc = await document(paths.stations(q), ctx);
      return q.bbox ? { ...doc, body: filterStationsToBbox(doc.body, q.bbox) } : doc;
    },
    station: (id, ctx) => document(paths.station(id), ctx),
    latestObservation: (id, ctx) => document(paths.latestObservation(id), ctx),
    zones: (q, ctx) => document(paths.zones(q), ctx),
    zone: (type, id, effective, ctx) => document(paths.zone(type, id, effective), ctx),
    zoneStations: (type, id, page, ctx) => document(paths.zoneStations(type, id, page), ctx),
    office: (id, ctx) => document(paths.office(id), ctx, LD),
    // Any other endpoint of api.weather.gov that a rewritten link points at goes through the same cache.
    other: (pathAndQuery, ctx) => document(pathAndQuery, ctx),
    icon: (pathAndQuery) => relayAsset(client, pathAndQuery, now, ICON_MEDIA),

    alertCounts: (ctx) => document(more.alertCounts(), ctx, LD),
    alertTypes: (ctx) => document(more.alertTypes(), ctx, LD),
    alertCap: (id) => relayAsset(client, paths.alert(id), now, CAP_MEDIA),
    observations: (id, q, ctx) => document(more.observations(id, q), ctx),
    observationAt: (id, time, ctx) => document(more.observationAt(id, time), ctx),
    tafs: (id, ctx) => document(more.tafs(id), ctx, LD),
    taf: (id, date, time) => relayAsset(client, more.taf(id, date, time), now, TAF_MEDIA),
    officeHeadlines: (office, ctx) => document(more.officeHeadlines(office), ctx, LD),
    officeHeadline: (office, id, ctx) => document(more.officeHeadline(office, id), ctx, LD),
    officeConfig: (office, ctx) => document(more.officeConfig(office), ctx, LD),
    zoneForecast: (type, id, ctx) => document(more.zoneForecast(type, id), ctx),
    zoneObservations: (id, q, ctx) => document(more.zoneObservations(id, q), ctx),
    products: (q, ctx) => document(more.products(q), ctx, LD),
    product: (id, ctx) => document(more.product(id), ctx, LD),
    productTypes: (location, ctx) => document(more.productTypes(location), ctx, LD),
    productLocations: (type, ctx) => document(more.productLocations(type), ctx, LD),
    productsOfType: (type, location, ctx) => document(more.productsOfType(type, location), ctx, LD),
    cwsu: (id, ctx) => document(more.cwsu(id), ctx, LD),
    cwas: (id, ctx) => document(more.cwas(id), ctx),
    cwa: (id, date, sequence, ctx) => document(more.cwa(id, date, sequence), ctx),
    sigmets: (q, ctx) => document(more.sigmets(q), ctx),
    sigmet: (fir, date, sequence, ctx) => document(more.sigmet(fir, date, sequence), ctx),
    radarServers: (host, ctx) => document(more.radarServers(host), ctx, LD),
    radarServer: (id, host, ctx) => document(more.radarServer(id, host), ctx, LD),
    radarStations: (q, ctx) => document(more.radarStations(q), ctx),
    radarStation: (id, q, ctx) => document(more.radarStation(id, q), ctx),
    radarAlarms: (id, ctx) => document(more.radarAlarms(id), ctx, LD),
    radarQueue: (host, limit, ctx) => document(more.radarQueue(host, limit), ctx, LD),
    radarProfiler: (id, ctx) => document(more.radarProfiler(id), ctx, LD),
    glossary: (ctx) => document(more.glossary(), ctx, LD),
    iconIndex: (ctx) => document(more.iconIndex(), ctx, LD),
    satelliteThumbnail: (area) => relayAsset(client, more.satelliteThumbnail(area), now, THUMBNAIL_MEDIA),
  };
}

/** api.weather.gov's JSON-LD-only documents are asked for as such. */
const LD = 'application/ld+json';

/** What a binary or XML answer is asked for with, and which content types are accepted back. */
interface AssetMedia {
  readonly accept: string;
  readonly matches: (contentType: string) => boolean;
  readonly what: string;
}

const ICON_MEDIA: AssetMedia = {
  accept: 'image/png,image/*;q=0.9,*/*;q=0.1',
  matches: (t) => t.startsWith('image/'),
  what: 'an icon',
};
const THUMBNAIL_MEDIA: AssetMedia = {
  accept: 'image/jpeg,image/*;q=0.9',
  matches: (t) => t.startsWith('image/'),
  what: 'a satellite thumbnail',
};
const CAP_MEDIA: AssetMedia = { accept: 'application/cap+xml', matches: (t) => /xml/i.test(t), what: 'a CAP alert' };
const TAF_MEDIA: AssetMedia = {
  accept: 'application/vnd.wmo.iwxxm+xml,application/xml;q=0.9',
  matches: (t) => /xml/i.test(t),
  what: 'a TAF',
};

/**
 * An icon, a thumbnail or an XML TAF, relayed byte for byte (api.weather.gov draws icons as PNG). Browsers
 * cache images themselves, so these skip Taskcast's document cache; failures become the same problems as
 * for documents.
 */
async function relayAsset(
  client: UpstreamClient,
  pathAndQuery: string,
  now: () => number,
  media: AssetMedia,
): Promise<ForecastAsset> {
  let reply;
  try {
    reply = await client.get(pathAndQuery, { accept: media.accept }, true);
  } catch (error) {
    if (error instanceof UpstreamUnreachable) throw unreachableError(error);
    throw error;
  }
  const type = reply.headers.get('content-type') ?? 'application/octet-stream';
  if (reply.status === 200 && reply.bytes && media.matches(type)) {
    const lastModified = Date.parse(reply.headers.get('last-modified') ?? '');
    return {
      contentType: type,
      bytes: reply.bytes,
      lastModified: new Date(Number.isNaN(lastModified) ? now() : lastModified),
      maxAgeSeconds: Math.floor(freshnessOf(reply.headers, now()).lifetimeMs / 1000),
    };
  }
  const kind = classifyReply(reply, now());
  if (kind.kind === 'problem') throw new ForecastProblemPassthrough(kind.status, kind.json);
  if (kind.kind === 'failure') throw kind.error;
  throw new ForecastUnavailable(
    `The upstream forecast service answered ${reply.status} with ${type} for ${media.what}.`,
    502,
    undefined,
    'Bad Gateway',
  );
}
