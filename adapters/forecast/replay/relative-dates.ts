import { relativeTo, resolveTime } from '../control/relative-time.ts';
import { isoWithFixedOffset } from '../embedded/grid/zone-clock.ts';

/**
 * FORECAST_RECORD_RELATIVE=1: dates in a recorded body become tokens relative to the recording's clock,
 * `{date:now+3h@-05:00}` (the offset it was written with), and a replay writes them back from its own
 * clock. A bundle recorded in May then replays as today's weather, every date moved together. A fraction of
 * a second is kept as it was written (`{date:now-2s.123@Z}`), so a replay at the recording's instant gives
 * back the very text.
 */
const ISO_DATE = /(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;
const TOKEN = /\{date:(now(?:[+-]\d+[smhd])?)(\.\d+)?@(Z|[+-]\d{2}:\d{2})\}/g;

export function relativiseDates(value: unknown, nowMs: number): unknown {
  // Against the recording's whole second: a replay writes dates back to the second, flooring, so a date
  // equal to the recording's second must be `now`, not `now-1s` (which, with FORECAST_NOW at the bundle's
  // recordedAt, put the first period at 15:59:59 instead of 16:00:00).
  const anchorMs = Math.floor(nowMs / 1000) * 1000;
  return mapStrings(value, (s) =>
    s.replace(ISO_DATE, (whole, main: string, fraction: string | undefined, offset: string) => {
      const ms = Date.parse(`${main}${offset}`);
      return Number.isNaN(ms) ? whole : `{date:${relativeTo(ms, anchorMs)}${fraction ?? ''}@${offset}}`;
    }),
  );
}

export function resolveDates(value: unknown, nowMs: number): unknown {
  return mapStrings(value, (s) =>
    s.includes('{date:')
      ? s.replace(TOKEN, (whole, rel: string, fraction: string | undefined, offset: string) => {
          try {
            return withFraction(formatAt(resolveTime(rel, nowMs, 'UTC'), offset), fraction);
          } catch {
            // A shift edited past what a Date holds (±273,790 years) has no ISO text; Date's own "Invalid
            // time value" would not say which token of which file it was.
            throw new RangeError(`${whole} falls outside the dates a Date can hold`);
          }
        })
      : s,
  );
}

/** A date written back from a token or as it is; for Last-Modified. An Invalid Date when it is no date. */
export function resolveDate(text: string, nowMs: number): Date {
  const resolved = resolveDates(text, nowMs) as string;
  return new Date(Date.parse(resolved));
}

/** `2026-07-15T18:19:58Z` with `.123` is `2026-07-15T18:19:58.123Z`. */
function withFraction(iso: string, fraction: string | undefined): string {
  return fraction ? iso.replace(/(T\d{2}:\d{2}:\d{2})/, `$1${fraction}`) : iso;
}

function formatAt(ms: number, offset: string): string {
  if (offset === 'Z') return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const sign = offset.startsWith('-') ? -1 : 1;
  const minutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const iso = isoWithFixedOffset(ms, minutes);
  // -00:00 is UTC with the local offset unknown (RFC 3339), as a storm warning's eventMotionDescription writes
  // its time: it stays -00:00, not +00:00.
  return offset === '-00:00' ? iso.replace(/\+00:00$/, '-00:00') : iso;
}

export function mapStrings(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, map));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = mapStrings(v, map);
    return out;
  }
  return value;
}
