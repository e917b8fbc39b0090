import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import {
  hostParam,
  parseQueueLimit,
  parseRadarStationId,
  parseRadarStationQuery,
} from '../../../../domain/forecast/extended-queries.ts';
import {
  documentRule,
  param,
  queryDocument,
  seg,
  segmentDocument,
  withQuery,
  csvParam as csv,
} from '../shared/rules.ts';

// The radar family's routes: the radar network's metadata (servers, stations, alarms, LDM queues, profilers).

/** A radar server's host name, as /radar/servers/{id} and /radar/queues/{host} take it; `what` names it in a 404. */
function serverId(text: string, what = 'Radar server'): string {
  if (!/^[A-Za-z0-9.-]{1,64}$/.test(text)) throw new ForecastNotFound(`${what} "${text}" does not exist.`);
  return text.toLowerCase();
}

export const RADAR_SERVERS_ROUTE = queryDocument(
  '/radar/servers',
  'json-ld',
  (query) => hostParam(query, 'reportingHost'),
  (host) => [['reportingHost', host]],
);

export const RADAR_SERVER_ROUTE = documentRule(
  '/radar/servers/:id',
  'json-ld',
  (input) => ({ id: serverId(param(input, 'id')), host: hostParam(input.query, 'reportingHost') }),
  ({ id, host }) => withQuery(`/radar/servers/${seg(id)}`, [['reportingHost', host]]),
);

export const RADAR_STATIONS_ROUTE = queryDocument('/radar/stations', 'geojson', parseRadarStationQuery, (q) => [
  ['stationType', csv(q.stationTypes)],
  ['reportingHost', q.reportingHost],
  ['host', q.host],
]);

export const RADAR_STATION_ROUTE = documentRule(
  '/radar/stations/:stationId',
  'geojson',
  (input) => ({ id: parseRadarStationId(param(input, 'stationId')), query: parseRadarStationQuery(input.query) }),
  ({ id, query }) =>
    withQuery(`/radar/stations/${seg(id)}`, [
      ['reportingHost', query.reportingHost],
      ['host', query.host],
    ]),
);

export const RADAR_ALARMS_ROUTE = segmentDocument('/radar/stations/:stationId/alarms', 'json-ld', parseRadarStationId);

export const RADAR_QUEUE_ROUTE = documentRule(
  '/radar/queues/:host',
  'json-ld',
  (input) => ({ host: serverId(param(input, 'host'), 'Radar queue'), limit: parseQueueLimit(input.query) }),
  ({ host, limit }) => withQuery(`/radar/queues/${seg(host)}`, [['limit', limit]]),
);

export const RADAR_PROFILER_ROUTE = segmentDocument('/radar/profilers/:stationId', 'json-ld', (text) =>
  parseRadarStationId(text, 'Profiler'),
);

export const RADAR_ROUTES = [
  RADAR_SERVERS_ROUTE,
  RADAR_SERVER_ROUTE,
  RADAR_STATIONS_ROUTE,
  RADAR_STATION_ROUTE,
  RADAR_ALARMS_ROUTE,
  RADAR_QUEUE_ROUTE,
  RADAR_PROFILER_ROUTE,
];
