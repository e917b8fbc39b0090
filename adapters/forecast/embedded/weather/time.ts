/**
 * Clock helpers. The model works in UTC epoch hours (whole hours since 1970-01-01T00Z);
 * the local wall clock for an IANA zone comes from Intl so DST is handled without a tz package.
 */

export const MS_PER_HOUR = 3_600_000;

/**
 * An epoch hour's date in a standard time `hoursBehindUtc` behind UTC (no daylight saving), as month × 100 +
 * day (15 July is 715): how the seasonal tables (the Great Lakes' advisories, the Arctic's ice) name their dates.
 */
export function standardMonthDay(epochHour: number, hoursBehindUtc: number): number {
  const d = new Date((epochHour - hoursBehindUtc) * MS_PER_HOUR);
  return (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

export function epochHourToMs(hour: number): number {
  return hour * MS_PER_HOUR;
}

/** The epoch hour containing an instant. */
export function epochHourOf(ms: number): number {
  return Math.floor(ms / MS_PER_HOUR);
}

export interface LocalTime {
  readonly year: number;
  readonly month: number; // 1-12
  readonly day: number;
  readonly hour: number; // 0-23
  readonly minute: number;
  /** 0 = Sunday. */
  readonly weekday: number;
  /** Local time minus UTC, in minutes. */
  readonly offsetMinutes: number;
}

// Building a DateTimeFormat costs far more than using one, and the set of zones is small.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl's wall clock in `timeZone` (24-hour, with the weekday), one formatter per zone. */
export function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

// A zone's UTC offset rarely changes within an hour, so it is asked of Intl at the two ends of each UTC hour
// and the wall clock derived by arithmetic when both agree; only an hour with a transition in it (DST,
// whichever minute the zone switches at) asks Intl for the instant itself. formatToParts costs
// microseconds, and a forecast needs a local time for each of its ~170 hours.
const offsets = new Map<string, number | null>();
const OFFSET_CACHE_LIMIT = 100_000;

function intlOffsetMinutes(ms: number, timeZone: string): number {
  const fields: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) fields[part.type] = part.value;
  const wall = Date.UTC(
    Number(fields.year),
    Number(fields.month) - 1,
    Number(fields.day),
    Number(fields.hour) % 24,
    Number(fields.minute),
  );
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The zone's offset through the UTC hour starting at `hourStart`, or null if it changes within it. */
function wholeHourOffset(hourStart: number, timeZone: string): number | null {
  const first = intlOffsetMinutes(hourStart, timeZone);
  return first === intlOffsetMinutes(hourStart + MS_PER_HOUR - 60_000, timeZone) ? first : null;
}

/**
 * Where a zone's offsets of a UTC month, hour by hour ({@link monthOffsets}), are kept between processes
 * (shared/zone-offset-files.ts). The first Intl.DateTimeFormat of a process costs ~20 ms of CPU (ICU's
 * start), the largest step left of a fresh process's first /points (issue 40 item 4): a process whose months
 * were kept by an earlier one asks Intl nothing unless an hour holds a transition.
 */
export interface ZoneOffsetStore {
  /** A zone's month as {@link monthOffsets} makes it, if kept. */
  read(timeZone: string, month: number): Int16Array | undefined;
  /** A month just made, to keep. */
  made(timeZone: string, month: number, offsets: Int16Array): void;
  /**
   * A zone's short names (CDT, PST) through a UTC month, by offset in minutes, where known beforehand (the
   * package ships them, made by {@link monthNames}): the first name a process asks for otherwise starts ICU.
   */
  names?(timeZone: string, month: number): ReadonlyMap<number, string> | undefined;
}

let offsetStore: ZoneOffsetStore | undefined;
const months = new Map<string, Int16Array>();

/** Keeps the zones' months in `store` from now on (undefined: none kept, each hour asked of Intl). */
export function keepZoneOffsets(store: ZoneOffsetStore | undefined): void {
  offsetStore = store;
  months.clear();
  offsets.clear();
  monthNamesKept.clear();
}

/** An hour whose offset changes within it, in a month's table. */
export const TRANSITION_HOUR = -32768;

/** A UTC month (months since January 1970) as its first epoch hour and its length in hours. */
function monthHours(month: number): { first: number; hours: number } {
  const first = Date.UTC(1970, month, 1) / MS_PER_HOUR;
  return { first, hours: Date.UTC(1970, month + 1, 1) / MS_PER_HOUR - first };
}

/** Hours between the probes of a month: a zone changes its offset at most once in so long. */
const PROBE_HOURS = 6;

/**
 * A zone's offset through each hour of a UTC month, TRANSITION_HOUR where it changes within the hour: what
 * offsetMinutesAt would ask of Intl hour by hour, with Intl asked at every PROBE_HOURS-th hour instead, and hour
 * by hour only between two probes that differ (~170 formatToParts a month instead of ~1,500).
 */
export function monthOffsets(timeZone: string, month: number): Int16Array {
  const { first, hours } = monthHours(month);
  const table = new Int16Array(hours);
  let before = intlOffsetMinutes(first * MS_PER_HOUR, timeZone);
  for (let block = 0; block < hours; block += PROBE_HOURS) {
    const end = Math.min(block + PROBE_HOURS, hours);
    const after = intlOffsetMinutes((first + end) * MS_PER_HOUR, timeZone);
    for (let h = block; h < end; h++)
      table[h] = before === after ? before : (wholeHourOffset((first + h) * MS_PER_HOUR, timeZone) ?? TRANSITION_HOUR);
    before = after;
  }
  return table;
}

/** The zone's whole-hour offset from its month's table, kept or made (and then kept). */
function keptOffset(store: ZoneOffsetStore, hourStart: number, timeZone: string): number | null {
  const at = new Date(hourStart);
  const month = (at.getUTCFullYear() - 1970) * 12 + at.getUTCMonth();
  const { first, hours } = monthHours(month);
  const key = `${timeZone}|${month}`;
  let table = months.get(key);
  if (table === undefined) {
    table = store.read(timeZone, month);
    if (table?.length !== hours) {
      table = monthOffsets(timeZone, month);
      store.made(timeZone, month, table);
    }
    months.set(key, table);
  }
  const offset = table[hourStart / MS_PER_HOUR - first]!;
  return offset === TRANSITION_HOUR ? null : offset;
}

function offsetMinutesAt(ms: number, timeZone: string): number {
  const hourStart = Math.floor(ms / MS_PER_HOUR) * MS_PER_HOUR;
  const key = `${timeZone}|${hourStart}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetStore ? keptOffset(offsetStore, hourStart, timeZone) : wholeHourOffset(hourStart, timeZone);
    if (offsets.size >= OFFSET_CACHE_LIMIT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset ?? intlOffsetMinutes(ms, timeZone);
}

/** Wall-clock fields of an instant in an IANA zone. Throws RangeError for an unknown zone. */
export function localTime(ms: number, timeZone: string): LocalTime {
  const offsetMinutes = offsetMinutesAt(ms, timeZone);
  const wall = new Date(Math.floor(ms / 60_000) * 60_000 + offsetMinutes * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
    offsetMinutes,
  };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** ISO 8601 with the zone's offset, as the NWS writes period times: 2026-11-21T15:00:00-06:00. */
export function isoWithOffset(ms: number, timeZone: string): string {
  const t = localTime(ms, timeZone);
  const sign = t.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(t.offsetMinutes);
  const seconds = Math.floor((((ms % 60_000) + 60_000) % 60_000) / 1000);
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}:${pad(seconds)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 in UTC with an explicit +00:00, the form the NWS uses for `updated` fields. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

const abbreviations = new Map<string, Intl.DateTimeFormat>();

/** Each zone-month's short names by offset, as the store gave them (null: it knows none). */
const monthNamesKept = new Map<string, ReadonlyMap<number, string> | null>();

/**
 * The NWS's names for zones Intl knows only as GMT+10 and GMT-11 (no daylight time in either): NWS Tiyan
 * writes ChST (forecast.weather.gov, AFDGUM: "720 PM ChST Wed May 22 2024"), NWS Pago Pago SST
 * (weather.gov/ppg/AFDPPG: "217 PM SST Sun Jan 19 2025").
 */
const NWS_ZONE_NAMES: ReadonlyMap<string, string> = new Map([
  ['Pacific/Guam', 'ChST'],
  ['Pacific/Saipan', 'ChST'],
  ['Pacific/Pago_Pago', 'SST'],
]);

/** Short zone name such as CDT or PST (falls back to GMT-5 style where Intl has no abbreviation). */
export function zoneAbbreviation(ms: number, timeZone: string): string {
  const nws = NWS_ZONE_NAMES.get(timeZone);
  if (nws !== undefined) return nws;
  const known = offsetStore?.names === undefined ? undefined : knownName(offsetStore, ms, timeZone);
  return known ?? intlAbbreviation(ms, timeZone);
}

function intlAbbreviation(ms: number, timeZone: string): string {
  let f = abbreviations.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
    abbreviations.set(timeZone, f);
  }
  return f.formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
}

/** The name the store knows for the zone's offset at `ms`, if it knows the month's. */
function knownName(store: ZoneOffsetStore, ms: number, timeZone: string): string | undefined {
  const at = new Date(ms);
  const month = (at.getUTCFullYear() - 1970) * 12 + at.getUTCMonth();
  const key = `${timeZone}|${month}`;
  let names = monthNamesKept.get(key);
  if (names === undefined) monthNamesKept.set(key, (names = store.names!(timeZone, month) ?? null));
  return names?.get(offsetMinutesAt(ms, timeZone));
}

/**
 * A zone's short names through a UTC month, by offset: asked of Intl every {@link PROBE_HOURS} hours, which
 * meets every offset the month holds; undefined if one offset goes by two names within the month.
 */
export function monthNames(timeZone: string, month: number): Map<number, string> | undefined {
  const { first, hours } = monthHours(month);
  const names = new Map<number, string>();
  for (let h = 0; h <= hours; h += PROBE_HOURS) {
    const ms = (first + Math.min(h, hours - 1)) * MS_PER_HOUR;
    const offset = intlOffsetMinutes(ms, timeZone);
    const name = intlAbbreviation(ms, timeZone);
    if ((names.get(offset) ?? name) !== name) return undefined;
    names.set(offset, name);
  }
  return names;
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2pm", "noon", "midnight": the NWS's clock words inside forecast text. */
export function clockWord(hour: number): string {
  if (hour === 0) return 'midnight';
  if (hour === 12) return 'noon';
  return hour < 12 ? `${hour}am` : `${hour - 12}pm`;
}
