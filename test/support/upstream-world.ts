import {
  createUpstreamForecastProvider,
  type UpstreamProviderOptions,
} from '../../adapters/forecast/upstream/upstream-forecast-provider.ts';
import { processMetrics } from '../../adapters/metrics/taskcast-metrics.ts';
import { startFakeUpstream, type FakeUpstreamOptions } from './fake-nws-upstream.ts';
import { forecastWorld } from './forecast-http.ts';
import { answersAs, appGetter } from './openapi-coverage.ts';

/**
 * The real app with the upstream provider pointed at a fake api.weather.gov on loopback. Time, as the cache
 * sees it, moves only when `advance` is called; timeouts and backoff are real but short.
 */
export async function upstreamWorld(options: Partial<UpstreamProviderOptions> & { fake?: FakeUpstreamOptions } = {}) {
  const fake = await startFakeUpstream(options.fake);
  let now = Date.parse('2026-07-15T18:20:00Z');
  const log: Array<Record<string, unknown>> = [];
  const provider = createUpstreamForecastProvider({
    baseUrl: fake.origin,
    userAgent: 'taskcast-tests (tests@example.com)',
    cacheBytes: 8 * 1024 * 1024,
    // Generous: a busy machine must not turn a slow answer into a retry; timeout tests set their own.
    timeoutMs: 2000,
    staleMaxSeconds: 3600,
    backoffMs: 5,
    now: () => now,
    counters: processMetrics(),
    log: {
      info: (message, fields) => log.push({ message, ...fields }),
      warn: (message, fields) => log.push({ message, level: 'warn', ...fields }),
    },
    ...options,
  });
  const world = await forecastWorld({ provider });
  return {
    ...world,
    fake,
    provider,
    log,
    advance: (seconds: number): void => {
      now += seconds * 1000;
    },
  };
}

/**
 * upstreamWorld relaying a fake api.weather.gov that answers every path as the embedded provider does at
 * `now` (answersAs), with a timeout long enough for the model's slowest first answers.
 */
export async function upstreamOverEmbedded(now: Date, options: Partial<UpstreamProviderOptions> = {}) {
  const origin = appGetter((await forecastWorld({ now })).app);
  return upstreamWorld({ fake: { fixtures: false, fallback: answersAs(origin) }, timeoutMs: 60_000, ...options });
}
