import type { ActiveAlerts } from '../alerts/alert-resources.ts';
import type { AlertFacts } from '../alerts/alert-set.ts';
import type { Catalogue, OfficeRecord } from '../catalogue/types.ts';

/** Which alerts are an office's: those naming any of its forecast zones or counties. */
export interface OfficeAlerts {
  covers(office: OfficeRecord, alert: AlertFacts): boolean;
  /** The office's alerts in force at `atMs`. */
  inForce(office: OfficeRecord, atMs: number): Promise<AlertFacts[]>;
}

/**
 * An office's alerts, shared by its headlines and its text products (HWO, AFD), so both name the same
 * hazards. Its zones are its forecast zones and its counties: short-fuse warnings are county-coded.
 */
export function officeAlerts(catalogue: Catalogue, activeAlerts: ActiveAlerts): OfficeAlerts {
  const zoneSets = new Map<string, ReadonlySet<string>>();
  const zonesOf = (o: OfficeRecord): ReadonlySet<string> => {
    let zones = zoneSets.get(o.id);
    if (!zones) {
      const held = catalogue.byOffice.get(o.id);
      zoneSets.set(o.id, (zones = new Set([...(held?.forecastZones ?? []), ...(held?.countyZones ?? [])])));
    }
    return zones;
  };
  const covers = (o: OfficeRecord, f: AlertFacts): boolean => {
    const zones = zonesOf(o);
    for (const z of f.zones) if (zones.has(z)) return true;
    return false;
  };
  return {
    covers,
    async inForce(o, atMs) {
      return (await activeAlerts(atMs)).filter((f) => covers(o, f));
    },
  };
}

/** A warning rather than a watch, advisory or statement: what the headlines and stories put first. */
export const isWarning = (f: AlertFacts): boolean => /Warning$/.test(f.alert.properties.event);
