import { isAreaCode, isZoneCode } from './area-codes.ts';
import { parsePoint, type Coordinates } from './coordinates.ts';
import { hasCalendarFields } from '../shared/calendar.ts';
import { BadRequest, InvalidParameter } from './errors.ts';

/** Query parameters as repeated values: `?a=1&a=2` is `{ a: ['1', '2'] }`. */
export type QueryValues = Readonly<Record<string, readonly string[] | undefined>>;

/**
 * A query's values by name, in order. The record has no prototype: a key such as `__proto__`, `constructor` or
 * `toString` is a name like any other (unknown, so ignored), not Object.prototype's member.
 */
export function queryValuesOf(entries: Iterable<readonly [string, string]>): QueryValues {
  const out: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [key, value] of entries) (out[key] ??= []).push(value);
  return out;
}

// Values are matched in lower case, as the reference OpenAPI lists them; responses capitalise them.
// The spec adds `expired` to the CAP statuses (the alerts whose `expires` is past) and calls the CAP
// `Alert` message type `original`; both are accepted beside the official values.
export const ALERT_STATUSES = ['actual', 'exercise', 'system', 'test', 'draft', 'expired'] as const;
export const ALERT_MESSAGE_TYPES = ['alert', 'update', 'cancel'] as const;
/** The spec's names for official values: `message_type=original` is CAP's `Alert`. */
const ALERT_MESSAGE_TYPE_ALIASES: Readonly<Record<string, string>> = { original: 'alert' };
/** `/alerts` without `limit` pages at this size, so that a large result is paged ("Large results are paged"). */
export const DEFAULT_ALERT_PAGE = 100;
export const MAX_ALERT_PAGE = 500;
export const ALERT_SEVERITIES = ['extreme', 'severe', 'moderate', 'minor', 'unknown'] as const;
export const ALERT_URGENCIES = ['immediate', 'expected', 'future', 'past', 'unknown'] as const;
export const ALERT_CERTAINTIES = ['observed', 'likely', 'possible', 'unlikely', 'unknown'] as const;
/**
 * `marine` holds the coastal marine zones (GMZ042, LMZ741…), `offshore` the offshore ones an office forecasts
 * (PKZ413): either is the `forecastZone` of a point over its waters.
 */
export const ZONE_TYPES = ['forecast', 'county', 'fire', 'marine', 'offshore'] as const;
export type ZoneType = (typeof ZONE_TYPES)[number];

/** A marine zone, coastal or offshore: named under /zones/forecast/, with no county or fire zone. */
export function isMarineType(type: ZoneType): type is 'marine' | 'offshore' {
  return type === 'marine' || type === 'offshore';
}

/**
 * Other names api.weather.gov takes (its NWSZoneType): `public` and `land` for forecast zones (clients ask for
 * /zones/land?area=WI and /zones/land/WIZ066/forecast with public zone ids), `coastal` for the coastal marine
 * zones.
 */
const ZONE_TYPE_ALIASES: ReadonlyMap<string, ZoneType> = new Map([
  ['public', 'forecast'],
  ['land', 'forecast'],
  ['coastal', 'marine'],
]);

export function parseZoneType(text: string): ZoneType | undefined {
  const t = text.toLowerCase();
  const alias = ZONE_TYPE_ALIASES.get(t);
  if (alias) return alias;
  return (ZONE_TYPES as readonly string[]).includes(t) ? (t as ZoneType) : undefined;
}

export interface Page {
  readonly limit: number;
  /** Opaque to clients; providers encode their own position in it. */
  readonly cursor?: string;
}

export interface AlertQuery {
  /** Only alerts in effect now (the /alerts/active route). */
  readonly activeOnly: boolean;
  /**
   * The page size: what `limit` says, else DEFAULT_ALERT_PAGE for /alerts; undefined (the whole list) for
   * /alerts/active without `limit`, as api.weather.gov serves it.
   */
  readonly limit?: number;
  readonly cursor?: string;
  /** Lower-case CAP statuses, plus `expired` (expires is past); an alert matching any value is kept. */
  readonly status?: readonly string[];
  /** Lower-case CAP message types; `original` arrives here as `alert`. */
  readonly messageType?: readonly string[];
  readonly event?: readonly string[];
  readonly area?: readonly string[];
  readonly zone?: readonly string[];
  readonly point?: Coordinates;
  readonly severity?: readonly string[];
  readonly urgency?: readonly string[];
  readonly certainty?: readonly string[];
  readonly start?: Date;
  readonly end?: Date;
  /** Marine region codes (MarineRegionCode: AL, AT, GL, GM, PA, PI). */
  readonly region?: readonly string[];
  /** `land` or `marine`: alerts for land zones only, or marine zones only. */
  readonly regionType?: 'land' | 'marine';
}

/** api.weather.gov's marine regions (MarineRegionCode), each a group of marine area codes. */
export const MARINE_REGIONS = ['AL', 'AT', 'GL', 'GM', 'PA', 'PI'] as const;

export interface StationQuery extends Page {
  readonly ids?: readonly string[];
  readonly states?: readonly string[];
  /** west, south, east, north */
  readonly bbox?: readonly [number, number, number, number];
}

export interface ZoneQuery {
  readonly types: readonly ZoneType[];
  readonly ids?: readonly string[];
  readonly areas?: readonly string[];
  readonly regions?: readonly string[];
  readonly point?: Coordinates;
  readonly includeGeometry: boolean;
  readonly limit?: number;
  readonly effective?: Date;
  readonly cursor?: string;
}

const STATION_ID = /^[A-Z0-9]{3,5}$/;

/**
 * The comma-separated items of a parameter, blanks dropped; undefined when it is not given. Given with nothing
 * in it (`?zone=`, `?zone=%20`, `/alerts/active/zone/%20`) it is a 400, as the official API's enumerations and
 * patterns refuse an empty value: read as no filter, a client's empty zone would get every alert in the country.
 */
function list(q: QueryValues, name: string): string[] | undefined {
  const values = q[name];
  if (!values || values.length === 0) return undefined;
  const items = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (items.length === 0) throw new InvalidParameter(`Parameter "${name}" was given with no value.`, name);
  return items;
}

/** The parameter's state, territory or marine area codes (KS, PR, AM), upper-cased; undefined if none. */
function areaCodesOf(q: QueryValues, name: 'state' | 'area'): string[] | undefined {
  const codes = list(q, name)?.map((s) => s.toUpperCase());
  for (const code of codes ?? [])
    if (!isAreaCode(code))
      throw new InvalidParameter(
        `Invalid ${name} "${code}": expected a state, territory or marine area code such as KS, PR or AM.`,
        name,
      );
  return codes;
}

function single(q: QueryValues, name: string): string | undefined {
  const values = q[name];
  if (!values || values.length === 0) return undefined;
  if (values.length > 1) throw new InvalidParameter(`Parameter "${name}" may be given only once.`, name);
  return values[0];
}

function enumList(
  q: QueryValues,
  name: string,
  allowed: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): string[] | undefined {
  const items = list(q, name)
    ?.map((v) => v.toLowerCase())
    .map((v) => (Object.hasOwn(aliases, v) ? aliases[v]! : v));
  for (const item of items ?? []) {
    if (!allowed.includes(item)) {
      const names = [...allowed, ...Object.keys(aliases)].join(', ');
      throw new InvalidParameter(`Invalid value "${item}" for "${name}": expected one of ${names}.`, name);
    }
  }
  return items && [...new Set(items)];
}

function limit(q: QueryValues, fallback: number, max: number): number {
  const text = single(q, 'limit');
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
    throw new InvalidParameter(`Invalid limit "${text}": expected an integer from 1 to ${max}.`, 'limit');
  }
  return Number(text);
}

function date(q: QueryValues, name: string): Date | undefined {
  const text = single(q, name);
  if (text === undefined) return undefined;
  const at =
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text) && hasCalendarFields(text)
      ? new Date(text)
      : new Date(NaN);
  if (Number.isNaN(at.getTime()))
    throw new InvalidParameter(
      `Invalid ${name} "${text}": expected an ISO 8601 date-time that the calendar has, such as 2026-07-15T17:53:00Z.`,
      name,
    );
  return at;
}

function cursor(q: QueryValues): string | undefined {
  const text = single(q, 'cursor');
  if (text === undefined) return undefined;
  if (text.length === 0 || text.length > 512) throw new InvalidParameter('Invalid cursor.', 'cursor');
  return text;
}

/** `limit` and `cursor` of a plain paged list. */
export function parsePage(q: QueryValues, fallback: number, max = 500): Page {
  return { limit: limit(q, fallback, max), cursor: cursor(q) };
}

export function parseAlertQuery(q: QueryValues, activeOnly: boolean): AlertQuery {
  // The spec's `area` is "Two-letter state or zone code": a zone code there is read as `zone`. The official
  // AreaCode is a state, territory or marine area code; anything else (XX) names no area and is a 400.
  const areaValues = list(q, 'area')?.map((a) => a.toUpperCase());
  for (const a of areaValues ?? []) {
    if (!isAreaCode(a) && !isZoneCode(a))
      throw new InvalidParameter(
        `Invalid area "${a}": expected a state, territory or marine area code such as KS, PR or AM, or a zone id such as OHZ003.`,
        'area',
      );
  }
  const areaCodes = areaValues?.filter(isAreaCode);
  const areaZones = areaValues?.filter((a) => !isAreaCode(a));
  const zoneValues = list(q, 'zone')?.map((z) => z.toUpperCase());
  for (const z of zoneValues ?? [])
    if (!isZoneCode(z))
      throw new InvalidParameter(
        `Invalid zone "${z}": expected a zone id such as KSZ009 or KSC201 (an area code, C or Z, three digits).`,
        'zone',
      );
  // De-duplicated, so that ?area=KS&area=KS filters, pages and titles as ?area=KS does.
  const area = areaCodes && areaCodes.length > 0 ? [...new Set(areaCodes)] : undefined;
  const zones = [...(zoneValues ?? []), ...(areaZones ?? [])];
  const zone = zones.length > 0 ? [...new Set(zones)] : undefined;
  const pointText = single(q, 'point');
  const region = enumList(
    q,
    'region',
    MARINE_REGIONS.map((r) => r.toLowerCase()),
  )?.map((r) => r.toUpperCase());
  const regionType = enumList(q, 'region_type', ['land', 'marine']);
  if (regionType && regionType.length > 1)
    throw new InvalidParameter('Parameter "region_type" takes one value, land or marine.', 'region_type');
  // The OpenAPI puts area, point, region, region_type and zone in one exclusive group.
  const exclusive = [area, zone, pointText, region, regionType].filter((x) => x !== undefined).length;
  if (exclusive > 1)
    throw new BadRequest(
      'The area, zone, point, region and region_type parameters cannot be combined (a zone code given as area counts as zone).',
    );
  const start = date(q, 'start');
  const end = date(q, 'end');
  const limitGiven = q['limit'] !== undefined && q['limit'].length > 0;
  return {
    activeOnly,
    limit: limitGiven ? limit(q, DEFAULT_ALERT_PAGE, MAX_ALERT_PAGE) : activeOnly ? undefined : DEFAULT_ALERT_PAGE,
    cursor: cursor(q),
    status: enumList(q, 'status', ALERT_STATUSES),
    messageType: enumList(q, 'message_type', ALERT_MESSAGE_TYPES, ALERT_MESSAGE_TYPE_ALIASES),
    severity: enumList(q, 'severity', ALERT_SEVERITIES),
    urgency: enumList(q, 'urgency', ALERT_URGENCIES),
    certainty: enumList(q, 'certainty', ALERT_CERTAINTIES),
    event: list(q, 'event'),
    area,
    zone,
    point: pointText === undefined ? undefined : parsePoint(pointText),
    start,
    end,
    region,
    regionType: regionType?.[0] as 'land' | 'marine' | undefined,
  };
}

export function parseStationQuery(q: QueryValues): StationQuery {
  const ids = list(q, q['id'] ? 'id' : 'stationId')?.map((s) => s.toUpperCase());
  for (const id of ids ?? []) if (!STATION_ID.test(id)) throw new InvalidParameter(`Invalid station id "${id}".`, 'id');
  const states = areaCodesOf(q, 'state');
  const bboxText = single(q, 'bbox');
  let bbox: [number, number, number, number] | undefined;
  if (bboxText !== undefined) {
    const parts = bboxText.split(',').map((p) => (p.trim() === '' ? NaN : Number(p)));
    const [w, s, e, n] = parts;
    if (
      parts.length !== 4 ||
      parts.some((p) => !Number.isFinite(p)) ||
      w! < -180 ||
      e! > 180 ||
      s! < -90 ||
      n! > 90 ||
      s! > n! ||
      w! > e!
    ) {
      throw new InvalidParameter(
        `Invalid bbox "${bboxText}": expected west,south,east,north in decimal degrees.`,
        'bbox',
      );
    }
    bbox = [w!, s!, e!, n!];
  }
  return { ids, states, bbox, limit: limit(q, 25, 500), cursor: cursor(q) };
}

export function parseZoneQuery(q: QueryValues, pathType?: ZoneType): ZoneQuery {
  let types: ZoneType[] = pathType ? [pathType] : [...ZONE_TYPES];
  const typeFilter = list(q, 'type');
  if (typeFilter) {
    const parsed = typeFilter.map((t) => {
      const zt = parseZoneType(t);
      if (!zt)
        throw new InvalidParameter(
          `Invalid type "${t}": expected one of forecast, public, land, county, fire, marine, coastal, offshore.`,
          'type',
        );
      return zt;
    });
    types = types.filter((t) => parsed.includes(t));
  }
  const ids = list(q, 'id')?.map((s) => s.toUpperCase());
  for (const id of ids ?? [])
    if (!isZoneCode(id))
      throw new InvalidParameter(`Invalid zone id "${id}": expected a zone id such as KSZ009 or KSC201.`, 'id');
  const areas = areaCodesOf(q, 'area');
  const regions = list(q, 'region')?.map((s) => s.toUpperCase());
  // Land regions (the offices' NWS regions) and marine regions (MarineRegionCode), as api.weather.gov takes.
  for (const r of regions ?? [])
    if (!/^(AR|CR|ER|PR|SR|WR)$/.test(r) && !(MARINE_REGIONS as readonly string[]).includes(r))
      throw new InvalidParameter(
        `Invalid region "${r}": expected a land region (AR, CR, ER, PR, SR, WR) or a marine one (AL, AT, GL, GM, PA, PI).`,
        'region',
      );
  const pointText = single(q, 'point');
  const geometryName = q['include_geometry'] !== undefined ? 'include_geometry' : 'includegeometry';
  const geometry = single(q, geometryName);
  if (geometry !== undefined && !/^(true|false)$/i.test(geometry))
    throw new InvalidParameter(`Invalid ${geometryName} "${geometry}": expected true or false.`, geometryName);
  const limitText = single(q, 'limit');
  return {
    types,
    ids,
    areas,
    regions,
    point: pointText === undefined ? undefined : parsePoint(pointText),
    includeGeometry: geometry?.toLowerCase() === 'true',
    limit: limitText === undefined ? undefined : limit(q, 500, 10000),
    effective: date(q, 'effective'),
    cursor: cursor(q),
  };
}

// The shared readers, for the parsers of the other routes (extended-queries.ts).
export { list as listParam, single as singleParam, date as dateParam, limit as limitParam };
