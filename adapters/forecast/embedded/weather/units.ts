/** Unit conversions and the compass, shared by forecasts, alerts and observations. */

export type UnitSystem = 'us' | 'si';

export function cToF(c: number): number {
  return (c * 9) / 5 + 32;
}

export function fToC(f: number): number {
  return ((f - 32) * 5) / 9;
}

export function kmhToMph(kmh: number): number {
  return kmh / 1.609344;
}

/** Temperature in the unit system's unit, rounded as the NWS prints it. */
export function displayTemperature(c: number, units: UnitSystem): number {
  return Math.round(units === 'us' ? cToF(c) : c);
}

/** Wind speed in mph or km/h, rounded. */
export function displaySpeed(kmh: number, units: UnitSystem): number {
  return Math.round(units === 'us' ? kmhToMph(kmh) : kmh);
}

export function speedUnitLabel(units: UnitSystem): string {
  return units === 'us' ? 'mph' : 'km/h';
}

export function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

const COMPASS = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;

const COMPASS_WORDS: Record<string, string> = {
  N: 'north',
  E: 'east',
  S: 'south',
  W: 'west',
  NE: 'northeast',
  SE: 'southeast',
  SW: 'southwest',
  NW: 'northwest',
};

/** 16-point compass abbreviation for a direction the wind blows from. */
export function compassPoint(degrees: number): string {
  const i = Math.round((((degrees % 360) + 360) % 360) / 22.5) % 16;
  return COMPASS[i] ?? 'N';
}

/** "South southeast": how the NWS spells a compass point at the start of a sentence. */
export function compassWords(point: string): string {
  const words =
    point.length === 3 ? [COMPASS_WORDS[point[0]!]!, COMPASS_WORDS[point.slice(1)]!] : [COMPASS_WORDS[point]!];
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
