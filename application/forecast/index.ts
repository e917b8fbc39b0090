export * from './ports.ts';
export { ResolvePoint } from './resolve-point.ts';
export { GetForecast, type ForecastRequest } from './get-forecast.ts';
export { ListAlerts } from './list-alerts.ts';
export { GetAlert } from './get-alert.ts';
export { GetOffice } from './get-office.ts';
export { ReadResource, isSafePath } from './read-resource.ts';
export * from './resource-route.ts';
export { FindPointStations } from './find-point-stations.ts';
export { SummariseAlerts } from './alert-summaries.ts';
export { GetTerminalForecasts } from './terminal-forecasts.ts';

import type { GetAlert } from './get-alert.ts';
import type { GetForecast } from './get-forecast.ts';
import type { GetOffice } from './get-office.ts';
import type { ReadResource } from './read-resource.ts';
import type { ListAlerts } from './list-alerts.ts';
import type { ResolvePoint } from './resolve-point.ts';
import type { FindPointStations } from './find-point-stations.ts';
import type { SummariseAlerts } from './alert-summaries.ts';
import type { GetTerminalForecasts } from './terminal-forecasts.ts';

/** The forecast context's use cases, as the HTTP adapter receives them. */
export interface ForecastUseCases {
  readonly resolvePoint: ResolvePoint;
  readonly getForecast: GetForecast;
  readonly listAlerts: ListAlerts;
  readonly getAlert: GetAlert;
  readonly getOffice: GetOffice;
  /** Every route declared by rule, and any other path the provider may hold. */
  readonly resources: ReadResource;
  readonly findPointStations: FindPointStations;
  readonly summariseAlerts: SummariseAlerts;
  readonly getTerminalForecasts: GetTerminalForecasts;
}
