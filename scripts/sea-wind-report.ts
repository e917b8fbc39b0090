// Prints the model's monthly mean wind at NDBC buoys and C-MAN stations against their measured means, where a
// public figure was found to cite (issue 38: the open sea's wind). The model's mean is its sustained wind
// (windSpeed, a 10 m mean) over every hour of the month in each of the years given (2025-2027 unless told),
// in m/s; a buoy's is its WSPD (an 8-minute mean at the anemometer, ~4-5 m on a 3 m discus: unadjusted).
// "sea" is the place's open-sea share (sea-water.ts: 0 where the model has only the shore's wind), "fetch" its
// distance (km) from the nearest land of the mask, which the open sea's wind grows with.
//
//   npx tsx scripts/sea-wind-report.ts            2025-2027
//   npx tsx scripts/sea-wind-report.ts 2026
import { openSeaPlace } from '../adapters/forecast/embedded/weather/sea-water.ts';
import { BUOYS, modelMonthlyMeanMs, SHOWN_MONTHS } from '../test/support/buoy-climatology.ts';

const [firstYear, lastYear = firstYear] = (process.argv[2] ?? '2025-2027').split('-').map(Number) as [number, number?];
const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const years = Array.from({ length: lastYear - firstYear + 1 }, (_, i) => firstYear + i);
process.stdout.write(`model ${firstYear}-${lastYear} / buoy mean wind, m/s (model/buoy − 1 where cited)\n`);
process.stdout.write(
  `${'station'.padEnd(30)}${'sea'.padStart(5)}${'fetch'.padStart(7)}  ${SHOWN_MONTHS.map((m) => MONTH[m]!.padStart(19)).join('')}\n`,
);
for (const b of BUOYS) {
  const sea = openSeaPlace(b.lat, b.lon);
  const cells = SHOWN_MONTHS.map((m) => {
    const model = modelMonthlyMeanMs(b, m, years);
    const measured = b.meanMs[m];
    if (measured === undefined) return `${model.toFixed(1)} / —`.padStart(19);
    const off = ((model / measured - 1) * 100).toFixed(0);
    return `${model.toFixed(1)} / ${measured.toFixed(1)} ${(+off >= 0 ? '+' : '') + off}%`.padStart(19);
  });
  process.stdout.write(
    `${`${b.id} ${b.name}`.padEnd(30)}${(sea?.weight ?? 0).toFixed(2).padStart(5)}${(sea?.fetchKm ?? 0).toFixed(0).padStart(7)}  ${cells.join('')}\n`,
  );
}
