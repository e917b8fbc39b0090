// What one alert cycle costs in one thread, with nothing else running: the work behind the first /alerts on
// an empty cycle cache, without the server, its workers or its start-up. Run as a process of its own
// (`node --import tsx bench/lib/alert-cycle-probe.ts`), so the first pass is a fresh isolate's, as a
// worker's is; the second pass, the same cycle again, is the model's code warm. Prints one JSON line.
import { performance } from 'node:perf_hooks';
import { servedAlertZones } from '../../adapters/forecast/embedded/alerts/served-alert-zones.ts';
import { generateOfficeAlerts } from '../../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { loadEmbeddedDeps } from '../../adapters/forecast/embedded/load-embedded-deps.ts';
import { latestCycle, type AlertZone } from '../../adapters/forecast/embedded/weather/index.ts';
import { SystemClock } from '../../adapters/system/system-clock.ts';

export interface CyclePass {
  /** Wall time of the pass, ms. */
  ms: number;
  /** CPU of the whole process during it (the main thread, and V8's compiler and GC threads), ms. */
  cpuMs: number;
}

export interface CycleProbe {
  zones: number;
  offices: number;
  alerts: number;
  cold: CyclePass;
  warm: CyclePass;
}

const cpuMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** One pass over every office's zones: how many alerts, and the wall and CPU time it took. */
function pass(zonesByOffice: readonly (readonly AlertZone[])[], cycleHour: number): CyclePass & { alerts: number } {
  const t0 = performance.now();
  const c0 = cpuMs();
  let alerts = 0;
  for (const zones of zonesByOffice) alerts += generateOfficeAlerts(zones, cycleHour).length;
  return { ms: performance.now() - t0, cpuMs: cpuMs() - c0, alerts };
}

const deps = loadEmbeddedDeps(new SystemClock());
// The zones the server's cycle covers (alert-resources.ts).
const zonesByOffice = servedAlertZones(deps);
const cycleHour = latestCycle(Math.floor(Date.now() / 3_600_000));
const cold = pass(zonesByOffice, cycleHour);
const warm = pass(zonesByOffice, cycleHour);
const probe: CycleProbe = {
  zones: zonesByOffice.reduce((n, zones) => n + zones.length, 0),
  offices: zonesByOffice.length,
  alerts: cold.alerts,
  cold: { ms: cold.ms, cpuMs: cold.cpuMs },
  warm: { ms: warm.ms, cpuMs: warm.cpuMs },
};
process.stdout.write(`${JSON.stringify(probe)}\n`);
