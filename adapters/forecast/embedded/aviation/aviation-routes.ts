import type { AssetMedia } from '../../../../application/forecast/ports.ts';
import { parseStationId } from '../../../../domain/forecast/grid-ref.ts';
import {
  parseCwaSequence,
  parseHhmm,
  parseCwsuId,
  parseDateSegment,
  parseFir,
  parseSigmetQuery,
  parseSigmetSequence,
  type SigmetQuery,
} from '../../../../domain/forecast/extended-queries.ts';
import {
  assetRule,
  documentRule,
  param,
  seg,
  segmentDocument,
  segmentsDocument,
  withQuery,
  isoParam as iso,
} from '../shared/rules.ts';

// The aviation family's routes: Center Weather Service Units and their advisories (CWAs), SIGMETs, and
// the airports' terminal aerodrome forecasts (TAFs).

export const TAF_MEDIA: AssetMedia = {
  accept: 'application/vnd.wmo.iwxxm+xml,application/xml;q=0.9',
  matches: (t) => /xml/i.test(t),
  what: 'a TAF',
};

/** The path forms /sigmets/{fir} and /sigmets/{fir}/{date} when only those are set, else the filtered list. */
function sigmetsPath(q: SigmetQuery): string {
  const onlyPath = q.start === undefined && q.end === undefined && q.sequence === undefined;
  if (q.fir && onlyPath) return q.date ? `/aviation/sigmets/${q.fir}/${q.date}` : `/aviation/sigmets/${q.fir}`;
  return withQuery('/aviation/sigmets', [
    ['start', iso(q.start)],
    ['end', iso(q.end)],
    ['date', q.date],
    ['fir', q.fir],
    ['sequence', q.sequence],
  ]);
}

export const CWSU_ROUTE = segmentDocument('/aviation/cwsus/:cwsuId', 'json-ld', parseCwsuId);

export const CWAS_ROUTE = segmentDocument('/aviation/cwsus/:cwsuId/cwas', 'geojson-only', parseCwsuId);

export const CWA_ROUTE = segmentsDocument('/aviation/cwsus/:cwsuId/cwas/:date/:sequence', 'geojson-only', {
  cwsuId: parseCwsuId,
  date: parseDateSegment,
  sequence: parseCwaSequence,
});

/** /aviation/sigmets with its filters, and its path forms /{fir} and /{fir}/{date}: one list, three routes. */
export const SIGMET_LIST_ROUTES = [
  documentRule('/aviation/sigmets', 'geojson-only', (input) => parseSigmetQuery(input.query), sigmetsPath),
  documentRule(
    '/aviation/sigmets/:fir',
    'geojson-only',
    (input): SigmetQuery => ({ fir: parseFir(param(input, 'fir')) }),
    sigmetsPath,
  ),
  documentRule(
    '/aviation/sigmets/:fir/:date',
    'geojson-only',
    (input): SigmetQuery => ({ fir: parseFir(param(input, 'fir')), date: parseDateSegment(param(input, 'date')) }),
    sigmetsPath,
  ),
];

export const SIGMET_ROUTE = segmentsDocument('/aviation/sigmets/:fir/:date/:sequence', 'geojson-only', {
  fir: parseFir,
  date: parseDateSegment,
  sequence: parseSigmetSequence,
});

const station = (input: Parameters<typeof param>[0]): string => parseStationId(param(input, 'id'));

/** /stations/{id}/tafs: an airport's TAFs of the last day or so. */
export const TAFS_ROUTE = segmentDocument('/stations/:id/tafs', 'json-ld', parseStationId);

/** /stations/{id}/tafs/{date}/{time}: one TAF as IWXXM XML, `date` YYYY-MM-DD and `time` HHMM UTC. */
export const TAF_ROUTE = assetRule(
  '/stations/:id/tafs/:date/:time',
  TAF_MEDIA,
  (input) => ({
    station: station(input),
    date: parseDateSegment(param(input, 'date')),
    time: parseHhmm(param(input, 'time')),
  }),
  ({ station, date, time }) => `/stations/${seg(station)}/tafs/${date}/${time}`,
);

export const AVIATION_ROUTES = [
  CWSU_ROUTE,
  CWAS_ROUTE,
  CWA_ROUTE,
  ...SIGMET_LIST_ROUTES,
  SIGMET_ROUTE,
  TAFS_ROUTE,
  TAF_ROUTE,
];
