// Prints the share of CONUS forecast zones under a Wind Advisory and a High Wind Warning at a typical alert
// cycle, by region (West of 104° W, the Plains to 94° W, the East) and season, over two cycles a month of 2026.
//
//   npx tsx scripts/wind-alert-report.ts            every CONUS office
//   npx tsx scripts/wind-alert-report.ts --every 2  every second office (faster)
//
// The NWS's counts suggest about 1% of CONUS zones under a Wind Advisory and 0.3% under a High Wind Warning
// at a typical hour, most in the West and the Plains in winter and spring (issue 38 item 4).
import { REGIONS, SEASONS, windAlertShares, type WindEvent } from './forecast-data/wind-alert-shares.ts';

const arg = process.argv.indexOf('--every');
const shares = windAlertShares(arg > 0 ? Number(process.argv[arg + 1]) : 1);
process.stdout.write(`${shares.offices} offices, ${shares.cycles} cycles: % of zones under each at a cycle\n`);
for (const event of ['Wind Advisory', 'High Wind Warning'] as WindEvent[]) {
  process.stdout.write(`${event}\n`);
  for (const region of [...REGIONS, 'CONUS'] as const)
    process.stdout.write(
      `  ${region.padEnd(7)} ${[...SEASONS, 'all' as const]
        .map((s) => `${s} ${shares.share(event, region, s).toFixed(2).padStart(5)}`)
        .join('  ')}\n`,
    );
}
