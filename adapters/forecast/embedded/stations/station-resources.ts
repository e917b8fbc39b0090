import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { StationQuery } from '../../../../domain/forecast/queries.ts';
import { latestObservation, type WeatherAdjust } from '../weather/index.ts';
import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import type { Catalogue, StationRecord } from '../catalogue/types.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS, issuance } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { sharedGeoJsonContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { Lru } from '../shared/lru.ts';
import { stationPage } from './station-page.ts';
import { stationElevation, stationFeature } from './station-features.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { LATEST_OBSERVATION, STATION, STATIONS } from './station-routes.ts';

/** /stations (filtered, paged by id order), /stations/{id} and its latest observation. */
export function stationResources(deps: EmbeddedDeps): FamilyRoutes {
  const { catalogue } = deps;
  // Sorted on the first list: reading the stations finds the shore stations' zones (load-catalogue.ts),
  // which a process that never lists stations need not pay for.
  let sorted: StationRecord[] | undefined;
  const byIdOrder = () =>
    (sorted ??= [...catalogue.stations.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
  const observations = new Lru<string, ForecastDocument>(4096);

  const find = (id: string): StationRecord => {
    const station = catalogue.stations.get(id);
    if (!station) throw new ForecastNotFound(`Station ${id} not found`);
    return station;
  };

  return {
    routes: [
      serve(STATIONS, async (query, ctx) => {
        const links = cachedLinks(ctx.baseUrl);
        const matching = byIdOrder().filter(matcher(query));
        const next = (cursor: string) =>
          `${links.stations()}?${filterParams(query)}limit=${query.limit}&cursor=${cursor}`;
        const body = stationPage(matching, query, catalogue, links, ctx.baseUrl, next);
        return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      }),

      serve(STATION, async (id, ctx) => {
        const feature = stationFeature(find(id), catalogue, cachedLinks(ctx.baseUrl));
        return {
          body: { '@context': sharedGeoJsonContext(ctx.baseUrl), ...feature },
          lastModified: CATALOGUE_EDITION,
          maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS,
        };
      }),

      serve(LATEST_OBSERVATION, async (id, ctx) => {
        const station = find(id);
        // The last full hour: at 18:20 the 17:53 routine report (the model's 18:00 weather) is the latest.
        const { hour, maxAgeSeconds } = issuance(deps.clock);
        const doc = observations.getOrSet(`${ctx.baseUrl}|${id}|${hour}|${deps.overlay?.revision() ?? 0}`, () =>
          observationDocument(station, catalogue, hour, ctx.baseUrl, deps.overlay?.adjust()),
        );
        return { ...doc, maxAgeSeconds };
      }),
    ],
  };
}

/** One station's observation for the model's `hour` (timed at :53 of the hour before), with a scenario's weather. */
export function observationDocument(
  station: StationRecord,
  catalogue: Catalogue,
  hour: number,
  base: string,
  adjust?: WeatherAdjust,
): ForecastDocument {
  const properties = latestObservation({
    station: {
      id: station.id,
      lat: station.lat,
      lon: station.lon,
      elevationM: stationElevation(station, catalogue),
      timeZone: station.timeZone,
    },
    hour,
    baseUrl: base,
    adjust,
  });
  return {
    body: {
      '@context': sharedGeoJsonContext(base),
      id: properties['@id'],
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [station.lon, station.lat] },
      properties,
    },
    lastModified: new Date(properties.timestamp),
    maxAgeSeconds: 0,
  };
}

function matcher(query: StationQuery): (s: StationRecord) => boolean {
  const ids = query.ids ? new Set(query.ids) : undefined;
  const states = query.states ? new Set(query.states) : undefined;
  const box = query.bbox;
  return (s) =>
    (!ids || ids.has(s.id)) &&
    (!states || states.has(s.state)) &&
    (!box || (s.lon >= box[0] && s.lat >= box[1] && s.lon <= box[2] && s.lat <= box[3]));
}

/** The filters, carried into the next page's URL (`id`, `state`, `bbox` as the route reads them). */
function filterParams(query: StationQuery): string {
  const parts: string[] = [];
  if (query.ids) parts.push(`id=${query.ids.map(encodeURIComponent).join(',')}`);
  if (query.states) parts.push(`state=${query.states.join(',')}`);
  if (query.bbox) parts.push(`bbox=${query.bbox.join(',')}`);
  return parts.map((p) => `${p}&`).join('');
}
