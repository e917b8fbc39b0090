// What the marine season tests (alerts-great-lakes-season, alerts-arctic-ice, alerts-seas) share: the zones they
// look at, the year's cycles they sample, and the check that a season cuts nothing from the hours it leaves open.
import assert from 'node:assert/strict';
import { placeHazards } from '../../../../adapters/forecast/embedded/weather/hazard-windows.ts';
import { loadEmbeddedDeps } from '../../../../adapters/forecast/embedded/load-embedded-deps.ts';
import { type AlertZone } from '../../../../adapters/forecast/embedded/weather/index.ts';
import {
  marineHazardRules,
  zoneMarineRules,
} from '../../../../adapters/forecast/embedded/weather/marine-alert-rules.ts';
import { zonePlace } from '../../../../adapters/forecast/embedded/weather/alerts.ts';
import { hourlySeries } from '../../../../adapters/forecast/embedded/weather/model.ts';
import { cyclesOfYear } from '../../../../scripts/forecast-data/wind-alert-shares.ts';

/** Four cycles a month of 2026: the 3rd, 10th, 17th and 24th, at 09Z and 21Z in turn (epoch hours). */
export const cyclesOf2026 = (): number[] =>
  cyclesOfYear(2026, [
    [3, 10],
    [10, 22],
    [17, 10],
    [24, 22],
  ]);

/** The marine zones of each office that has some that `keep` takes, as the alert cycle gets them. */
export function marineZonesByOffice(keep: (zone: AlertZone) => boolean): AlertZone[][] {
  return Array.from(deps.alertZones!(), (zones) => zones.filter((z) => z.marine && keep(z))).filter(
    (zones) => zones.length > 0,
  );
}

/** The catalogue and zones the marine season tests read: one load for every file that imports this. */
export const deps = loadEmbeddedDeps({ now: () => new Date(0) });

/** Over 96 hours from each start, every zone's windows under its own rules equal the all-year rules'. */
export function assertSameWindowsAsAllYear(zones: readonly AlertZone[], starts: readonly number[]): void {
  for (const start of starts)
    for (const zone of zones) {
      const place = zonePlace(zone);
      const samples = hourlySeries(place, start, 96);
      const spans = (rules: Parameters<typeof placeHazards>[0]) =>
        placeHazards(rules, place, start, samples).map((w) => `${w.rule.event} ${w.startHour}-${w.endHour}`);
      const kt = zone.marine!.smallCraftKt;
      assert.deepEqual(spans(zoneMarineRules(zone.id, zone.officeId, kt)), spans(marineHazardRules(kt)), zone.id);
    }
}
