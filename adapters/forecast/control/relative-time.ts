import { offsetMinutes } from '../embedded/grid/zone-clock.ts';

/**
 * A scenario's times: an ISO instant, `now`, `now±N{m,h,d}` (and `s`, which recordings use), or `today HH:MM` with an optional `±N{h,d}`,
 * the wall-clock time in the place's zone (as the weather.gov proxy's bundles write `date:today 06:00`).
 */
export const RELATIVE_TIME =
  /^(?:now(?:\s*[+-]\s*\d{1,9}\s*[smhd])?|today\s+(?:[01]\d|2[0-3]):[0-5]\d(?:\s*[+-]\s*\d{1,4}\s*[hd])?)$/;

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The instant a scenario time stands for, `nowMs` being the forecast clock and `timeZone` the place's. */
export function resolveTime(text: string, nowMs: number, timeZone: string): number {
  const trimmed = text.trim();
  const now = /^now(?:\s*([+-])\s*(\d+)\s*([smhd]))?$/.exec(trimmed);
  if (now) return nowMs + shift(now[1], now[2], now[3]);
  const today = /^today\s+(\d{2}):(\d{2})(?:\s*([+-])\s*(\d+)\s*([hd]))?$/.exec(trimmed);
  if (today) {
    const minutes = Number(today[1]) * 60 + Number(today[2]);
    // Local midnight of today's date in the zone, then the wall-clock time; the offset is taken at that
    // time, so a DST day still puts 06:00 at 06:00.
    const local = new Date(nowMs + offsetMinutes(nowMs, timeZone) * 60_000);
    const wallMs = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + minutes * 60_000;
    const at = wallMs - offsetMinutes(wallMs - offsetMinutes(wallMs, timeZone) * 60_000, timeZone) * 60_000;
    return at + shift(today[3], today[4], today[5]);
  }
  const absolute = Date.parse(trimmed);
  if (Number.isNaN(absolute)) throw new RangeError(`"${text}" is not a time (ISO 8601, now, now+45m, today 06:00+1d).`);
  return absolute;
}

function shift(sign: string | undefined, amount: string | undefined, unit: string | undefined): number {
  if (sign === undefined || amount === undefined || unit === undefined) return 0;
  return (sign === '-' ? -1 : 1) * Number(amount) * UNIT_MS[unit as keyof typeof UNIT_MS];
}

/**
 * The other way (recording with FORECAST_RECORD_RELATIVE=1): an instant as `now±N…` from the recording's
 * clock, in whole minutes when it is one, so replaying at another time moves every date together.
 */
export function relativeTo(ms: number, nowMs: number): string {
  const delta = ms - nowMs;
  if (delta === 0) return 'now';
  const abs = Math.abs(delta);
  const sign = delta < 0 ? '-' : '+';
  if (abs % UNIT_MS.d === 0) return `now${sign}${abs / UNIT_MS.d}d`;
  if (abs % UNIT_MS.h === 0) return `now${sign}${abs / UNIT_MS.h}h`;
  if (abs % UNIT_MS.m === 0) return `now${sign}${abs / UNIT_MS.m}m`;
  return `now${sign}${Math.round(abs / 1000)}s`;
}
