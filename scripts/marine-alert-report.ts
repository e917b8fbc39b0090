// Prints, month by month through 2026 (or the years given, '2025-2027'), the share of marine zone-cycles
// under each marine product (Small Craft Advisory, Gale/Storm/Hurricane Force Wind Warnings, freezing spray)
// for the zones whose UGC matches a pattern, at 14 cycles a month of each year (10Z and 22Z on the 2nd,
// 6th, ... 26th): the figures the marine commits and the calibration notes quote (issue 38 item 4). Two
// rows an event: "listed", every alert /alerts/active lists at the cycle, in force or issued for later hours
// (up to 18 ahead, 24 a warning, 36 a watch: marine-lead-times.ts), one per alert, so a zone with two spells ahead counts twice (the figures quoted before
// 2026-11-27, which can pass 100%); "in effect", the zone-cycles with one in effect at the cycle hour (its
// onset passed), each once: the share of the time the zone is under it, as the NWS's own counts of hours
// under a product measure it.
//
//   npx tsx scripts/marine-alert-report.ts '^(L[CEHMOS]|SL)Z'           the Great Lakes
//   npx tsx scripts/marine-alert-report.ts '^PKZ(80[3-6]|81[67]|85[124])$'  the northern Bering
//   npx tsx scripts/marine-alert-report.ts '^ANZ' 2025-2027                New England, three years
import { generateOfficeAlerts } from '../adapters/forecast/embedded/alerts/generation/generate-office-alerts.ts';
import { loadEmbeddedDeps } from '../adapters/forecast/embedded/load-embedded-deps.ts';
import { isAlertActive, latestCycle } from '../adapters/forecast/embedded/weather/index.ts';

const HOUR = 3_600_000;
const pattern = new RegExp(process.argv[2] ?? '^');
const [firstYear, lastYear = firstYear] = (process.argv[3] ?? '2026').split('-').map(Number) as [number, number?];
const deps = loadEmbeddedDeps({ now: () => new Date(0) });
const offices = Array.from(deps.alertZones!(), (zones) => zones.filter((z) => z.marine && pattern.test(z.id))).filter(
  (zones) => zones.length > 0,
);
const under = new Map<string, number>();
/** Zone-cycles with the event in effect at the cycle hour, by event and month. */
const inEffect = new Map<string, number>();
const zoneCycles: number[] = new Array<number>(12).fill(0);
for (let year = firstYear; year <= lastYear; year++)
  for (let m = 0; m < 12; m++)
    for (let day = 2; day <= 26; day += 4)
      for (const hourUtc of [10, 22]) {
        const cycle = latestCycle(Date.UTC(year, m, day, hourUtc) / HOUR);
        for (const zones of offices) {
          zoneCycles[m]! += zones.length;
          const ids = new Set(zones.map((z) => z.id));
          const now = new Set<string>();
          for (const alert of generateOfficeAlerts(zones, cycle)) {
            if (!isAlertActive(alert, cycle * HOUR)) continue;
            const key = `${alert.properties.event}|${m}`;
            const begun = Date.parse(alert.properties.onset) <= cycle * HOUR;
            for (const ugc of alert.properties.geocode.UGC)
              if (ids.has(ugc)) {
                under.set(key, (under.get(key) ?? 0) + 1);
                if (begun) now.add(`${key}|${ugc}`);
              }
          }
          for (const k of now) {
            const key = k.split('|').slice(0, 2).join('|');
            inEffect.set(key, (inEffect.get(key) ?? 0) + 1);
          }
        }
      }
const events = [...new Set([...under.keys()].map((k) => k.split('|')[0]!))].sort();
process.stdout.write(`${offices.flat().length} zones; % of zone-cycles under each, Jan..Dec\n`);
const row = (label: string, counts: Map<string, number>, event: string) =>
  `${label.padEnd(40)}${zoneCycles.map((n, m) => ((100 * (counts.get(`${event}|${m}`) ?? 0)) / n).toFixed(1).padStart(6)).join('')}\n`;
for (const event of events)
  process.stdout.write(row(`${event}, listed`, under, event) + row(`${event}, in effect`, inEffect, event));
