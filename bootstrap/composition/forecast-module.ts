import { ContainerModule } from 'inversify';
import type { ForecastProvider, ForecastUseCases } from '../../application/forecast/index.ts';
import type { Clock } from '../../application/shared/clock.ts';
import type { ForecastControls } from '../../adapters/forecast/control/forecast-controls.ts';
import type { ForecastModuleOptions } from './forecast-module-options.ts';
import { forecastControlsOver, forecastProviderFactory, forecastUseCasesOver } from './forecast-wiring.ts';
import { TOKENS } from './tokens.ts';

export type {
  ForecastModuleOptions,
  RecordModuleOptions,
  ReplayModuleOptions,
  UpstreamModuleOptions,
} from './forecast-module-options.ts';

/** The forecast context's wiring: the provider port to one adapter, the use cases to the port. */
export function forecastModule(options: ForecastModuleOptions): ContainerModule {
  const provider = forecastProviderFactory(options);
  return new ContainerModule(({ bind }) => {
    // The forecast clock wraps Clock, so a test that rebinds Clock still moves the forecasts.
    bind(TOKENS.ForecastControls).toResolvedValue(
      (clock: Clock) => forecastControlsOver(clock, options),
      [TOKENS.Clock],
    );
    bind(TOKENS.ForecastProvider).toResolvedValue(
      (controls: ForecastControls) => provider(controls),
      [TOKENS.ForecastControls],
    );
    bind(TOKENS.ForecastUseCases).toResolvedValue(
      (p: ForecastProvider): ForecastUseCases => forecastUseCasesOver(p),
      [TOKENS.ForecastProvider],
    );
  });
}
