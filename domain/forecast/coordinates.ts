import { InvalidParameter } from './errors.ts';

export interface Coordinates {
  readonly lat: number;
  readonly lon: number;
}

export interface ParsedPoint extends Coordinates {
  /** True when the input had more than 4 decimals: api.weather.gov redirects to the rounded form. */
  readonly needsRounding: boolean;
  /** `lat,lon` with at most 4 decimals and no trailing zeros, as api.weather.gov writes it. */
  readonly canonical: string;
}

const NUMBER = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*$/;

/** Parses `lat,lon` (decimal degrees, WGS84). Unparseable or out of range is an InvalidParameter. */
export function parsePoint(text: string, parameter = 'point'): ParsedPoint {
  const parts = text.split(',');
  const latText = parts[0] ?? '';
  const lonText = parts[1] ?? '';
  const lat = NUMBER.exec(latText)?.[1];
  const lon = NUMBER.exec(lonText)?.[1];
  if (parts.length !== 2 || lat === undefined || lon === undefined) {
    throw new InvalidParameter(
      `Invalid ${parameter} "${text}": expected latitude,longitude in decimal degrees, such as 39.7456,-97.0892.`,
      parameter,
    );
  }
  const latitude = Number(lat);
  const longitude = Number(lon);
  if (!(latitude >= -90 && latitude <= 90) || !(longitude >= -180 && longitude <= 180)) {
    throw new InvalidParameter(
      `Invalid ${parameter} "${text}": latitude must be within -90 to 90 and longitude within -180 to 180.`,
      parameter,
    );
  }
  const needsRounding = decimals(lat) > 4 || decimals(lon) > 4;
  const rLat = round4(latitude);
  const rLon = round4(longitude);
  return { lat: rLat, lon: rLon, needsRounding, canonical: `${formatCoordinate(rLat)},${formatCoordinate(rLon)}` };
}

export function formatCoordinate(value: number): string {
  const text = String(round4(value));
  return text === '-0' ? '0' : text;
}

function round4(value: number): number {
  return Math.round(value * 1e4) / 1e4 + 0;
}

function decimals(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}
