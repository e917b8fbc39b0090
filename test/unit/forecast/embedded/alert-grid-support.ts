// What the tests that hold an alert's text against its zones' gridpoints share: every office's alert zones
// (each sampled where its weather is, zone-places.json), the alerts in force at a cycle, each zone's gridpoint
// over an alert's valid time, and the gridpoint's ISO 8601 durations.
import assert from 'node:assert/strict';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import { zoneWeatherPlace } from '../../../../adapters/forecast/embedded/alerts/alert-zone-place.ts';
import { generateOfficeAlerts } from '../../../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { cellOfPoint, hasForecastGrid } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { isAlertActive, latestCycle, type AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { catalogue, depsAt } from './alerts-zones-support.ts';
import { gridFamily } from './grid-support.ts';

export const HOUR = 3_600_000;
export const deps = depsAt('2026-01-01T00:00:00Z');
/** Where a zone's weather is sampled, as the alert cycle samples it. */
const placeOf = zoneWeatherPlace(deps);
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

/**
 * An alert's valid hours ([from, to), epoch hours) and the raw gridpoint `properties` of the cell where each of
 * its zones' weather is sampled, as served at its onset.
 */
export async function alertGridpoints(
  alert: AlertFeature,
): Promise<{ from: number; to: number; gridpoints: Record<string, any>[] }> {
  const p = alert.properties;
  const from = Math.floor(Date.parse(p.onset) / HOUR);
  const to = Math.ceil(Date.parse(p.ends) / HOUR);
  const grid = gridFamily(depsAt(new Date(from * HOUR).toISOString()));
  const gridpoints: Record<string, any>[] = [];
  for (const ugc of p.geocode.UGC) {
    const zone = catalogue.forecastZones.get(ugc)!;
    const at = placeOf(ugc, zone.centroid.lat, zone.centroid.lon);
    const cell = cellOfPoint(deps, at.lat, at.lon);
    const doc = await grid.gridpoint({ office: cell.gridId, x: cell.gridX, y: cell.gridY }, { baseUrl: '' });
    gridpoints.push((doc.body as Record<string, any>)['properties']);
  }
  return { from, to, gridpoints };
}
