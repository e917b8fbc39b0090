import type { Coordinates } from '../../../domain/forecast/coordinates.ts';
import { formatCoordinate } from '../../../domain/forecast/coordinates.ts';
import type { ForecastOptions, GridRef } from '../../../application/forecast/ports.ts';

// The API path (and query) of the two typed methods of ForecastProvider, as api.weather.gov spells them; the
// other routes spell their own paths (the families' rules, adapters/forecast/embedded/*/…-routes.ts).

const seg = (s: string): string => encodeURIComponent(s).replace(/%3A/gi, ':');
const point = (p: Coordinates): string => `${formatCoordinate(p.lat)},${formatCoordinate(p.lon)}`;
const grid = (g: GridRef): string => `/gridpoints/${seg(g.office)}/${g.x},${g.y}`;

export const corePaths = {
  point: (p: Coordinates): string => `/points/${point(p)}`,
  forecast: (g: GridRef, o: ForecastOptions): string =>
    `${grid(g)}/forecast${o.hourly ? '/hourly' : ''}${o.units === 'si' ? '?units=si' : ''}`,
};
