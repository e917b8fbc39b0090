import { cToF, fToC, kmhToMph } from './units.ts';

/** Thermodynamic relations the model uses to keep its fields mutually consistent. */

// Magnus coefficients over water (Alduchov & Eskridge 1996).
const MAGNUS_B = 17.625;
const MAGNUS_C = 243.04;

/** Saturation vapour pressure in hPa. */
export function saturationVaporPressure(tC: number): number {
  return 6.1094 * Math.exp((MAGNUS_B * tC) / (MAGNUS_C + tC));
}

/** Relative humidity (0-100) from temperature and dewpoint. */
export function relativeHumidity(tC: number, tdC: number): number {
  const rh = 100 * Math.exp((MAGNUS_B * tdC) / (MAGNUS_C + tdC) - (MAGNUS_B * tC) / (MAGNUS_C + tC));
  return Math.max(0, Math.min(100, rh));
}

/** Dewpoint from temperature and relative humidity, the inverse of {@link relativeHumidity}. */
export function dewpointFrom(tC: number, rhPct: number): number {
  const g = Math.log(Math.max(rhPct, 0.1) / 100) + (MAGNUS_B * tC) / (MAGNUS_C + tC);
  return (MAGNUS_C * g) / (MAGNUS_B - g);
}

/**
 * NWS heat index (Rothfusz regression with the NWS low-humidity and high-humidity
 * adjustments, and Steadman's simple formula below 80°F), in °C.
 */
export function heatIndexC(tC: number, rhPct: number): number {
  const t = cToF(tC);
  const rh = rhPct;
  const simple = 0.5 * (t + 61 + (t - 68) * 1.2 + rh * 0.094);
  if ((simple + t) / 2 < 80) return fToC(simple);
  let hi =
    -42.379 +
    2.04901523 * t +
    10.14333127 * rh -
    0.22475541 * t * rh -
    0.00683783 * t * t -
    0.05481717 * rh * rh +
    0.00122874 * t * t * rh +
    0.00085282 * t * rh * rh -
    0.00000199 * t * t * rh * rh;
  if (rh < 13 && t >= 80 && t <= 112) hi -= ((13 - rh) / 4) * Math.sqrt((17 - Math.abs(t - 95)) / 17);
  else if (rh > 85 && t >= 80 && t <= 87) hi += ((rh - 85) / 10) * ((87 - t) / 5);
  return fToC(hi);
}

/** NWS 2001 wind chill in °C; defined only for T ≤ 50°F and wind > 3 mph, else null. */
export function windChillC(tC: number, windKmh: number): number | null {
  const t = cToF(tC);
  const v = kmhToMph(windKmh);
  if (t > 50 || v <= 3) return null;
  const p = Math.pow(v, 0.16);
  return fToC(35.74 + 0.6215 * t - 35.75 * p + 0.4275 * t * p);
}
