import {
  shippedClimateField,
  isShippedClimateField,
  type ClimateField,
  type PlaceCorrections,
} from './climate-field.ts';
import type { Place } from './climate.ts';

/**
 * Each month's precipitation brought to the normal, in every year (issue 38: "the mean monthly precipitation
 * within 25%" of NOAA's normal, for a tester in 2026 as much as on the fitted 1981-2010).
 *
 * Left alone, a month's rain comes in the few storms the noise happens to bring that month, so one month
 * runs a third of the normal and the next twice it, and even a thirty-year mean strays past 25% at a third
 * of the stations; the fit could only match the years it was made on. So at every normals station, each
 * local standard month of each year gets one factor on its precipitation amounts: the normal (for that
 * month's length) over what the model's own hours bring there that month, measured from every second hour
 * (and every hour where training storms may fall, heavy-rain.ts: model.ts rawPrecipTotal).
 * A place takes its stations' factors as it takes their corrections (climate-field.ts: the same weights,
 * the log-factors averaged), so at a station its month lands on the normal, between stations the year's
 * surplus or shortfall is taken out as the stations around it see it, and far beyond them nothing changes.
 *
 * Only amounts move: the chance of precipitation, and with it which hours are wet, how long events last and
 * how long the dry spells between them, stays the model's. The factor is applied to the hour's amount in the
 * model itself, so the gridpoint's QPF, its weather's intensity, the forecast text, the observations and the
 * alerts all see the same amounts. Across a month's edge the factor ramps over a day, so a storm on the 31st
 * does not step in intensity at midnight. Pure: a function of the place and the month alone, cached per
 * station and month; a station's month costs ~370 of the model's hours (up to ~744 in a month of training
 * storms), once per process: the alert workers,
 * a new thread each cycle, are handed the months already measured and hand back the ones they measure; and
 * a later process reads those an earlier one kept ({@link keepPrecipMonths}).
 */

/** Liquid-equivalent precipitation at a place summed over every `stride`-th hour of [fromHour, toHour), times `stride`. */
export type RawPrecipTotal = (
  place: Place,
  field: ClimateField,
  fromHour: number,
  toHour: number,
  stride: number,
) => number;

/**
 * Every second hour measures a month's amount to ±3% (5th to 95th percentile, months of 5 mm or more; every
 * fourth hour, ±20%). A month that measures under {@link FEW_SHOWERS_MM} is measured again on every hour:
 * its amount is a few short showers, which every second hour can miss or count twice.
 */
const STRIDE_HOURS = 2;
const FEW_SHOWERS_MM = 10;
/**
 * The factor stays under 8: a month the model leaves almost dry is left short rather than turn its light
 * showers into downpours (under one station-month in a hundred needs more, 2020-2035).
 */
const MAX_FACTOR = 8;
const MAX_LOG = Math.log(MAX_FACTOR);
/**
 * Down to 1/64: a month whose training storms (heavy-rain.ts) bring several times its normal is taken back to
 * it by lightening its other hours (at 1/8, the floor it shared with the
 * ceiling, such months stayed wet: Kansas City's worst month 32% over the normal over 1981-2010, now 4%).
 */
const MIN_LOG = -Math.log(64);
/** Hours either side of a month's first hour over which one month's factor gives way to the next's. */
const RAMP_HOURS = 12;
/** Station-months kept per field (a few years of every station); the oldest go first. */
const CACHE_LIMIT = 1 << 15;
const MS_PER_HOUR = 3_600_000;

/**
 * Days in each month of the normals: a normal February averages 28.25 days (leap years included), so a
 * February of 28 or 29 days gets its share of the normal.
 */
export const NORMAL_MONTH_DAYS: readonly number[] = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Hours a place's standard clock runs ahead of UTC, by its longitude: the normals' local days, near enough. */
function zoneHours(lon: number): number {
  return Math.round(lon / 15);
}

/** The month (year × 12 + month) holding an hour, on the local clock. */
function monthIndexAt(epochHour: number, zone: number): number {
  const d = new Date((epochHour + zone) * MS_PER_HOUR);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The epoch hour a month begins on the local clock. */
function monthStart(index: number, zone: number): number {
  const year = Math.floor(index / 12);
  return Date.UTC(year, index - 12 * year, 1) / MS_PER_HOUR - zone;
}

const logFactors = new WeakMap<ClimateField, Map<number, number>>();

/** The log of a station's factor for a month: its normal over the model's own amount there, within the bounds. */
function stationLogFactor(field: ClimateField, station: number, index: number, raw: RawPrecipTotal): number {
  let cache = logFactors.get(field);
  if (!cache) logFactors.set(field, (cache = new Map<number, number>()));
  const key = index * field.stations.length + station;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  if (keeper && isShippedClimateField(field) && !keeper.asked.has(index)) {
    keeper.asked.add(index);
    adoptKeptMonth(cache, field, index, keeper.store.read(index));
    const kept = cache.get(key);
    if (kept !== undefined) return kept;
  }
  const s = field.stations[station]!;
  const month = index % 12;
  const normalIn = s.normalPrecipIn?.[month];
  let log = 0;
  if (normalIn !== undefined) {
    const zone = zoneHours(s.lon);
    const start = monthStart(index, zone);
    const end = monthStart(index + 1, zone);
    let modelMm = raw(s, field, start, end, STRIDE_HOURS);
    if (modelMm < FEW_SHOWERS_MM) modelMm = raw(s, field, start, end, 1);
    const normalMm = (normalIn * 25.4 * (end - start)) / 24 / NORMAL_MONTH_DAYS[month]!;
    // A month with no precipitation at all has nothing to scale; a normal of 0.00 in takes the lower bound.
    if (modelMm > 0) log = Math.max(MIN_LOG, Math.min(MAX_LOG, Math.log(Math.max(normalMm, 1e-6) / modelMm)));
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, log);
  if (keeper && isShippedClimateField(field)) keeper.store.measured(index);
  return log;
}

/**
 * Every station's factor for a month, as {@link keptPrecipMonth} gives them: what the package ships for the
 * months around its build (scripts/build-model-data.ts).
 */
export function measureWholeMonth(
  index: number,
  raw: RawPrecipTotal,
  field: ClimateField | null = shippedClimateField(),
): Float64Array {
  if (!field) return new Float64Array(0);
  for (let station = 0; station < field.stations.length; station++) stationLogFactor(field, station, index, raw);
  return keptPrecipMonth(index, undefined, field);
}

/**
 * Where a process keeps the shipped fit's station-months for later processes (a test runner that isolates
 * files starts each in a fresh one): a month is asked for once, when it is first needed, and told of each
 * station measured in it. What it reads back is checked here too, so a stray file changes no answer.
 */
export interface PrecipMonthStore {
  /** The month's (year × 12 + month) station-months an earlier process kept, as {@link keptPrecipMonth} gave them. */
  read(index: number): Float64Array | undefined;
  /** A station's month was measured here: {@link keptPrecipMonth} now holds it. */
  measured(index: number): void;
}

let keeper: { readonly store: PrecipMonthStore; readonly asked: Set<number> } | undefined;

/** Keeps the shipped fit's station-months in `store` from now on (undefined: nowhere). */
export function keepPrecipMonths(store: PrecipMonthStore | undefined): void {
  keeper = store && { store, asked: new Set() };
}

/**
 * The station-months of a month known here, as [station, log factor, station, log factor, …], and those of
 * `earlier` (another process's, read since) not among them, unless {@link validMonth} would not take it.
 */
export function keptPrecipMonth(
  index: number,
  earlier?: Float64Array,
  field: ClimateField | null = shippedClimateField(),
): Float64Array {
  const cache = field && logFactors.get(field);
  if (!cache) return new Float64Array(0);
  const out: number[] = [];
  const stations = field.stations.length;
  for (let station = 0; station < stations; station++) {
    const log = cache.get(index * stations + station);
    if (log !== undefined) out.push(station, log);
  }
  if (earlier && validMonth(earlier, stations))
    for (let i = 0; i < earlier.length; i += 2)
      if (!cache.has(index * stations + earlier[i]!)) out.push(earlier[i]!, earlier[i + 1]!);
  return Float64Array.from(out);
}

/** Whether a kept month is what {@link stationLogFactor} gives: stations of the field, log factors in bounds. */
function validMonth(months: Float64Array, stations: number): boolean {
  if (months.length % 2 !== 0) return false;
  for (let i = 0; i < months.length; i += 2) {
    const station = months[i]!;
    if (
      !Number.isInteger(station) ||
      station < 0 ||
      station >= stations ||
      !(months[i + 1]! >= MIN_LOG && months[i + 1]! <= MAX_LOG)
    )
      return false;
  }
  return true;
}

/** Takes a kept month's station-months, unless it is not {@link validMonth}: then the month is measured. */
function adoptKeptMonth(
  cache: Map<number, number>,
  field: ClimateField,
  index: number,
  months: Float64Array | undefined,
): void {
  const stations = field.stations.length;
  if (!months || !validMonth(months, stations)) return;
  for (let i = 0; i < months.length && cache.size < CACHE_LIMIT; i += 2)
    if (!cache.has(index * stations + months[i]!)) cache.set(index * stations + months[i]!, months[i + 1]!);
}

/**
 * The station-months this thread has measured, as [key, log factor, key, log factor, …]: what a thread that
 * starts afresh (an alert worker, a new isolate each cycle) is handed so as not to measure them again. A key
 * names a station and a month of `field`, which every thread decodes from the same data: by default the
 * shipped fit, which the workers run whatever field a script or a test made active here (a candidate fit's
 * keys would name other stations).
 */
export function measuredPrecipMonths(field: ClimateField | null = shippedClimateField()): Float64Array {
  const cache = field && logFactors.get(field);
  if (!cache) return new Float64Array(0);
  const out = new Float64Array(2 * cache.size);
  let i = 0;
  for (const [key, log] of cache) {
    out[i++] = key;
    out[i++] = log;
  }
  return out;
}

/** Takes station-months measured by another thread ({@link measuredPrecipMonths}), keeping those measured here. */
export function adoptPrecipMonths(months: Float64Array, field: ClimateField | null = shippedClimateField()): void {
  if (!field || months.length === 0) return;
  let cache = logFactors.get(field);
  if (!cache) logFactors.set(field, (cache = new Map<number, number>()));
  for (let i = 0; i + 1 < months.length && cache.size < CACHE_LIMIT; i += 2)
    if (!cache.has(months[i]!)) cache.set(months[i]!, months[i + 1]!);
}

/** A place's factor on its precipitation amounts, hour by hour: one per place, which remembers its month. */
export class PrecipFactor {
  private readonly zone: number;
  /** The hours [from, to) of the current month outside its ramps, whose factor is {@link factor}. */
  private from = Number.NaN;
  private to = Number.NaN;
  private factor = 1;

  constructor(
    private readonly corrections: PlaceCorrections | null,
    lon: number,
    private readonly raw: RawPrecipTotal,
  ) {
    this.zone = zoneHours(lon);
  }

  /** The factor on the amount of the hour: 1 where no normals station reaches. */
  at(epochHour: number): number {
    if (epochHour >= this.from && epochHour < this.to) return this.factor;
    if (!this.corrections?.stations.length) return 1;
    const index = monthIndexAt(epochHour, this.zone);
    const start = monthStart(index, this.zone);
    const end = monthStart(index + 1, this.zone);
    const here = this.monthFactor(index);
    // In a ramp, the factor moves linearly from the month before's to the month after's.
    if (epochHour < start + RAMP_HOURS) return this.ramp(this.monthFactor(index - 1), here, epochHour - start);
    if (epochHour >= end - RAMP_HOURS) return this.ramp(here, this.monthFactor(index + 1), epochHour - end);
    this.from = start + RAMP_HOURS;
    this.to = end - RAMP_HOURS;
    this.factor = here;
    return here;
  }

  /** `sinceEdge`: hours from the month's edge (negative before it), inside [−RAMP_HOURS, RAMP_HOURS). */
  private ramp(before: number, after: number, sinceEdge: number): number {
    const w = (sinceEdge + RAMP_HOURS + 0.5) / (2 * RAMP_HOURS);
    return before + (after - before) * w;
  }

  private monthFactor(index: number): number {
    const c = this.corrections!;
    let log = 0;
    for (let j = 0; j < c.stations.length; j++)
      log += c.weights[j]! * stationLogFactor(c.field, c.stations[j]!, index, this.raw);
    return Math.exp(log);
  }
}
