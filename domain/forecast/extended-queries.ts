import { hasCalendarFields } from '../shared/calendar.ts';
import { ForecastNotFound, InvalidParameter } from './errors.ts';
import { dateParam, limitParam, listParam, singleParam, type QueryValues } from './queries.ts';

// Parameters of the routes beyond the forecast spec's tables (observations history, products, aviation,
// radar, thumbnails), checked as the official OpenAPI declares them: a value outside its declared schema
// is a 400 InvalidParameter naming the parameter; a well-formed id that names nothing is the provider's 404.

/** `start`, `end`, `limit` of an observation list (/stations/{id}/observations, /zones/forecast/{id}/observations). */
export interface ObservationQuery {
  readonly start?: Date;
  readonly end?: Date;
  readonly limit?: number;
}

export function parseObservationQuery(q: QueryValues): ObservationQuery {
  const start = dateParam(q, 'start');
  const end = dateParam(q, 'end');
  if (start && end && start.getTime() > end.getTime())
    throw new InvalidParameter('"start" must not be after "end".', 'start');
  const limitGiven = q['limit'] !== undefined && q['limit'].length > 0;
  return { start, end, limit: limitGiven ? limitParam(q, 500, 500) : undefined };
}

/** A date-time path segment (/stations/{id}/observations/{time}). */
export function parseTimeSegment(text: string, name = 'time'): Date {
  const at =
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(text) && hasCalendarFields(text)
      ? new Date(text)
      : new Date(NaN);
  if (Number.isNaN(at.getTime()))
    throw new InvalidParameter(
      `Invalid ${name} "${text}": expected an ISO 8601 date-time with a zone that the calendar has, such as 2026-07-15T17:53:00+00:00.`,
      name,
    );
  return at;
}

/** `{date}` in YYYY-MM-DD (the OpenAPI's Date schema); a real calendar day. */
export function parseDateSegment(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const d = m ? new Date(`${text}T00:00:00Z`) : undefined;
  if (!m || !d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== text) {
    throw new InvalidParameter(`Invalid date "${text}": expected YYYY-MM-DD.`, 'date');
  }
  return text;
}

/** `{time}` in HHMM UTC (the OpenAPI's Time schema). */
export function parseHhmm(text: string): string {
  if (!/^([01][0-9]|2[0-3])[0-5][0-9]$/.test(text))
    throw new InvalidParameter(`Invalid time "${text}": expected HHMM in UTC, such as 1720.`, 'time');
  return text;
}

/** The official NWSCenterWeatherServiceUnitId enum: the 22 CWSUs, at the ARTCCs. */
export const CWSU_IDS = [
  'ZAB',
  'ZAN',
  'ZAU',
  'ZBW',
  'ZDC',
  'ZDV',
  'ZFA',
  'ZFW',
  'ZHU',
  'ZID',
  'ZJX',
  'ZKC',
  'ZLA',
  'ZLC',
  'ZMA',
  'ZME',
  'ZMP',
  'ZNY',
  'ZOA',
  'ZOB',
  'ZSE',
  'ZTL',
] as const;

export function parseCwsuId(text: string): string {
  const id = text.toUpperCase();
  if (!(CWSU_IDS as readonly string[]).includes(id))
    throw new InvalidParameter(`Invalid CWSU "${text}": expected one of ${CWSU_IDS.join(', ')}.`, 'cwsuId');
  return id;
}

/** A CWA sequence number: an integer of at least 100 (the OpenAPI's `sequence`). */
export function parseCwaSequence(text: string): number {
  if (!/^\d{3,4}$/.test(text) || Number(text) < 100)
    throw new InvalidParameter(`Invalid sequence "${text}": expected an integer of 100 or more.`, 'sequence');
  return Number(text);
}

/** FIRIdentifier: four capital letters. */
export function parseFir(text: string, name = 'fir'): string {
  if (!/^[A-Z]{4}$/.test(text))
    throw new InvalidParameter(`Invalid FIR "${text}": expected four capital letters such as KZKC.`, name);
  return text;
}

/** A SIGMET series and number, such as 12C or 3E (SigmetSequenceNumber is a string). */
export function parseSigmetSequence(text: string, name = 'sequence'): string {
  if (!/^[A-Z0-9]{1,6}$/i.test(text)) throw new InvalidParameter(`Invalid SIGMET sequence "${text}".`, name);
  return text.toUpperCase();
}

/** The filters of /aviation/sigmets, and the path forms /sigmets/{fir} and /sigmets/{fir}/{date}. */
export interface SigmetQuery {
  readonly fir?: string;
  readonly date?: string;
  readonly start?: Date;
  readonly end?: Date;
  readonly sequence?: string;
}

export function parseSigmetQuery(q: QueryValues): SigmetQuery {
  const dateText = singleParam(q, 'date');
  const fir = singleParam(q, 'fir');
  const sequence = singleParam(q, 'sequence');
  return {
    start: dateParam(q, 'start'),
    end: dateParam(q, 'end'),
    date: dateText === undefined ? undefined : parseDateSegment(dateText),
    fir: fir === undefined ? undefined : parseFir(fir),
    sequence: sequence === undefined ? undefined : parseSigmetSequence(sequence),
  };
}

/** The filters of /products. */
export interface ProductQuery {
  readonly locations?: readonly string[];
  readonly offices?: readonly string[];
  readonly wmoIds?: readonly string[];
  readonly types?: readonly string[];
  readonly start?: Date;
  readonly end?: Date;
  readonly limit?: number;
}

function checkedList(q: QueryValues, name: string, pattern: RegExp, example: string): string[] | undefined {
  const values = listParam(q, name);
  for (const v of values ?? [])
    if (!pattern.test(v))
      throw new InvalidParameter(`Invalid ${name} "${v}": expected a value such as ${example}.`, name);
  return values;
}

export function parseProductQuery(q: QueryValues): ProductQuery {
  const limitGiven = q['limit'] !== undefined && q['limit'].length > 0;
  return {
    locations: checkedList(q, 'location', /^[A-Za-z0-9]{3,4}$/, 'TOP')?.map((v) => v.toUpperCase()),
    offices: checkedList(q, 'office', /^[A-Z]{4}$/, 'KTOP'),
    wmoIds: checkedList(q, 'wmoid', /^[A-Z]{4}\d{2}$/, 'FXUS63'),
    types: checkedList(q, 'type', /^\w{3}$/, 'AFD')?.map((v) => v.toUpperCase()),
    start: dateParam(q, 'start'),
    end: dateParam(q, 'end'),
    limit: limitGiven ? limitParam(q, 500, 500) : undefined,
  };
}

/** A product type code (AFD) or location id (TOP) from a path: letters and digits; others name nothing. */
export function parseProductCode(text: string, what: 'type' | 'location'): string {
  if (!/^[A-Za-z0-9]{3,4}$/.test(text)) throw new ForecastNotFound(`Product ${what} "${text}" does not exist.`);
  return text.toUpperCase();
}

/**
 * Radar station ids: NEXRAD (KTWX) and TDWR (TICT) have four characters; the NWS's wind profilers have five
 * (TLKA2, ROCO2: the id of a station the API lists with stationType "Profiler").
 */
export function parseRadarStationId(text: string, what = 'Radar station'): string {
  if (!/^[A-Za-z0-9]{4,5}$/.test(text)) throw new ForecastNotFound(`${what} "${text}" does not exist.`);
  return text.toUpperCase();
}

/** The filters of /radar/stations: `stationType` (pattern ^[A-Za-z0-9-]+$), `reportingHost`, `host`. */
export interface RadarStationQuery {
  readonly stationTypes?: readonly string[];
  readonly reportingHost?: string;
  readonly host?: string;
}

export function parseRadarStationQuery(q: QueryValues): RadarStationQuery {
  return {
    stationTypes: checkedList(q, 'stationType', /^[A-Za-z0-9-]+$/, 'WSR-88D'),
    reportingHost: hostParam(q, 'reportingHost'),
    host: hostParam(q, 'host'),
  };
}

export function hostParam(q: QueryValues, name: string): string | undefined {
  const text = singleParam(q, name);
  if (text !== undefined && !/^[A-Za-z0-9.-]{1,64}$/.test(text))
    throw new InvalidParameter(`Invalid ${name} "${text}".`, name);
  return text?.toLowerCase();
}

/** `limit` of /radar/queues/{host}. */
export function parseQueueLimit(q: QueryValues): number {
  return limitParam(q, 100, 500);
}

/** The areas of /thumbnails/satellite/{area}, the OpenAPI's enum. */
export const SATELLITE_AREAS = ['a', 'e', 'g', 'h', 'p', 's', 'w'] as const;
export type SatelliteArea = (typeof SATELLITE_AREAS)[number];

export function parseSatelliteArea(text: string): SatelliteArea {
  if (!(SATELLITE_AREAS as readonly string[]).includes(text))
    throw new InvalidParameter(`Invalid area "${text}": expected one of ${SATELLITE_AREAS.join(', ')}.`, 'area');
  return text as SatelliteArea;
}
