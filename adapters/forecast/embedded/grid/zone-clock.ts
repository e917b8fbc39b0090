import { localTime } from '../weather/time.ts';

/**
 * Wall-clock arithmetic for hot paths. The domain's localTime asks Intl (~10 µs a call); US zones only change
 * offset on the hour, so the offset is looked up once per (zone, UTC hour) and the rest is Date arithmetic.
 */
// A plain Map cleared when full: cheaper than an LRU on a path taken ~20 times per point document.
const offsets = new Map<string, number>();

/** Local time minus UTC, in minutes, at instant `ms` in `timeZone`. */
export function offsetMinutes(ms: number, timeZone: string): number {
  const hour = Math.floor(ms / 3_600_000);
  const key = `${timeZone}|${hour}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = localTime(hour * 3_600_000, timeZone).offsetMinutes;
    if (offsets.size >= 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The local calendar date at `ms`. */
export function localDate(
  ms: number,
  timeZone: string,
): { readonly year: number; readonly month: number; readonly day: number } {
  const local = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** ISO 8601 with the zone's offset, to the second: 2026-07-15T06:12:39-05:00 (as domain isoWithOffset). */
export function isoInZone(ms: number, timeZone: string): string {
  return isoWithFixedOffset(ms, offsetMinutes(ms, timeZone));
}

/** The same with a known offset, for callers formatting many instants of one local day. */
export function isoWithFixedOffset(ms: number, offset: number): string {
  const text = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  return `${text}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
