// Prints the model's humidity at normals stations across CONUS against NOAA's relative humidity normals
// (scripts/forecast-data/humidity-normals.ts, with its source), month by month: the mean RH at the morning
// (12 UTC) and afternoon (18 or 00 UTC) observations, model/normal, and the morning's dewpoint against the one
// the normal's RH implies at the model's temperature; then the summer's (June-August) errors by region.
//
//   npx tsx scripts/dewpoint-report.ts                  years 2024-2026
//   npx tsx scripts/dewpoint-report.ts --years 2026     other years
import { HUMIDITY_NORMALS, measureHumidity, stationNamed } from './forecast-data/humidity-normals.ts';
import { loadNormals, option } from './forecast-data/normals.ts';

const years = option('years')?.split(',').map(Number) ?? [2024, 2025, 2026];
const stations = loadNormals();
const SUMMER = [5, 6, 7];
const pad = (v: string | number, n: number) => String(v).padStart(n);

process.stdout.write(
  `relative humidity and morning dewpoint, model years ${years[0]}-${years[years.length - 1]} against NOAA's CCD\n` +
    'per month: morning RH model/normal %, afternoon RH model/normal %, morning dewpoint error °C (model − normal)\n\n',
);
const summer = new Map<string, { td: number[]; am: number[]; pm: number[] }>();
for (const h of HUMIDITY_NORMALS) {
  const s = stationNamed(stations, h.station);
  const cells: string[] = [];
  for (let m = 0; m < 12; m++) {
    const x = measureHumidity(s, h, years, m, 2);
    cells.push(
      `${pad(x.morningPct.toFixed(0), 3)}/${pad(h.morning[m]!, 2)} ${pad(x.afternoonPct.toFixed(0), 3)}/${pad(h.afternoon[m]!, 2)} ${pad((x.morningDewpointC - x.normalMorningDewpointC).toFixed(1), 5)}`,
    );
    if (SUMMER.includes(m)) {
      const r = summer.get(h.region) ?? { td: [], am: [], pm: [] };
      r.td.push(x.morningDewpointC - x.normalMorningDewpointC);
      r.am.push(x.morningPct - h.morning[m]!);
      r.pm.push(x.afternoonPct - h.afternoon[m]!);
      summer.set(h.region, r);
    }
  }
  process.stdout.write(
    `${s.name.padEnd(26)} ${h.region.padEnd(11)}\n  Jan-Jun ${cells.slice(0, 6).join(' | ')}\n  Jul-Dec ${cells.slice(6).join(' | ')}\n`,
  );
}
const mean = (v: number[]) => (v.reduce((a, b) => a + b, 0) / v.length).toFixed(1);
process.stdout.write(
  '\nJune-August, mean error by region (model − normal): morning dewpoint °C, morning RH, afternoon RH\n',
);
for (const [region, r] of summer)
  process.stdout.write(
    `${region.padEnd(12)} ${pad(mean(r.td), 6)} °C ${pad(mean(r.am), 6)} % ${pad(mean(r.pm), 6)} %\n`,
  );
