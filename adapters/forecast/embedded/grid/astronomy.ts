import { isoWithFixedOffset, offsetMinutes } from './zone-clock.ts';

/**
 * points.json's astronomicalData: sun events of one local date at a point, from the standard sunrise
 * equation (mean anomaly, equation of centre, ecliptic longitude, declination). Good to about a minute in
 * CONUS, which is what a forecast page shows. An event that does not happen that day (astronomical
 * twilight never ending near a northern midsummer) is null.
 */

const DEG = Math.PI / 180;
const J2000 = 2451545;
const UNIX_EPOCH_JD = 2440587.5;
const OBLIQUITY = 23.4397 * DEG;

/** Sun altitude of each event pair, degrees: the disc's upper limb with refraction, then 6°, 12°, 18° below. */
const EVENTS: readonly (readonly [string, string, number])[] = [
  ['sunrise', 'sunset', -0.833],
  ['civilTwilightBegin', 'civilTwilightEnd', -6],
  ['nauticalTwilightBegin', 'nauticalTwilightEnd', -12],
  ['astronomicalTwilightBegin', 'astronomicalTwilightEnd', -18],
];

function julianToMs(jd: number): number {
  return Math.round((jd - UNIX_EPOCH_JD) * 86_400_000);
}

/** `date` is the local calendar date (year, month 1-12, day) at the point; times are written in `timeZone`. */
export function astronomicalData(
  lat: number,
  lon: number,
  date: { readonly year: number; readonly month: number; readonly day: number },
  timeZone: string,
): Record<string, string | null> {
  const n = Date.UTC(date.year, date.month - 1, date.day) / 86_400_000 - 10_957;
  const meanNoon = n - lon / 360;
  const m = ((357.5291 + 0.98560028 * meanNoon) % 360) * DEG;
  const centre = (1.9148 * Math.sin(m) + 0.02 * Math.sin(2 * m) + 0.0003 * Math.sin(3 * m)) * DEG;
  const lambda = m + centre + Math.PI + 102.9372 * DEG;
  const transit = J2000 + meanNoon + 0.0053 * Math.sin(m) - 0.0069 * Math.sin(2 * lambda);
  const declination = Math.asin(Math.sin(lambda) * Math.sin(OBLIQUITY));
  // One offset for the whole day, taken at solar noon: US clocks change at 2 am, before any of these events.
  const offset = offsetMinutes(julianToMs(transit), timeZone);
  const at = (jd: number): string => isoWithFixedOffset(julianToMs(jd), offset);

  const out: Record<string, string | null> = {};
  for (const [begin, end, altitude] of EVENTS) {
    const cosH =
      (Math.sin(altitude * DEG) - Math.sin(lat * DEG) * Math.sin(declination)) /
      (Math.cos(lat * DEG) * Math.cos(declination));
    const ok = cosH >= -1 && cosH <= 1;
    const half = ok ? Math.acos(cosH) / (2 * Math.PI) : 0;
    out[begin] = ok ? at(transit - half) : null;
    out[end] = ok ? at(transit + half) : null;
    if (begin === 'sunrise') out['transit'] = at(transit);
  }
  // The order points.json uses.
  const order = [
    'sunrise',
    'sunset',
    'transit',
    'civilTwilightBegin',
    'civilTwilightEnd',
    'nauticalTwilightBegin',
    'nauticalTwilightEnd',
    'astronomicalTwilightBegin',
    'astronomicalTwilightEnd',
  ];
  return Object.fromEntries(order.map((k) => [k, out[k] ?? null]));
}
