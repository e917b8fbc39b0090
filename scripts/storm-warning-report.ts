// Prints how many storm-based warnings (Severe Thunderstorm, Tornado, Flash Flood) the model issues over CONUS
// in a year, by month and by hour UTC, from its own hourly weather at every land zone (issue 38); with
// --marine, how many Special Marine Warnings at every marine zone, by marine region, area, office and month.
//
//   npx tsx scripts/storm-warning-report.ts                 every office, every 3rd day
//   npx tsx scripts/storm-warning-report.ts --every 3 --days 6   a third of the offices, every 6th day (faster)
//   npx tsx scripts/storm-warning-report.ts --marine        Special Marine Warnings, every 3rd day
//   npx tsx scripts/storm-warning-report.ts --etn [--year 2026]   storms per office-cycle, every hour (~1 min)
//
// Flash flood warnings are also printed by region (storm-warning-counts.ts's FLOOD_REGIONS) and month, and by state;
// severe thunderstorm and tornado warnings by the same regions, beside the SPC's severe wind reports' shares.
//
// The NWS issued about 15,000-20,000 Severe Thunderstorm, 1,500-2,000 Tornado and 3,000-5,000 Flash Flood
// warnings a year lately (sources in adapters/forecast/embedded/README.md, "Storm-based warnings").
import { performance } from 'node:perf_hooks';
import {
  conusLandZones,
  FLOOD_REGIONS,
  type FloodRegion,
  marineStormCounts,
  marineZones,
  stormCounts,
  stormsByOfficeCycle,
  STORM_KINDS,
  zonesButAlaska,
} from './forecast-data/storm-warning-counts.ts';
import { STORM_NUMBERS_MAX, STORM_NUMBERS_PER_CYCLE } from '../adapters/forecast/embedded/weather/storm-warnings.ts';

/**
 * The SPC's severe thunderstorm wind reports of 2008 (preliminary, January to early September) summed over the states
 * of each of storm-warning-counts.ts's FLOOD_REGIONS (Wyoming's and DC's, not in the table, left out): SPC, "Annual
 * Severe Weather Report Summary 2008", state tabulation, https://www.spc.noaa.gov/climo/online/monthly/2008_annual_summary.html
 * (archived 2008-11-06 by the UNT web archive). Reports, not warnings, and one year: a guide to the regions'
 * proportions (the South and the Ohio Valley most, the Plains and the Northeast next, the West few), not a target.
 */
const SPC_WIND_REPORTS_2008: Record<FloodRegion, number> = {
  Southwest: 250,
  'Texas-Oklahoma': 1155,
  'Ozarks-Ohio Valley': 3619,
  'Gulf-Southeast': 3884,
  'Appalachians-Northeast': 2453,
  'Plains-Upper Midwest': 3096,
  'Pacific-Northwest': 103,
};

const opt = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
/** Recorded Special Marine Warnings' ETNs: office, date and time of year, its number that year. */
const ETN_RECORDS = [
  ['MFL', '-08-21T17:54Z', 296], // 2025
  ['MOB', '-08-10T13:22Z', 188], // 2018
  ['KEY', '-04-08T18:21Z', 14], // 2025
] as const;
const t0 = performance.now();
const every = opt('--every', 1);
const MONTHS = 'JFMAMJJASOND';
const rounded = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${Math.round(n)}`)
    .join(', ');
if (process.argv.includes('--marine')) {
  // Special Marine Warnings: one per marine zone and storm (an NWS product may name several zones).
  const c = marineStormCounts(marineZones(), opt('--days', 3));
  process.stdout.write(`${c.zones} marine zones; Special Marine Warnings a year: ${Math.round(c.perYear)}\n`);
  process.stdout.write(`  by region ${rounded(c.byRegion)}\n  by area ${rounded(c.byArea)}\n`);
  process.stdout.write(`  by office ${rounded(c.byOffice)}\n`);
  process.stdout.write(`  products (office-hours sending one) by office ${rounded(c.productsByOffice)}\n`);
  // Against real warnings' event numbers, the office's count so far that year (marine-storm-warnings.ts).
  const byDate = ETN_RECORDS.map(([office, date, etn]) => {
    const until = Date.parse(`2026${date}`) / 3_600_000;
    const n = (c.productHours[office] ?? []).filter((h) => h < until).length * (365 / c.days);
    return `${office} ${Math.round(n)} by ${date.slice(1, 6)} (real ${etn})`;
  });
  process.stdout.write(`  products by the dates of real ETNs ${byDate.join(', ')}\n`);
  process.stdout.write(`  by month ${c.byMonth.map((n, m) => `${MONTHS[m]} ${Math.round(n)}`).join('  ')}\n`);
  process.stdout.write(`(${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  process.exit(0);
}
if (process.argv.includes('--etn')) {
  // What the storm-based warnings' event tracking numbers must cover (storm-warnings.ts, stormEtn): every
  // office's storms of a kind in each 12-hour cycle of the year, every hour, at every zone but Alaska's.
  const zones = zonesButAlaska();
  const cycles = stormsByOfficeCycle(zones, opt('--year', 2026));
  const warnings = cycles.reduce((n, c) => n + c.storms, 0);
  const beyond = (limit: number) => cycles.filter((c) => c.storms > limit);
  const overflow = beyond(STORM_NUMBERS_PER_CYCLE).reduce((n, c) => n + c.storms - STORM_NUMBERS_PER_CYCLE, 0);
  const byOffice: Record<string, number> = {};
  for (const c of cycles)
    byOffice[`${c.office} ${c.phenomenon}`] = (byOffice[`${c.office} ${c.phenomenon}`] ?? 0) + c.storms;
  const [mostOffice, most] = Object.entries(byOffice).sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];
  process.stdout.write(
    `${zones.length} zones; ${cycles.length} office-cycles with a storm of a kind, ${beyond(STORM_NUMBERS_PER_CYCLE).length} ` +
      `over ${STORM_NUMBERS_PER_CYCLE}, ${beyond(13).length} over 13, ${beyond(STORM_NUMBERS_MAX).length} over ` +
      `${STORM_NUMBERS_MAX} (unwarned); ${overflow} of ${warnings} warnings ` +
      `(${((100 * overflow) / warnings).toFixed(1)}%) take overflow numbers\n`,
  );
  process.stdout.write(
    `  busiest ${cycles
      .slice(0, 7)
      .map((c) => `${c.office} ${c.phenomenon} ${c.cycle}: ${c.storms}`)
      .join(', ')}\n  most of a kind at an office in the year: ${mostOffice} ${most}\n`,
  );
  process.stdout.write(`(${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
  process.exit(0);
}
const counts = stormCounts(conusLandZones(every), opt('--days', 3), every);
process.stdout.write(`~${Math.round(counts.zones)} CONUS land zones, ${counts.days} days sampled; warnings a year\n`);
for (const k of STORM_KINDS) {
  const r = counts.byRegion[k];
  process.stdout.write(
    `${k}: ${Math.round(counts.perYear[k])} (West ${Math.round(r.West)}, Plains ${Math.round(r.Plains)}, East ${Math.round(r.East)})\n`,
  );
  process.stdout.write(`  by month ${counts.byMonth[k].map((n, m) => `${MONTHS[m]} ${Math.round(n)}`).join('  ')}\n`);
  process.stdout.write(`  by hour UTC ${counts.byHour[k].map((n, h) => `${h}:${Math.round(n)}`).join(' ')}\n`);
}
// Flash floods by region (storm-warning-counts.ts's FLOOD_REGIONS) and month, and the busiest states.
const floods = counts.byFloodRegion['Flash Flood Warning'];
for (const [region, months] of Object.entries(floods)) {
  const total = months.reduce((a, b) => a + b, 0);
  process.stdout.write(
    `  flash floods ${region}: ${Math.round(total)}; ${months.map((n, m) => `${MONTHS[m]} ${Math.round(n)}`).join('  ')}\n`,
  );
}
process.stdout.write(`  flash floods by state ${rounded(counts.byState['Flash Flood Warning'])}\n`);
// Severe thunderstorm and tornado warnings by the same regions, against the share of the SPC's severe wind reports
// (the model's warnings are wind-only) in those states.
const sum = (months: readonly number[]) => months.reduce((a, b) => a + b, 0);
const svTotal = counts.perYear['Severe Thunderstorm Warning'];
process.stdout.write(
  `severe thunderstorm (and tornado) warnings by region: model, its share (SPC wind reports' share)\n`,
);
for (const region of Object.keys(FLOOD_REGIONS) as FloodRegion[]) {
  const sv = sum(counts.byFloodRegion['Severe Thunderstorm Warning'][region]);
  const to = sum(counts.byFloodRegion['Tornado Warning'][region]);
  const real = (100 * SPC_WIND_REPORTS_2008[region]) / sum(Object.values(SPC_WIND_REPORTS_2008));
  process.stdout.write(
    `  ${region.padEnd(23)} ${String(Math.round(sv)).padStart(6)} (${String(Math.round(to)).padStart(4)})  ` +
      `${((100 * sv) / svTotal).toFixed(1).padStart(5)}% (${real.toFixed(1)}%)\n`,
  );
}
process.stdout.write(`(${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
