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

// The forecast context's parts as plain functions: forecast-module.ts binds them in the server's and the
// library's inversify container, and the test runner entry points (taskcast/msw, taskcast/fetch, the
// library's createForecast) call them directly, so a test file does not load, compile and run inversify and
// reflect-metadata (a quarter of the weather bundle) to wire three objects.

/** The forecast clock and scenario over `clock`: the forecast clock wraps it, so moving it moves the forecasts. */
export function forecastControlsOver(clock: Clock, options: ForecastModuleOptions): ForecastControls {
  return new ForecastControls(new ForecastClock(clock, options.clockStart));
}

/** The use cases over a provider, with the routes the embedded model declares. */
export function forecastUseCasesOver(provider: ForecastProvider): ForecastUseCases {
  return forecastUseCases(provider, DECLARED_ROUTES);
}

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

/**
 * How the chosen provider is made over the controls. Throws at once when the options lack what the provider
 * needs, so a misconfigured server fails when it is wired, not on its first request.
 */
export function forecastProviderFactory(
  options: ForecastModuleOptions,
): (controls: ForecastControls) => ForecastProvider | Promise<ForecastProvider> {
  if (options.provider === 'upstream') {
    const upstream = options.upstream;
    if (!upstream)
      throw new Error('The upstream forecast provider needs its options (UPSTREAM_URL, UPSTREAM_USER_AGENT, ...).');
    // api.weather.gov's answers are relayed, not computed: a scenario's alerts and weather would be
    // silently ignored, so they are refused (faults and the clock still apply).
    // The upstream and replay providers (and prom-client, the upstream's default counters) are imported
    // only when chosen: the embedded provider, the test doubles' and the library's, never needs them.
    return async (controls) => {
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
    };
  }
  if (options.provider === 'replay') {
    const replay = options.replay;
    if (!replay) throw new Error('The replay forecast provider needs FORECAST_REPLAY_DIR.');
    return async (controls) => {
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
    };
  }
  if (options.lazyData) {
    return (controls) => {
      let deps: EmbeddedDeps | undefined;
      const load = (): EmbeddedDeps => (deps ??= loadEmbeddedDeps(controls.clock, controls));
      // A scenario that names zones needs the catalogue to be checked: loading one builds it.
      controls.addVerifier((scenario, anchorMs) => load().overlay?.verify(scenario, anchorMs));
      return lazyForecastProvider(() => createEmbeddedForecastProvider(load()));
    };
  }
  return (controls) => {
    const deps = loadEmbeddedDeps(controls.clock, controls);
    if (deps.overlay) controls.addVerifier(deps.overlay.verify);
    return createEmbeddedForecastProvider(deps);
  };
}
