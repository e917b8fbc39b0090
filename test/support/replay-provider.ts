import { createEmbeddedForecastProvider } from '../../adapters/forecast/embedded/embedded-forecast-provider.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import { createReplayForecastProvider } from '../../adapters/forecast/replay/replay-forecast-provider.ts';
import { FixedClock } from './fakes.ts';

/**
 * The replay provider over a recorded bundle in `dir`, its clock still at `now`, with the embedded model at
 * the same time behind it for what the bundle lacks (unless `strict`).
 */
export function replayOverEmbedded(dir: string, strict: boolean, now: Date) {
  const clock = new FixedClock(now);
  return createReplayForecastProvider({
    dir,
    strict,
    clock,
    fallback: createEmbeddedForecastProvider(loadEmbeddedDeps(clock)),
  });
}
