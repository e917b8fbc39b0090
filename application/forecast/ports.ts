import type { Coordinates } from '../../domain/forecast/coordinates.ts';

export type { Clock } from '../shared/clock.ts';

/** A JSON document as api.weather.gov serves it: GeoJSON with JSON-LD, every link absolute. */
export type JsonDocument = Record<string, unknown>;

/** What the caller needs to build or rewrite links. */
export interface ForecastContext {
  /** `{base}`: the origin every link in a body starts with, without a trailing slash. */
  readonly baseUrl: string;
}

/** A provider's answer: the body plus what the HTTP layer needs for caching headers. */
export interface ForecastDocument {
  readonly body: JsonDocument;
  /** When the data last changed (a forecast's updateTime): Last-Modified, and the ETag's seed. */
  readonly lastModified: Date;
  /** How long a client may reuse it (Cache-Control max-age). */
  readonly maxAgeSeconds: number;
  /** Upstream provider only: how the answer was obtained (X-Cache). */
  readonly cacheStatus?: 'HIT' | 'MISS' | 'REVALIDATED' | 'STALE';
  /**
   * Whether this very document is still what its route would answer for the same URL and base: the HTTP
   * adapter asks before serving it again without the route (adapters/http/forecast/kept-documents.ts), on
   * routes that answer one document as the provider gives it. Set by a provider whose answers follow its
   * own cache (the upstream gateway's fresh hits, which count themselves as hits when asked); absent, a
   * document is kept only under the controls' rule (followsControls).
   */
  readonly stillCurrent?: () => boolean;
}

/** A binary answer such as a forecast icon. */
export interface ForecastAsset {
  readonly contentType: string;
  readonly bytes: Uint8Array;
  readonly lastModified: Date;
  readonly maxAgeSeconds: number;
}

/**
 * A resource of the API named by its path: what the port's two verbs, `document` and `asset`, are asked.
 * The path is the one its route spells from the parsed request (see resource-route.ts), so equal requests
 * share one cache key and one bundle file.
 */
export interface ResourceRequest {
  /** The path and query, such as `/radar/queues/rds?limit=5`. */
  readonly path: string;
  /** What a source that relays paths asks for it with: `application/ld+json` for JSON-LD-only documents. */
  readonly accept?: string;
}

/** What a binary or XML answer is asked for with, and which content types are accepted back. */
export interface AssetMedia {
  readonly accept: string;
  readonly matches: (contentType: string) => boolean;
  /** For messages: "an icon". */
  readonly what: string;
}

export interface GridRef {
  /** Office id, upper case, such as TOP. */
  readonly office: string;
  readonly x: number;
  readonly y: number;
}

export interface ForecastOptions {
  readonly hourly: boolean;
  readonly units: 'us' | 'si';
}

/**
 * The source of forecast data. The embedded provider computes documents offline from real geography and a
 * synthetic weather model; the upstream provider fetches them from api.weather.gov. Both throw the forecast
 * domain errors (ForecastNotFound, InvalidParameter, ForecastUnavailable); the upstream provider also
 * relays api.weather.gov's own problem documents as RelayedProblem (adapters/shared/relayed-problem.ts),
 * which the HTTP adapter answers as they came. Inputs arrive validated and normalised (see
 * domain/forecast/queries.ts and coordinates.ts, and each route's rule).
 */
export interface ForecastProvider {
  /**
   * True when every document depends on nothing but its request (path, query, base) and the forecast
   * controls (the clock's reading, the scenario): the HTTP adapter may then keep a document for the rest of
   * the clock's second instead of asking again. Absent: every request asks.
   */
  readonly followsControls?: boolean;
  /**
   * Starts, in the background, work the first requests would otherwise wait for (the embedded model's
   * alert cycle). A server calls it once at start-up; embeddings and tests need not.
   */
  prepare?(): void;
  /**
   * Any JSON document of the API by path (see ResourceRequest): every route a family folder declares, and
   * whatever else the source holds (the upstream provider relays every path). None: ForecastNotFound.
   */
  document(request: ResourceRequest, ctx: ForecastContext): Promise<ForecastDocument>;
  /** Any binary or XML resource by path (icons, thumbnails, TAFs, CAP), asked for as `media` says. */
  asset(request: ResourceRequest, media: AssetMedia, ctx: ForecastContext): Promise<ForecastAsset>;
  /** Point metadata; `point` has at most 4 decimals. */
  point(point: Coordinates, ctx: ForecastContext): Promise<ForecastDocument>;
  /** The grid cell a point falls in, for the /points/{p}/forecast routes. */
  gridOf(point: Coordinates, ctx: ForecastContext): Promise<GridRef>;
  forecast(grid: GridRef, options: ForecastOptions, ctx: ForecastContext): Promise<ForecastDocument>;
}
