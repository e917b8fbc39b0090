import { generateAlerts, type AlertFeature, type AlertZone } from '../../weather/index.ts';
import { idOrder } from '../../weather/text-order.ts';

/**
 * One cycle's alerts, generated without links: the model is given an empty base, so every link it writes
 * is a bare path. Rendering builds the links from ids and the request's base (alert-feature.ts), so no
 * request's base is ever cached.
 */
export const NO_BASE = '';

/** The order generateAlerts returns: newest first, ties by id. */
export function newestFirst(a: AlertFeature, b: AlertFeature): number {
  return Date.parse(b.properties.sent) - Date.parse(a.properties.sent) || idOrder(a.properties.id, b.properties.id);
}

/** One office's alerts for the cycle; `cycleHour` is the cycle's epoch hour (the output depends on nothing finer). */
export function generateOfficeAlerts(zones: readonly AlertZone[], cycleHour: number): AlertFeature[] {
  return generateAlerts({ zones, nowHour: cycleHour, baseUrl: NO_BASE });
}
