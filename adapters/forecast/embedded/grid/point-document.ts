import type { Coordinates } from '../../../../domain/forecast/coordinates.ts';
import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import { astronomicalData } from './astronomy.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { cellOfPoint, type Cell } from './grid-cell.ts';
import { sharedGeoJsonContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { localTimeZone } from './local-time-zone.ts';
import { Lru } from '../shared/lru.ts';
import { localDate, offsetMinutes } from './zone-clock.ts';
import { relativeLocation } from './relative-location.ts';

/** Everything about a point that does not change with the date: the costly part (~100 µs of lookups). */
interface PointFacts {
  readonly lat: number;
  readonly lon: number;
  readonly cell: Cell;
  readonly forecastZone: string | null;
  readonly county: string | null;
  readonly fireZone: string | null;
  readonly timeZone: string;
  readonly radar: string | null;
  readonly relativeLocation: Record<string, unknown> | null;
}

interface Entry {
  readonly facts: PointFacts;
  /**
   * The body for one local date (astronomicalData is per day), per base URL, and the minute it was last
   * found current: the local date comes from offsetMinutes (whole minutes, fixed per UTC hour), so it can
   * only change as a minute begins, and a repeated point within the minute skips working it out again.
   */
  doc?: { readonly date: string; readonly base: string; readonly document: ForecastDocument; minute: number };
}

/**
 * /points documents. Cold, a point costs a few hundred µs (office, three zone polygons, nearest place and
 * radar); the facts are cached per point and the document per point and local date, so a repeated point
 * costs a Map lookup, plus one Intl call for the local date the first time in each minute.
 */
export function pointDocuments(deps: EmbeddedDeps, capacity = 20_000) {
  const cache = new Lru<string, Entry>(capacity);
  const entryOf = (point: Coordinates): Entry =>
    cache.getOrSet(`${point.lat},${point.lon}`, () => ({ facts: resolve(deps, point.lat, point.lon) }));

  return {
    cell: (point: Coordinates): Cell =>
      cache.get(`${point.lat},${point.lon}`)?.facts.cell ?? cellOfPoint(deps, point.lat, point.lon),

    document(point: Coordinates, base: string): ForecastDocument {
      const entry = entryOf(point);
      const facts = entry.facts;
      const nowMs = deps.clock.now().getTime();
      const minute = Math.floor(nowMs / 60_000);
      const held = entry.doc;
      if (held && held.minute === minute && held.base === base) return held.document;
      const local = localDate(nowMs, facts.timeZone);
      const date = `${local.year}-${local.month}-${local.day}`;
      if (held && held.date === date && held.base === base) {
        held.minute = minute;
        return held.document;
      }
      const document: ForecastDocument = {
        body: pointBody(facts, base, local),
        // Local midnight: the document changes with the local date (astronomicalData).
        lastModified: new Date(
          Date.UTC(local.year, local.month - 1, local.day) - offsetMinutes(nowMs, facts.timeZone) * 60_000,
        ),
        maxAgeSeconds: 3600,
      };
      entry.doc = { date, base, document, minute };
      return document;
    },
  };
}

function resolve(deps: EmbeddedDeps, lat: number, lon: number): PointFacts {
  const cell = cellOfPoint(deps, lat, lon);
  const { catalogue } = deps;
  // Over water the forecast zone is the marine zone that holds the point, as api.weather.gov gives it (its
  // stations over water are in marine zones too): an office's, else (an office grid reaching past its coastal
  // waters: Hawaii's, Puerto Rico's) the national centre's offshore zone there. No county or fire zone
  // applies; on a shore the simplified outlines miss, the zones are those of the land next to it.
  const at = cell.shore ?? { lat, lon };
  const forecastZone = cell.overWater ? undefined : catalogue.forecastZoneAt(at.lat, at.lon);
  const marineZone = cell.overWater
    ? (catalogue.marineZoneAt(lat, lon) ?? catalogue.centreOffshoreZoneAt(lat, lon))
    : undefined;
  const county = cell.overWater ? undefined : catalogue.countyZoneAt(at.lat, at.lon);
  return {
    lat,
    lon,
    cell,
    forecastZone: (forecastZone ?? marineZone)?.id ?? null,
    county: county?.id ?? null,
    fireZone: cell.overWater ? null : (catalogue.fireZoneAt(at.lat, at.lon)?.id ?? null),
    timeZone: localTimeZone(catalogue, cell.office, lat, lon, forecastZone?.timeZones ?? county?.timeZones ?? []),
    radar: catalogue.nearestRadar(lat, lon)?.item.id ?? null,
    relativeLocation: relativeLocation(catalogue, lat, lon),
  };
}

/**
 * points.json's shape, key for key. Left out: `nwr` (NOAA Weather Radio transmitter and SAME code), which
 * the catalogue does not know.
 */
function pointBody(
  f: PointFacts,
  base: string,
  local: { year: number; month: number; day: number },
): Record<string, unknown> {
  const links = cachedLinks(base);
  const { office, gridId, gridX: x, gridY: y } = f.cell;
  const id = links.point(f.lat, f.lon);
  return {
    '@context': sharedGeoJsonContext(base),
    id,
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [f.lon, f.lat] },
    properties: {
      '@id': id,
      '@type': 'wx:Point',
      cwa: office.id,
      type: f.cell.overWater ? 'marine' : 'land',
      forecastOffice: links.office(office.id),
      gridId,
      gridX: x,
      gridY: y,
      forecast: links.forecast(gridId, x, y),
      forecastHourly: links.forecastHourly(gridId, x, y),
      forecastGridData: links.gridpoint(gridId, x, y),
      observationStations: links.gridpointStations(gridId, x, y),
      relativeLocation: f.relativeLocation,
      forecastZone: f.forecastZone === null ? null : links.zone('forecast', f.forecastZone),
      county: f.county === null ? null : links.zone('county', f.county),
      fireWeatherZone: f.fireZone === null ? null : links.zone('fire', f.fireZone),
      timeZone: f.timeZone,
      radarStation: f.radar,
      astronomicalData: astronomicalData(f.lat, f.lon, local, f.timeZone),
    },
  };
}
