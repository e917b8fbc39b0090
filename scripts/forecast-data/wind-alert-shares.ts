// The share of CONUS forecast zones under a Wind Advisory and a High Wind Warning at alert cycles spread
// over 2026, by region (West, Plains, East) and season: what scripts/wind-alert-report.ts prints and
// wind-alert-rates.test.ts holds (issue 38 item 4).
import { alertZonesByOffice } from '../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import { zoneWeatherPlace } from '../../adapters/forecast/embedded/alerts/alert-zone-place.ts';
import { generateOfficeAlerts } from '../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { hasForecastGrid } from '../../adapters/forecast/embedded/grid/grid-cell.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import { isAlertActive, latestCycle, type AlertZone } from '../../adapters/forecast/embedded/weather/index.ts';

const HOUR = 3_600_000;
export const SEASONS = ['DJF', 'MAM', 'JJA', 'SON'] as const;
export const REGIONS = ['West', 'Plains', 'East'] as const;
export type WindEvent = 'Wind Advisory' | 'High Wind Warning';
const NOT_CONUS = new Set(['AK', 'HI', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** West of 104° W (the Rockies and west), the Plains to 94° W, the East beyond. */
export function windRegion(z: AlertZone): (typeof REGIONS)[number] {
  return z.lon < -104 ? 'West' : z.lon < -94 ? 'Plains' : 'East';
}

function seasonOf(cycle: number): (typeof SEASONS)[number] {
  return SEASONS[Math.floor(((new Date(cycle * HOUR).getUTCMonth() + 1) % 12) / 3)]!;
}

/**
 * A year's alert cycles sampled alike in every month: the cycle in force at each [day, hour UTC] (epoch hours).
 * The reports and the rate tests sample their years this way.
 */
export function cyclesOfYear(year: number, slots: readonly (readonly [day: number, hourUtc: number])[]): number[] {
  const out: number[] = [];
  for (let m = 0; m < 12; m++)
    for (const [day, hour] of slots) out.push(latestCycle(Date.UTC(year, m, day, hour) / HOUR));
  return out;
}

/** Two cycles a month, the 6th at 09Z and the 20th at 21Z, all through 2026. */
export const cyclesOf2026 = (): number[] =>
  cyclesOfYear(2026, [
    [6, 12],
    [20, 24],
  ]);

export interface WindShares {
  readonly offices: number;
  readonly cycles: number;
  /** % of zones under `event` at a cycle, for a region (or 'CONUS') and a season (or 'all'). */
  share(event: WindEvent, region: (typeof REGIONS)[number] | 'CONUS', season: (typeof SEASONS)[number] | 'all'): number;
}

/** The shares over every `every`-th CONUS office (1: all of them) at `cycles`. */
export function windAlertShares(every: number, cycles: readonly number[] = cyclesOf2026()): WindShares {
  const loaded = loadEmbeddedDeps({ now: () => new Date(0) });
  const deps = { ...loaded, clock: { now: () => new Date('2026-01-01T00:00:00Z') } };
  const conus = alertZonesByOffice(loaded.catalogue, (o) => hasForecastGrid(deps, o), zoneWeatherPlace(deps))
    .map((zones) => zones.filter((z) => !NOT_CONUS.has(z.state)))
    .filter((zones) => zones.length > 0)
    .filter((_, i) => i % every === 0);
  const zoneCycles = new Map<string, number>();
  const under = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const keys = (z: AlertZone, cycle: number) => {
    const [r, s] = [windRegion(z), seasonOf(cycle)];
    return [`${r} ${s}`, `${r} all`, `CONUS ${s}`, 'CONUS all'];
  };
  for (const cycle of cycles)
    for (const zones of conus) {
      const byId = new Map(zones.map((z) => [z.id, z]));
      for (const z of zones) for (const k of keys(z, cycle)) add(zoneCycles, k);
      for (const alert of generateOfficeAlerts(zones, cycle)) {
        const event = alert.properties.event;
        if ((event !== 'Wind Advisory' && event !== 'High Wind Warning') || !isAlertActive(alert, cycle * HOUR))
          continue;
        for (const ugc of alert.properties.geocode.UGC) {
          const z = byId.get(ugc);
          if (z) for (const k of keys(z, cycle)) add(under, `${event}|${k}`);
        }
      }
    }
  return {
    offices: conus.length,
    cycles: cycles.length,
    share: (event, region, season) =>
      (100 * (under.get(`${event}|${region} ${season}`) ?? 0)) / (zoneCycles.get(`${region} ${season}`) ?? 1),
  };
}
