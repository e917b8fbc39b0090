export * from './ports.ts';
export { ResolvePoint } from './resolve-point.ts';
export { GetForecast, type ForecastRequest } from './get-forecast.ts';
export { ReadResource, isSafePath } from './read-resource.ts';
export * from './resource-route.ts';
export { FindPointStations } from './find-point-stations.ts';

import { GetForecast } from './get-forecast.ts';
import { ReadResource } from './read-resource.ts';
import type { ForecastProvider } from './ports.ts';
import type { RouteRule } from './resource-route.ts';
import { ResolvePoint } from './resolve-point.ts';
import { FindPointStations } from './find-point-stations.ts';

/** The forecast context's use cases, as the HTTP adapter receives them. */
export interface ForecastUseCases {
  readonly resolvePoint: ResolvePoint;
  readonly getForecast: GetForecast;
  /** Every route declared by rule, and any other path the provider may hold. */
  readonly resources: ReadResource;
  readonly findPointStations: FindPointStations;
}

/**
 * Every use case over one provider. `routes` are the rules ReadResource serves (the composition hands over the
 * embedded families' declared routes; none by default).
 */
export function forecastUseCases(provider: ForecastProvider, routes: readonly RouteRule[] = []): ForecastUseCases {
  return {
    resolvePoint: new ResolvePoint(provider),
    getForecast: new GetForecast(provider),
    resources: new ReadResource(provider, routes),
    findPointStations: new FindPointStations(provider),
  };
}
