// What the tests that hold an alert's text against its zones' gridpoints share: every office's alert zones
// (each sampled where its weather is, zone-places.json), the alerts in force at a cycle, and the gridpoint's
// ISO 8601 durations.
import assert from 'node:assert/strict';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import { zoneWeatherPlace } from '../../../../adapters/forecast/embedded/alerts/alert-zone-place.ts';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { hasForecastGrid } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { isAlertActive, latestCycle, type AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { catalogue, depsAt } from './alerts-zones-support.ts';

export const HOUR = 3_600_000;
export const deps = depsAt('2026-01-01T00:00:00Z');
/** Where a zone's weather is sampled, as the alert cycle samples it. */
export const placeOf = zoneWeatherPlace(deps);
const offices = alertZonesByOffice(catalogue, (office) => hasForecastGrid(deps, office), placeOf);

/** Every office's alerts in force at the cycle of `iso` that `keep` takes. */
export function activeAlertsAt(iso: string, keep: (alert: AlertFeature) => boolean): AlertFeature[] {
  const cycle = latestCycle(Math.floor(Date.parse(iso) / HOUR));
  const out: AlertFeature[] = [];
  for (const zones of offices)
    for (const a of generateOfficeAlerts(zones, cycle)) if (isAlertActive(a, cycle * HOUR) && keep(a)) out.push(a);
  return out;
}

/** Hours of an ISO 8601 duration as the gridpoint writes it (PT3H, P1DT2H). */
export function durationHours(d: string): number {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?)?$/.exec(d);
  assert.ok(m, `duration ${d}`);
  return Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0);
}
