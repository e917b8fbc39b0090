// NOAA's station normals (adapters/forecast/embedded/data/normals.json) and the model's climate measured
// the same way: mean daily high and low per month (the highest and lowest hourly temperature of each local
// standard day, averaged), mean monthly precipitation (the expected amounts of the hours, summed) and the
// expected number of days with precipitation (each day's highest chance, summed). Shared by the fit
// (fit-climate.ts), the report (scripts/normals-report.ts) and the tests.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Place } from '../../adapters/forecast/embedded/weather/climate.ts';
import { hourlySeries } from '../../adapters/forecast/embedded/weather/model.ts';
import { NORMAL_MONTH_DAYS } from '../../adapters/forecast/embedded/weather/monthly-precip.ts';
import { cToF } from '../../adapters/forecast/embedded/weather/units.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NORMALS_FILE = join(ROOT, 'adapters', 'forecast', 'embedded', 'data', 'normals.json');
const KMH_PER_MPH = 1.609344;

/** A normals station: a place the model can be run at, and what NOAA measured there. */
export interface NormalsStation extends Place {
  readonly wban: string;
  readonly name: string;
  readonly state: string;
  /** Normal daily maximum and minimum temperature, °F, January to December. */
  readonly tmaxF: readonly number[];
  readonly tminF: readonly number[];
  /** Normal monthly precipitation, inches. */
  readonly prcpIn: readonly number[];
  /** Mean days with 0.01 in or more, or null where the table has no row for the station. */
  readonly wetDays: readonly number[] | null;
  /** Average wind speed, mph (CCD, 1984-2018), or null where the table has no row for the station. */
  readonly windMph: readonly number[] | null;
}

/**
 * The stations of the normals file. Throws where a station's highs, lows or precipitation are not twelve
 * numbers, or are zero in every month: a blank row read as zeros (as Yuma's precipitation once was), which
 * the fit would take for a real normal and dry the model out around the station.
 */
export function loadNormals(file = NORMALS_FILE): NormalsStation[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { fields: string[]; rows: unknown[][] };
  const stations = data.rows.map(
    (row) => Object.fromEntries(data.fields.map((f, i) => [f, row[i]])) as unknown as NormalsStation,
  );
  for (const s of stations)
    for (const field of ['tmaxF', 'tminF', 'prcpIn'] as const) {
      const months: unknown = s[field];
      if (
        !Array.isArray(months) ||
        months.length !== 12 ||
        months.some((v) => typeof v !== 'number' || !Number.isFinite(v))
      )
        throw new Error(`normals: ${s.wban} ${s.name} has no twelve months of ${field}`);
      if (months.every((v) => v === 0)) throw new Error(`normals: ${s.wban} ${s.name} has ${field} 0 in every month`);
    }
  return stations;
}

/** The station whose name starts with `name` (as the normals spell it: `SEATTLE SEA-TAC`); throws if none does. */
export function stationNamed(stations: readonly NormalsStation[], name: string): NormalsStation {
  const found = stations.find((s) => s.name.startsWith(name));
  if (!found) throw new Error(`no normals station is named ${name}`);
  return found;
}

/** The model's climate at a station, per month (January first), in the units of the normals. */
export interface ModelClimate {
  readonly highF: number[];
  readonly lowF: number[];
  readonly precipIn: number[];
  readonly wetDays: number[];
  /** Mean sustained wind over all hours, mph (as the CCD's average speed is taken). */
  readonly windMph: number[];
}

/**
 * The station's standard-time offset from UTC, hours: the normals' days are local standard days. Alaska
 * keeps one zone (−9) but the Aleutians west of 169.5° W, Hawaii −10, the rest by longitude.
 */
export function standardOffsetHours(s: Pick<NormalsStation, 'state' | 'lon'>): number {
  if (s.state === 'AK') return s.lon < -169.5 ? -10 : -9;
  if (s.state === 'HI') return -10;
  if (s.state === 'PR' || s.state === 'VI') return -4;
  return Math.round(s.lon / 15);
}

/**
 * The model's climate at a station over whole calendar years, from every `stride`-th day (days a few apart
 * have independent weather, so a stride of 2 or 3 loses little and saves as much).
 */
export function measureStation(s: NormalsStation, years: readonly number[], stride = 1): ModelClimate {
  const offset = standardOffsetHours(s);
  const high = new Array<number>(12).fill(0);
  const low = new Array<number>(12).fill(0);
  const days = new Array<number>(12).fill(0);
  const precipMm = new Array<number>(12).fill(0);
  const wet = new Array<number>(12).fill(0);
  const windKmh = new Array<number>(12).fill(0);
  for (const year of years) {
    const first = Date.UTC(year, 0, 1) / 3_600_000 - offset;
    const dayCount = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
    // Each year starts the stride at a different day, so the sampled days cover every day of the year.
    for (let d = year % stride; d < dayCount; d += stride) {
      const month = new Date(Date.UTC(year, 0, 1 + d)).getUTCMonth();
      let hi = -Infinity;
      let lo = Infinity;
      let pop = 0;
      for (const sample of hourlySeries(s, first + d * 24, 24)) {
        if (sample.temperatureC > hi) hi = sample.temperatureC;
        if (sample.temperatureC < lo) lo = sample.temperatureC;
        if (sample.precipProbabilityPct > pop) pop = sample.precipProbabilityPct;
        precipMm[month]! += sample.qpfMm;
        windKmh[month]! += sample.windSpeedKmh;
      }
      high[month]! += hi;
      low[month]! += lo;
      wet[month]! += pop / 100;
      days[month]!++;
    }
  }
  // Per month: the sampled days' means, and their totals scaled up to the normals' month (February 28.25 days).
  return {
    highF: high.map((t, m) => cToF(t / days[m]!)),
    lowF: low.map((t, m) => cToF(t / days[m]!)),
    precipIn: precipMm.map((p, m) => ((p / days[m]!) * NORMAL_MONTH_DAYS[m]!) / 25.4),
    wetDays: wet.map((w, m) => (w / days[m]!) * NORMAL_MONTH_DAYS[m]!),
    windMph: windKmh.map((w, m) => w / days[m]! / 24 / KMH_PER_MPH),
  };
}

/** One station-month's error in mean daily high and low: the model's less the normal, °F. */
export interface MonthError {
  readonly highF: number;
  readonly lowF: number;
}

/**
 * The model's errors in mean daily high and low against the normals, over the station-months added: what the
 * fit reports each round and the report sums up, so the two measure the temperature error alike.
 */
export class TemperatureErrors {
  months = 0;
  #absHigh = 0;
  #absLow = 0;
  #low = 0;
  /** The largest error of a high and of a low (by size, with its sign) and the station it was at. */
  readonly worst = { high: { errorF: 0, station: '' }, low: { errorF: 0, station: '' } };

  /** Adds station `s`'s month `month` (0 for January) and returns its errors. */
  add(s: NormalsStation, model: ModelClimate, month: number): MonthError {
    const highF = model.highF[month]! - s.tmaxF[month]!;
    const lowF = model.lowF[month]! - s.tminF[month]!;
    this.#absHigh += Math.abs(highF);
    this.#absLow += Math.abs(lowF);
    this.#low += lowF;
    this.months++;
    if (Math.abs(highF) > Math.abs(this.worst.high.errorF)) this.worst.high = { errorF: highF, station: s.name };
    if (Math.abs(lowF) > Math.abs(this.worst.low.errorF)) this.worst.low = { errorF: lowF, station: s.name };
    return { highF, lowF };
  }

  get meanAbsHighF(): number {
    return this.#absHigh / this.months;
  }

  get meanAbsLowF(): number {
    return this.#absLow / this.months;
  }

  /** The mean error of the lows, signed: whether the nights run warm or cold overall. */
  get meanLowF(): number {
    return this.#low / this.months;
  }

  /** The largest error of a high or a low, by size, °F. */
  get worstF(): number {
    return Math.max(Math.abs(this.worst.high.errorF), Math.abs(this.worst.low.errorF));
  }
}

/**
 * The stations the wind fit is quoted at (adapters/forecast/embedded/README.md): the tropical islands, then
 * CONUS and Alaska. scripts/wind-report.ts prints them and wind-normals.test.ts holds each within 20% of its
 * average, so the report shows what the test checks.
 */
export const WIND_NAMED_STATIONS: readonly string[] = [
  'HONOLULU',
  'HILO',
  'KAHULUI',
  'LIHUE',
  'GUAM',
  'SAN JUAN',
  'MIAMI',
  'CHICAGO',
  'DENVER',
  'BOSTON',
  'ANCHORAGE',
  'PHOENIX',
  'SEATTLE SEA-TAC',
  'DALLAS-LOVE',
  'AMARILLO',
  'FAIRBANKS',
];

/** The model's sustained wind at a station at every hour of 2026, mph, sorted (for its median and mean). */
export function yearOfWindMph(s: NormalsStation): number[] {
  const start = Date.UTC(2026, 0, 1) / 3_600_000;
  const week = 24 * 7;
  const speeds: number[] = [];
  for (let h = 0; h < 8760; h += week)
    for (const sample of hourlySeries(s, start + h, week)) speeds.push(sample.windSpeedKmh / KMH_PER_MPH);
  return speeds.sort((a, b) => a - b);
}

/** A station's average wind speed, mph: the mean of its twelve monthly averages (null where it has none). */
export function averageWindMph(s: NormalsStation): number | null {
  return s.windMph ? s.windMph.reduce((a, b) => a + b, 0) / 12 : null;
}

/** The normals' own years: the model is fitted and measured over the thirty years they average. */
export const NORMALS_YEARS: readonly number[] = Array.from({ length: 30 }, (_, i) => 1981 + i);

/** Whether a script's command line holds `--name`. */
export function flag(name: string, argv: readonly string[] = process.argv): boolean {
  return argv.includes(`--${name}`);
}

/** The value after `--name` on a script's command line, or undefined. */
export function option(name: string, argv: readonly string[] = process.argv): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

/** The years `--years 2011,2012,…` names on a script's command line, else the normals' own. */
export function yearsOption(argv: readonly string[] = process.argv): number[] {
  return option('years', argv)?.split(',').map(Number) ?? [...NORMALS_YEARS];
}
