import { ContainerModule } from 'inversify';
import {
  GetAlert, GetForecast, GetGridpoint, GetLatestObservation, GetOffice, GetOtherResource, GetStation, GetZone, ListAlerts, ListStations,
  ListZones, ResolvePoint, type ForecastProvider, type ForecastUseCases,
} from '../application/forecast/index.ts';
import type { Clock } from '../application/shared/clock.ts';
import { createEmbeddedForecastProvider } from '../adapters/forecast/embedded/embedded-forecast-provider.ts';
import { loadEmbeddedDeps } from '../adapters/forecast/embedded/load-embedded-deps.ts';
import type { UpstreamCounters, UpstreamLog } from '../adapters/forecast/upstream/metrics.ts';
import { createUpstreamForecastProvider } from '../adapters/forecast/upstream/upstream-forecast-provider.ts';
import { processMetrics } from '../adapters/metrics/taskcast-metrics.ts';
import { TOKENS } from './tokens.ts';

export interface UpstreamModuleOptions {
  readonly url: string;
  readonly userAgent: string;
  readonly cacheMb: number;
  readonly timeoutMs: number;
  readonly staleMaxSeconds: number;
  readonly log?: UpstreamLog;
  readonly counters?: UpstreamCounters;
}

export interface ForecastModuleOptions {
  readonly provider: 'embedded' | 'upstream';
  /** Required when provider is `upstream`. */
  readonly upstream?: UpstreamModuleOptions;
}

/** The forecast context's wiring: the provider port to one adapter, the use cases to the port. */
export function forecastModule(options: ForecastModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const upstream = options.upstream;
    if (options.provider === 'upstream') {
      if (!upstream) throw new Error('The upstream forecast provider needs its options (UPSTREAM_URL, UPSTREAM_USER_AGENT, ...).');
      bind(TOKENS.ForecastProvider).toConstantValue(createUpstreamForecastProvider({
        baseUrl: upstream.url,
        userAgent: upstream.userAgent,
        cacheBytes: upstream.cacheMb * 1024 * 1024,
        timeoutMs: upstream.timeoutMs,
        staleMaxSeconds: upstream.staleMaxSeconds,
        log: upstream.log,
        counters: upstream.counters ?? processMetrics(),
      }));
    } else {
      bind(TOKENS.ForecastProvider).toResolvedValue((clock: Clock) => createEmbeddedForecastProvider(loadEmbeddedDeps(clock)), [TOKENS.Clock]);
    }
    bind(TOKENS.ForecastUseCases).toResolvedValue((p: ForecastProvider): ForecastUseCases => ({
      resolvePoint: new ResolvePoint(p),
      getForecast: new GetForecast(p),
      getGridpoint: new GetGridpoint(p),
      listAlerts: new ListAlerts(p),
      getAlert: new GetAlert(p),
      listStations: new ListStations(p),
      getStation: new GetStation(p),
      getLatestObservation: new GetLatestObservation(p),
      listZones: new ListZones(p),
      getZone: new GetZone(p),
      getOffice: new GetOffice(p),
      getOther: new GetOtherResource(p),
    }), [TOKENS.ForecastProvider]);
  });
}
