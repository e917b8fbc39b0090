import type {
  ForecastContext,
  ForecastDocument,
  ForecastProvider,
  GridRef,
} from '../../../application/forecast/ports.ts';
import type { Clock } from '../../../application/shared/clock.ts';
import { ForecastNotFound } from '../../../domain/forecast/errors.ts';
import { upstreamAlertQuery } from '../upstream/expired-alerts.ts';
import { upstreamPaths as paths } from '../upstream/upstream-paths.ts';
import { BASE_PLACEHOLDER, listEntries, readEntry } from './bundle-files.ts';
import { mapStrings, resolveDate, resolveDates } from './relative-dates.ts';

export interface ReplayProviderOptions {
  /** FORECAST_REPLAY_DIR. */
  readonly dir: string;
  /** FORECAST_REPLAY_STRICT=1: a path missing from the bundle is a 404 instead of the embedded model's. */
  readonly strict: boolean;
  /** The forecast clock: relative dates resolve against it. */
  readonly clock: Clock;
  /** What answers a path the bundle does not hold (the embedded provider). */
  readonly fallback: ForecastProvider;
}

/** Replayed documents may be kept a minute: the bundle changes only when someone edits it. */
const MAX_AGE_SECONDS = 60;

export interface ReplayForecastProvider extends ForecastProvider {
  /** The bundle's paths, for the control page. */
  bundlePaths(): string[];
}

/**
 * FORECAST_PROVIDER=replay: a recorded bundle served offline. Each document is read per request (so an
 * edited file shows at once), its `{base}` links get the request's base and its relative dates the
 * forecast clock. Routes the bundle has no file for fall back to the embedded model, or 404 when strict;
 * methods this provider does not know (routes added later) are the fallback's.
 */
export function createReplayForecastProvider(options: ReplayProviderOptions): ReplayForecastProvider {
  const { fallback } = options;

  function replayed(path: string, ctx: ForecastContext): ForecastDocument | undefined {
    const entry = readEntry(options.dir, path);
    if (!entry) {
      if (options.strict) throw new ForecastNotFound(`${path} is not in the replay bundle (FORECAST_REPLAY_STRICT=1).`);
      return undefined;
    }
    const nowMs = options.clock.now().getTime();
    const based = mapStrings(entry.body, (s) =>
      s.includes(BASE_PLACEHOLDER) ? s.split(BASE_PLACEHOLDER).join(ctx.baseUrl) : s,
    );
    return {
      body: resolveDates(based, nowMs) as Record<string, unknown>,
      lastModified: resolveDate(entry.lastModified, nowMs),
      maxAgeSeconds: MAX_AGE_SECONDS,
    };
  }

  const either =
    <A extends unknown[]>(
      pathOf: (...args: A) => string,
      fall: (...args: [...A, ForecastContext]) => Promise<ForecastDocument>,
    ) =>
    async (...args: [...A, ForecastContext]): Promise<ForecastDocument> => {
      const ctx = args[args.length - 1] as ForecastContext;
      return replayed(pathOf(...(args.slice(0, -1) as A)), ctx) ?? fall(...args);
    };

  return {
    ...fallback,
    bundlePaths: () => listEntries(options.dir),
    point: either(paths.point, fallback.point.bind(fallback)),
    async gridOf(point, ctx): Promise<GridRef> {
      const doc = replayed(paths.point(point), ctx);
      const properties = doc?.body['properties'] as Record<string, unknown> | undefined;
      if (properties && typeof properties['gridId'] === 'string') {
        return {
          office: properties['gridId'].toUpperCase(),
          x: Number(properties['gridX']),
          y: Number(properties['gridY']),
        };
      }
      return fallback.gridOf(point, ctx);
    },
    gridpoint: either(paths.gridpoint, fallback.gridpoint.bind(fallback)),
    forecast: either(paths.forecast, fallback.forecast.bind(fallback)),
    gridpointStations: either(paths.gridpointStations, fallback.gridpointStations.bind(fallback)),
    alerts: either((q) => paths.alerts(upstreamAlertQuery(q)), fallback.alerts.bind(fallback)),
    alert: either(paths.alert, fallback.alert.bind(fallback)),
    stations: either(paths.stations, fallback.stations.bind(fallback)),
    station: either(paths.station, fallback.station.bind(fallback)),
    latestObservation: either(paths.latestObservation, fallback.latestObservation.bind(fallback)),
    zones: either(paths.zones, fallback.zones.bind(fallback)),
    zone: either(paths.zone, fallback.zone.bind(fallback)),
    zoneStations: either(paths.zoneStations, fallback.zoneStations.bind(fallback)),
    office: either(paths.office, fallback.office.bind(fallback)),
    async other(pathAndQuery, ctx) {
      const doc = replayed(pathAndQuery, ctx);
      if (doc) return doc;
      if (!fallback.other) throw new ForecastNotFound(`No resource matches ${pathAndQuery}.`);
      return fallback.other(pathAndQuery, ctx);
    },
  };
}
