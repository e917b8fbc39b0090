import type { ZoneType } from '../../../domain/forecast/queries.ts';
import type { ObservationQuery } from '../../../domain/forecast/extended-queries.ts';

// The API path for each method of ForecastExtendedProvider: the same path the client asked Taskcast
// for, rebuilt from the validated values (so equal requests share one cache key), parameters in a fixed
// order and spelt as the official OpenAPI takes them.

type Params = Array<[string, string | number | undefined]>;

function withQuery(path: string, params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of params) if (v !== undefined && v !== '') q.append(k, String(v));
  const text = q.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  return text === '' ? path : `${path}?${text}`;
}

const seg = (s: string): string => encodeURIComponent(s);
const iso = (d: Date | undefined): string | undefined => d?.toISOString().replace(/\.000Z$/, 'Z');
const observationParams = (q: ObservationQuery): Params => [
  ['start', iso(q.start)],
  ['end', iso(q.end)],
  ['limit', q.limit],
];

export const extendedPaths = {
  alertCounts: (): string => '/alerts/active/count',
  alertTypes: (): string => '/alerts/types',
  tafs: (id: string): string => `/stations/${seg(id)}/tafs`,
  taf: (id: string, date: string, time: string): string => `/stations/${seg(id)}/tafs/${date}/${time}`,
  zoneForecast: (type: ZoneType, id: string): string => `/zones/${type}/${seg(id)}/forecast`,
  zoneObservations: (id: string, q: ObservationQuery): string =>
    withQuery(`/zones/forecast/${seg(id)}/observations`, observationParams(q)),
};
