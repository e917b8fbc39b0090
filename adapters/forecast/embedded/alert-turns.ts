import type { AlertFeature, AlertZone } from './weather/index.ts';
import { generateOfficeAlerts } from './alert-generation.ts';

/**
 * A cycle's offices, shared out between the threads that generate it: each takes the next office from one
 * counter in shared memory until none is left, so the workers split the work evenly however long each
 * office takes, and one that starts late simply takes fewer. Offices never share an alert (see alert-zone-source.ts), so the union of their results, sorted, is
 * the cycle.
 */
export function newOfficeCounter(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

/** Takes offices from `counter` until none is left; their alerts, unsorted. */
export function generateTakingTurns(zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number, counter: SharedArrayBuffer): AlertFeature[] {
  const next = new Int32Array(counter);
  const alerts: AlertFeature[] = [];
  for (let office = Atomics.add(next, 0, 1); office < zonesByOffice.length; office = Atomics.add(next, 0, 1)) {
    alerts.push(...generateOfficeAlerts(zonesByOffice[office]!, cycleHour));
  }
  return alerts;
}
