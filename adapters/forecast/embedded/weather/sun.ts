/**
 * The sun's day at a place: sunrise, sunset and day length in local apparent solar time, from the
 * declination and the equation of time (NOAA's low-precision formulas, good to a few minutes, which an
 * hourly model cannot tell apart). The diurnal temperature cycle hangs on it.
 */

const DEG = Math.PI / 180;
/** The disc's upper limb with refraction: the sun is "up" from 0.833° below the horizon. */
const SIN_HORIZON = Math.sin(-0.833 * DEG);

export interface SunDay {
  /** Local apparent solar hour of sunrise and sunset (noon is 12); for a polar day 0 and 24, a polar night 12 and 12. */
  readonly sunrise: number;
  readonly sunset: number;
  /** Hours of daylight, 0 to 24. */
  readonly dayLength: number;
  /** Equation of time, hours: apparent minus mean solar time. */
  readonly equationOfTime: number;
}

/** The fractional year's angle of a day of the year (1 = 1 January), radians. */
function yearAngle(dayOfYear: number): number {
  return ((2 * Math.PI) / 365.2425) * (dayOfYear - 1);
}

/** Solar declination, radians (Spencer's series, as NOAA gives it). */
export function declination(dayOfYear: number): number {
  const g = yearAngle(dayOfYear);
  return (
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g)
  );
}

/** Equation of time, hours (apparent minus mean solar time: +16 minutes in early November). */
export function equationOfTime(dayOfYear: number): number {
  const g = yearAngle(dayOfYear);
  const minutes =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  return minutes / 60;
}

/** The sun's day at latitude `lat` (degrees) on a day of the year. */
export function sunDay(lat: number, dayOfYear: number): SunDay {
  const delta = declination(dayOfYear);
  const phi = lat * DEG;
  const cosH = (SIN_HORIZON - Math.sin(phi) * Math.sin(delta)) / (Math.cos(phi) * Math.cos(delta));
  const halfDay = cosH <= -1 ? 12 : cosH >= 1 ? 0 : Math.acos(cosH) / (15 * DEG);
  return {
    sunrise: 12 - halfDay,
    sunset: 12 + halfDay,
    dayLength: 2 * halfDay,
    equationOfTime: equationOfTime(dayOfYear),
  };
}
