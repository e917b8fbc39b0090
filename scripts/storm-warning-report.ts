// Prints how many storm-based warnings (Severe Thunderstorm, Tornado, Flash Flood) the model issues over CONUS
// in a year, by month and by hour UTC, from its own hourly weather at every land zone (issue 38).
//
//   npx tsx scripts/storm-warning-report.ts                 every office, every 3rd day
//   npx tsx scripts/storm-warning-report.ts --every 3 --days 6   a third of the offices, every 6th day (faster)
//
// The NWS issued about 15,000-20,000 Severe Thunderstorm, 1,500-2,000 Tornado and 3,000-5,000 Flash Flood
// warnings a year lately (sources in adapters/forecast/embedded/README.md, "Storm-based warnings").
import { performance } from 'node:perf_hooks';
import { conusLandZones, stormCounts, STORM_KINDS } from './forecast-data/storm-warning-counts.ts';

const opt = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const t0 = performance.now();
const every = opt('--every', 1);
const counts = stormCounts(conusLandZones(every), opt('--days', 3), every);
const MONTHS = 'JFMAMJJASOND';
process.stdout.write(`~${Math.round(counts.zones)} CONUS land zones, ${counts.days} days sampled; warnings a year\n`);
for (const k of STORM_KINDS) {
  const r = counts.byRegion[k];
  process.stdout.write(
    `${k}: ${Math.round(counts.perYear[k])} (West ${Math.round(r.West)}, Plains ${Math.round(r.Plains)}, East ${Math.round(r.East)})\n`,
  );
  process.stdout.write(`  by month ${counts.byMonth[k].map((n, m) => `${MONTHS[m]} ${Math.round(n)}`).join('  ')}\n`);
  process.stdout.write(`  by hour UTC ${counts.byHour[k].map((n, h) => `${h}:${Math.round(n)}`).join(' ')}\n`);
}
process.stdout.write(`(${((performance.now() - t0) / 1000).toFixed(1)} s)\n`);
