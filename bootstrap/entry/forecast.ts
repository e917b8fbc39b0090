import { createForecastApp } from '../../adapters/http/forecast-app.ts';
import { SystemClock } from '../../adapters/system/system-clock.ts';
import { forecastControlsOver, forecastProviderFactory, forecastUseCasesOver } from '../composition/forecast-wiring.ts';
import { disposable } from './disposable.ts';
import { errorsToConsole, libraryForecast } from './library-forecast.ts';
import type { TaskcastForecast } from './taskcast-forecast.ts';

/** What createForecast takes: the embedded model (the default) or a recorded bundle, and the clock's start. */
export interface ForecastOptions {
  /** A recorded bundle to answer from, as FORECAST_PROVIDER=replay does; unset, the embedded model. */
  readonly replay?: { readonly dir: string; readonly strict?: boolean };
  /** Where the forecast clock starts (frozen with rate 0); unset, it follows the process clock until set. */
  readonly clock?: { readonly now: Date; readonly rate: 0 | 1 };
  /** Read the model's data at creation instead of on the first request (about 0.5 s either way). */
  readonly eagerData?: boolean;
}

/** The forecast object on its own, with close() (and `await using`). */
export interface StandaloneForecast extends TaskcastForecast {
  /** A forecast fetch still pending rejects, and its fault delay stops. */
  close(): Promise<void>;
}

/**
 * The forecast service in-process without the task service: what `createTaskcast({ forecastProvider })`'s
 * `forecast` is, the forecast context alone wired as the server's container wires it (forecast-wiring.ts),
 * answering through the forecast API's own h3 app. taskcast/msw and taskcast/fetch are built on it; it loads
 * no store, bcrypt, pg or ioredis, nor inversify (test/unit/bootstrap/weather-path-modules.test.ts).
 */
export async function createForecast(options: ForecastOptions = {}): Promise<StandaloneForecast> {
  const settings = {
    provider: options.replay ? 'replay' : 'embedded',
    replay: options.replay && { dir: options.replay.dir, strict: options.replay.strict ?? false },
    clockStart: options.clock,
    lazyData: !options.eagerData,
  } as const;
  const controls = forecastControlsOver(new SystemClock(), settings);
  const useCases = forecastUseCasesOver(await forecastProviderFactory(settings)(controls));
  // Documents kept per URL and clock second, as the server keeps them (kept-documents.ts), so a warm request
  // through taskcast/msw or taskcast/fetch skips the use case and the model. The embedded provider's documents
  // follow the controls alone (embedded-forecast-provider.ts), built yet or not (lazy-forecast-provider.ts).
  const keepDocuments = settings.provider === 'embedded';
  const app = createForecastApp({ forecast: useCases, controls, log: errorsToConsole, keepDocuments });
  const inProcess = libraryForecast({ useCases, controls }, app);
  return disposable({
    ...inProcess.forecast,
    close: async () => inProcess.abandonPending(new Error('The forecast was closed while this request was pending')),
  });
}
