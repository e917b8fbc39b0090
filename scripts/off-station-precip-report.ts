// Prints how near the model's monthly precipitation comes to a station's normal away from the station: the
// normals fit (npm run normals) checks the 276 stations themselves, where each month's factor
// (monthly-precip.ts) lands the month on the normal; between them a place takes its stations' factors, so its
// month is the normal only as far as its own hours rain as the station's do.
//
//   npx tsx scripts/off-station-precip-report.ts                  2026
//   npx tsx scripts/off-station-precip-report.ts --years 2025,2026,2027
//
// For each of the 15 stations of the lower 48 with the wettest months (their wettest month; one a state), 16 points 5, 15, 30 and 50 km
// north, east, south and west of the station (at its elevation), each year's month (the station's local
// standard month) against the station's normal for it; printed: the mean of |model / normal − 1| per station
// and distance, over the months of every year, and over all (the "spread"), and the same of the years' mean
// (how far the points' climate, rather than one year's weather, is from the station's).
import { hourlySeries } from '../adapters/forecast/embedded/weather/model.ts';
import { NORMAL_MONTH_DAYS } from '../adapters/forecast/embedded/weather/monthly-precip.ts';
import { loadNormals, option } from './forecast-data/normals.ts';

const HOUR = 3_600_000;
const KM_PER_DEGREE = 111.195;
const STATIONS = 15;
const DISTANCES_KM = [5, 15, 30, 50];
const BEARINGS = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
] as const;
const years = (option('years') ?? '2026').split(',').map(Number);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const states = new Set<string>();
const wettest = loadNormals()
  .filter((s) => s.lat > 24 && s.lat < 50 && s.lon > -125 && s.lon < -66)
  .map((s) => {
    const month = s.prcpIn.indexOf(Math.max(...s.prcpIn));
    return { s, month, normalIn: s.prcpIn[month]! };
  })
  .sort((a, b) => b.normalIn - a.normalIn)
  .filter(({ s }) => !states.has(s.state) && states.add(s.state))
  .slice(0, STATIONS);

/** The model's precipitation at a place over a year's month on the station's local standard clock, mm. */
function monthMm(lat: number, lon: number, elevationM: number, year: number, month: number, zone: number): number {
  const start = Date.UTC(year, month, 1) / HOUR - zone;
  const end = Date.UTC(year, month + 1, 1) / HOUR - zone;
  return hourlySeries({ lat, lon, elevationM }, start, end - start).reduce((a, s) => a + s.qpfMm, 0);
}

const pct = (x: number) => `${(100 * x).toFixed(0)}%`.padStart(5);
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const allMonths: number[] = [];
const allClimate: number[] = [];
const byDistance = DISTANCES_KM.map(() => [] as number[]);
process.stdout.write(
  `years ${years.join(',')}; mean |model / normal − 1| at the station and at ${DISTANCES_KM.join(', ')} km, ` +
    `then of the years' mean\n`,
);
for (const { s, month, normalIn } of wettest) {
  const zone = Math.round(s.lon / 15);
  const kmPerLon = KM_PER_DEGREE * Math.cos((s.lat * Math.PI) / 180);
  const ratio = (lat: number, lon: number): number[] =>
    years.map((year) => {
      const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      const normalMm = (normalIn * 25.4 * days) / NORMAL_MONTH_DAYS[month]!;
      return monthMm(lat, lon, s.elevationM, year, month, zone) / normalMm;
    });
  const atStation = ratio(s.lat, s.lon);
  const row: string[] = [pct(mean(atStation.map((r) => Math.abs(r - 1))))];
  const climate: number[] = [];
  DISTANCES_KM.forEach((km, d) => {
    const errors: number[] = [];
    for (const [east, north] of BEARINGS) {
      const r = ratio(s.lat + (north * km) / KM_PER_DEGREE, s.lon + (east * km) / kmPerLon);
      for (const x of r) errors.push(Math.abs(x - 1));
      climate.push(Math.abs(mean(r) - 1));
    }
    byDistance[d]!.push(...errors);
    allMonths.push(...errors);
    row.push(pct(mean(errors)));
  });
  allClimate.push(...climate);
  process.stdout.write(
    `${`${s.name}, ${s.state} ${MONTHS[month]} (${normalIn.toFixed(2)} in)`.padEnd(44)} ${row.join(' ')}  ${pct(mean(climate))}\n`,
  );
}
process.stdout.write(
  `off-station points: ${pct(mean(allMonths)).trim()} from the normal in a month ` +
    `(${DISTANCES_KM.map((km, d) => `${km} km ${pct(mean(byDistance[d]!)).trim()}`).join(', ')}); ` +
    `the years' mean ${pct(mean(allClimate)).trim()}\n`,
);
