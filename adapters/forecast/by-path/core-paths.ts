import type { Coordinates } from '../../../domain/forecast/coordinates.ts';
import { formatCoordinate } from '../../../domain/forecast/coordinates.ts';
import type { ForecastOptions, GridRef } from '../../../application/forecast/ports.ts';

// The API path (and query) for each method of ForecastProvider. The queries arrive validated; they are written back
// the way api.weather.gov's OpenAPI takes them: comma-separated lists, lower-case enum values. Parameters
// are added in a fixed order so equal queries share one cache key.

type Params = Array<[string, string | number | undefined]>;

function withQuery(path: string, params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of params) if (v !== undefined && v !== '') q.append(k, String(v));
  const text = q.toString().replace(/%2C/gi, ',');
  return text === '' ? path : `${path}?${text}`;
}

const seg = (s: string): string => encodeURIComponent(s).replace(/%3A/gi, ':');
const point = (p: Coordinates): string => `${formatCoordinate(p.lat)},${formatCoordinate(p.lon)}`;
const grid = (g: GridRef): string => `/gridpoints/${seg(g.office)}/${g.x},${g.y}`;

export const corePaths = {
  point: (p: Coordinates): string => `/points/${point(p)}`,
  forecast: (g: GridRef, o: ForecastOptions): string =>
    withQuery(`${grid(g)}/forecast${o.hourly ? '/hourly' : ''}`, [['units', o.units === 'si' ? 'si' : undefined]]),
};
