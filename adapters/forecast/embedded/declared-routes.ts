import type { RouteRule } from '../../../application/forecast/resource-route.ts';
import { ALERT_ROUTES } from './alerts/alert-routes.ts';
import { AVIATION_ROUTES } from './aviation/aviation-routes.ts';
import { GRID_ROUTES } from './grid/grid-routes.ts';
import { OFFICE_ROUTES } from './offices/office-routes.ts';
import { RADAR_ROUTES } from './radar/radar-routes.ts';
import { REFERENCE_ROUTES } from './reference/reference-routes.ts';
import { STATION_ROUTES } from './stations/station-routes.ts';
import { ZONE_ROUTES } from './zones/zone-routes.ts';

/**
 * Every route a family folder declares by rule, for the HTTP adapter to register (the embedded provider
 * answers each through its family's `serve`, see router.ts). A family's list lives in its folder; a route
 * added to it needs no line here.
 */
export const DECLARED_ROUTES: readonly RouteRule[] = [
  ...REFERENCE_ROUTES,
  ...RADAR_ROUTES,
  ...AVIATION_ROUTES,
  ...OFFICE_ROUTES,
  ...STATION_ROUTES,
  ...ZONE_ROUTES,
  ...GRID_ROUTES,
  ...ALERT_ROUTES,
];
