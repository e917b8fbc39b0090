export * from './ports.ts';
export { ResolvePoint } from './resolve-point.ts';
export { GetForecast, type ForecastRequest } from './get-forecast.ts';
export { GetGridpoint } from './get-gridpoint.ts';
export { ListAlerts } from './list-alerts.ts';
export { GetAlert } from './get-alert.ts';
export { ListStations, GetStation, GetLatestObservation } from './stations.ts';
export { ListZones, GetZone } from './zones.ts';
export { GetOffice } from './get-office.ts';
export { GetOtherResource } from './get-other-resource.ts';

import type { GetAlert } from './get-alert.ts';
import type { GetForecast } from './get-forecast.ts';
import type { GetGridpoint } from './get-gridpoint.ts';
import type { GetOffice } from './get-office.ts';
import type { GetOtherResource } from './get-other-resource.ts';
import type { ListAlerts } from './list-alerts.ts';
import type { ResolvePoint } from './resolve-point.ts';
import type { GetLatestObservation, GetStation, ListStations } from './stations.ts';
import type { GetZone, ListZones } from './zones.ts';

/** The forecast context's use cases, as the HTTP adapter receives them. */
export interface ForecastUseCases {
  readonly resolvePoint: ResolvePoint;
  readonly getForecast: GetForecast;
  readonly getGridpoint: GetGridpoint;
  readonly listAlerts: ListAlerts;
  readonly getAlert: GetAlert;
  readonly listStations: ListStations;
  readonly getStation: GetStation;
  readonly getLatestObservation: GetLatestObservation;
  readonly listZones: ListZones;
  readonly getZone: GetZone;
  readonly getOffice: GetOffice;
  readonly getOther: GetOtherResource;
}
