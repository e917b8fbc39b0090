import { ContainerModule } from 'inversify';
import { forecastUseCases, type ForecastProvider, type ForecastUseCases } from '../../application/forecast/index.ts';
import type { Clock } from '../../application/shared/clock.ts';
import { ForecastClock } from '../../adapters/forecast/control/forecast-clock.ts';
import { ForecastControls } from '../../adapters/forecast/control/forecast-controls.ts';
import { ScenarioInvalid, type Scenario } from '../../adapters/forecast/control/scenario-schema.ts';
import { createEmbeddedForecastProvider } from '../../adapters/forecast/embedded/embedded-forecast-provider.ts';
import type { EmbeddedDeps } from '../../adapters/forecast/embedded/embedded-deps.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import { DECLARED_ROUTES } from '../../adapters/forecast/embedded/declared-routes.ts';
import { lazyForecastProvider } from '../../adapters/forecast/lazy-forecast-provider.ts';
import type { ForecastModuleOptions } from './forecast-module-options.ts';
import { TOKENS } from './tokens.ts';

export type {
  ForecastModuleOptions,
  RecordModuleOptions,
  ReplayModuleOptions,
  UpstreamModuleOptions,
} from './forecast-module-options.ts';

function refuseModelChanges(scenario: Scenario): void {
  if (scenario.alerts?.length)
    throw new ScenarioInvalid(
      'alerts',
      'the upstream provider relays api.weather.gov, so it cannot issue alerts; use FORECAST_PROVIDER=embedded or replay',
    );
  if (scenario.weather?.length)
    throw new ScenarioInvalid(
      'weather',
      'the upstream provider relays api.weather.gov, so it cannot change the weather; use FORECAST_PROVIDER=embedded or replay',
    );
}

/** The forecast context's wiring: the provider port to one adapter, the use cases to the port. */
export function forecastModule(options: ForecastModuleOptions): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const upstream = options.upstream;
    // The forecast clock wraps Clock, so a test that rebinds Clock still moves the forecasts.
    bind(TOKENS.ForecastControls).toResolvedValue(
      (clock: Clock) => new ForecastControls(new ForecastClock(clock, options.clockStart)),
      [TOKENS.Clock],
    );
    if (options.provider === 'upstream') {
      if (!upstream)
        throw new Error('The upstream forecast provider needs its options (UPSTREAM_URL, UPSTREAM_USER_AGENT, ...).');
      // api.weather.gov's answers are relayed, not computed: a scenario's alerts and weather would be
      // silently ignored, so they are refused (faults and the clock still apply).
      // The upstream and replay providers (and prom-client, the upstream's default counters) are imported
      // only when chosen: the embedded provider, the test doubles' and the library's, never needs them.
      bind(TOKENS.ForecastProvider).toResolvedValue(
        async (controls: ForecastControls) => {
          controls.addVerifier(refuseModelChanges);
          const [{ createUpstreamForecastProvider }, { processMetrics }, { createBundleRecorder }] = await Promise.all([
            import('../../adapters/forecast/upstream/upstream-forecast-provider.ts'),
            import('../../adapters/metrics/taskcast-metrics.ts'),
            import('../../adapters/forecast/replay/bundle-recorder.ts'),
          ]);
          return createUpstreamForecastProvider({
            baseUrl: upstream.url,
            userAgent: upstream.userAgent,
            cacheBytes: upstream.cacheMb * 1024 * 1024,
            timeoutMs: upstream.timeoutMs,
            staleMaxSeconds: upstream.staleMaxSeconds,
            log: upstream.log,
            counters: upstream.counters ?? processMetrics(),
            shared: upstream.shared,
            record: options.record ? createBundleRecorder(options.record) : undefined,
          });
        },
        [TOKENS.ForecastControls],
      );
    } else if (options.provider === 'replay') {
      const replay = options.replay;
      if (!replay) throw new Error('The replay forecast provider needs FORECAST_REPLAY_DIR.');
      bind(TOKENS.ForecastProvider).toResolvedValue(
        async (controls: ForecastControls) => {
          const { createReplayForecastProvider } =
            await import('../../adapters/forecast/replay/replay-forecast-provider.ts');
          const deps = loadEmbeddedDeps(controls.clock, controls);
          if (deps.overlay) controls.addVerifier(deps.overlay.verify);
          return createReplayForecastProvider({
            dir: replay.dir,
            strict: replay.strict,
            clock: controls.clock,
            fallback: createEmbeddedForecastProvider(deps),
          });
        },
        [TOKENS.ForecastControls],
      );
    } else if (options.lazyData) {
      bind(TOKENS.ForecastProvider).toResolvedValue(
        (controls: ForecastControls) => {
          let deps: EmbeddedDeps | undefined;
          const load = (): EmbeddedDeps => (deps ??= loadEmbeddedDeps(controls.clock, controls));
          // A scenario that names zones needs the catalogue to be checked: loading one builds it.
          controls.addVerifier((scenario, anchorMs) => load().overlay?.verify(scenario, anchorMs));
          return lazyForecastProvider(() => createEmbeddedForecastProvider(load()));
        },
        [TOKENS.ForecastControls],
      );
    } else {
      bind(TOKENS.ForecastProvider).toResolvedValue(
        (controls: ForecastControls) => {
          const deps = loadEmbeddedDeps(controls.clock, controls);
          if (deps.overlay) controls.addVerifier(deps.overlay.verify);
          return createEmbeddedForecastProvider(deps);
        },
        [TOKENS.ForecastControls],
      );
    }
    bind(TOKENS.ForecastUseCases).toResolvedValue(
      (p: ForecastProvider): ForecastUseCases => forecastUseCases(p, DECLARED_ROUTES),
      [TOKENS.ForecastProvider],
    );
  });
}
