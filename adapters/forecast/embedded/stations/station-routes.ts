import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { parseStationId } from '../../../../domain/forecast/grid-ref.ts';
import { parseStationQuery } from '../../../../domain/forecast/queries.ts';
import {
  parseObservationQuery,
  parseTimeSegment,
  type ObservationQuery,
} from '../../../../domain/forecast/extended-queries.ts';
import type { RouteInput } from '../../../../application/forecast/resource-route.ts';
import {
  csvParam,
  documentRule,
  isoParam,
  param,
  queryDocument,
  seg,
  segmentDocument,
  withQuery,
} from '../shared/rules.ts';

// The stations family's routes: the station list, one station, its latest observation and its history,
// and the observations of a forecast zone's stations. (The TAFs under /stations/{id}/tafs are the
// aviation family's.)

const stationId = (input: RouteInput): string => parseStationId(param(input, 'id'));

/** A query's start, end and limit, as /stations/{id}/observations and a zone's observations take them. */
const observationParams = (q: ObservationQuery): Array<[string, string | number | undefined]> => [
  ['start', isoParam(q.start)],
  ['end', isoParam(q.end)],
  ['limit', q.limit],
];

/**
 * /stations. api.weather.gov's list takes no bbox, Taskcast's does: the path carries it last, and a source
 * that relays paths asks without it and narrows the page it gets (by-path/local-filters.ts).
 */
export const STATIONS = queryDocument(
  '/stations',
  'geojson',
  parseStationQuery,
  (q) => [
    ['id', csvParam(q.ids)],
    ['state', csvParam(q.states)],
    ['limit', q.limit],
    ['cursor', q.cursor],
    ['bbox', q.bbox?.join(',')],
  ],
  'encoded',
);

export const STATION = segmentDocument('/stations/:id', 'geojson', parseStationId);

export const LATEST_OBSERVATION = segmentDocument('/stations/:id/observations/latest', 'geojson', parseStationId);

export interface StationObservations {
  readonly id: string;
  readonly query: ObservationQuery;
}

export const OBSERVATIONS = documentRule(
  '/stations/:id/observations',
  'geojson',
  (input): StationObservations => ({ id: stationId(input), query: parseObservationQuery(input.query) }),
  ({ id, query }) => withQuery(`/stations/${seg(id)}/observations`, observationParams(query)),
);

export interface ObservationAt {
  readonly id: string;
  readonly time: Date;
}

export const OBSERVATION_AT = documentRule(
  '/stations/:id/observations/:time',
  'geojson',
  (input): ObservationAt => ({ id: stationId(input), time: parseTimeSegment(param(input, 'time')) }),
  ({ id, time }) => `/stations/${seg(id)}/observations/${time.toISOString().replace(/\.000Z$/, '+00:00')}`,
);

/** /zones/forecast/{zoneId}/observations: the observations of the zone's stations. */
export const ZONE_OBSERVATIONS = documentRule(
  '/zones/forecast/:zoneId/observations',
  'geojson',
  (input): StationObservations => {
    const zoneId = param(input, 'zoneId');
    if (!/^[A-Za-z]{2}[Zz]\d{3}$/.test(zoneId)) throw new ForecastNotFound(`Zone "${zoneId}" does not exist.`);
    return { id: zoneId.toUpperCase(), query: parseObservationQuery(input.query) };
  },
  ({ id, query }) => withQuery(`/zones/forecast/${seg(id)}/observations`, observationParams(query)),
);

export const STATION_ROUTES = [STATIONS, STATION, LATEST_OBSERVATION, OBSERVATIONS, OBSERVATION_AT, ZONE_OBSERVATIONS];
