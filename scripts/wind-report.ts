// Prints the embedded weather model's wind against the average wind speed NOAA measured at its first-order
// stations (CCD wndspd18, 1984-2018, carried in adapters/forecast/embedded/data/normals.json).
//
//   npx tsx scripts/wind-report.ts              the named stations (as the wind test), then a summary of all
//   npx tsx scripts/wind-report.ts --all        every station
//
// Per station: the model's median and mean sustained wind over every hour of 2026, the station's average
// (the mean of its twelve monthly averages), and the ratio of the model's mean to it. The average is a mean
// of all hours, so the model's mean is what the fit matches; the median is what a forecast shows most days.
import {
  averageWindMph,
  loadNormals,
  stationNamed,
  WIND_NAMED_STATIONS,
  yearOfWindMph,
} from './forecast-data/normals.ts';

const all = process.argv.includes('--all');
const stations = loadNormals().filter((s) => s.windMph);
const named = WIND_NAMED_STATIONS.map((name) => stationNamed(stations, name));
const pad = (v: string | number, n: number) => String(v).padStart(n);
process.stdout.write(
  `${'station'.padEnd(30)} ${pad('median', 7)} ${pad('mean', 7)} ${pad('NOAA', 7)} ${pad('ratio', 6)}\n`,
);
const ratios: number[] = [];
for (const s of stations) {
  const speeds = yearOfWindMph(s);
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const normal = averageWindMph(s)!;
  ratios.push(mean / normal);
  if (all || named.includes(s))
    process.stdout.write(
      `${s.name.padEnd(30)} ${pad(speeds[speeds.length >> 1]!.toFixed(1), 7)} ${pad(mean.toFixed(1), 7)} ` +
        `${pad(normal.toFixed(1), 7)} ${pad((mean / normal).toFixed(2), 6)}\n`,
    );
}
ratios.sort((a, b) => a - b);
const within = (p: number) => ratios.filter((r) => Math.abs(r - 1) <= p).length;
process.stdout.write(
  `\n${ratios.length} stations: model mean / NOAA average, median ${ratios[ratios.length >> 1]!.toFixed(2)}, ` +
    `range ${ratios[0]!.toFixed(2)}-${ratios[ratios.length - 1]!.toFixed(2)}; within 10%: ${within(0.1)}, ` +
    `within 20%: ${within(0.2)}\n`,
);
