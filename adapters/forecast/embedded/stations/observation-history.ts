import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { ObservationQuery } from '../../../../domain/forecast/extended-queries.ts';
import type { StationRecord } from '../catalogue/types.ts';
import { issuance } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { sharedGeoJsonContext } from '../shared/json-ld.ts';
import { Lru } from '../shared/lru.ts';
import { observationDocument } from './station-resources.ts';
import { epochHourOf } from '../weather/index.ts';
import { marineZoneById } from '../zones/zone-records.ts';
import { zoneStationsIndex } from '../zones/zone-stations-index.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { OBSERVATION_AT, OBSERVATIONS, ZONE_OBSERVATIONS } from './station-routes.ts';

/** How far back a station's history goes, as api.weather.gov keeps about a week of reports. */
export const HISTORY_HOURS = 7 * 24;
/** A report for the model's hour h is timed 7 minutes before it (the :53 routine METAR). */
const REPORT_OFFSET_MS = 7 * 60_000;

/**
 * /stations/{id}/observations, /stations/{id}/observations/{time} and /zones/forecast/{id}/observations:
 * the hourly reports of the same model as observations/latest, newest first, the newest being the latest.
 */
export function observationHistory(deps: EmbeddedDeps): FamilyRoutes {
  const { catalogue } = deps;
  const reports = new Lru<string, ForecastDocument>(8192);
  const report = (station: StationRecord, hour: number, base: string): ForecastDocument =>
    // A scenario's weather shows in the history as in observations/latest; its revision keys the cache.
    reports.getOrSet(`${base}|${station.id}|${hour}|${deps.overlay?.revision() ?? 0}`, () =>
      observationDocument(station, catalogue, hour, base, deps.overlay?.adjust()),
    );

  const station = (id: string): StationRecord => {
    const found = catalogue.stations.get(id);
    if (!found) throw new ForecastNotFound(`Station ${id} not found`);
    return found;
  };

  /** The model hours a query covers, newest first: from the latest report back HISTORY_HOURS, within start/end. */
  function hoursOf(query: ObservationQuery): number[] {
    const latest = issuance(deps.clock).hour;
    const hours: number[] = [];
    for (let h = latest; h > latest - HISTORY_HOURS; h--) {
      const at = h * 3_600_000 - REPORT_OFFSET_MS;
      if (query.end && at > query.end.getTime()) continue;
      if (query.start && at < query.start.getTime()) break;
      hours.push(h);
    }
    return hours;
  }

  function collection(features: readonly ForecastDocument[], base: string): ForecastDocument {
    const body = {
      '@context': sharedGeoJsonContext(base),
      type: 'FeatureCollection',
      features: features.map((d) => {
        const { '@context': _, ...feature } = d.body;
        return feature;
      }),
    };
    const newest = features[0]?.lastModified ?? new Date(issuance(deps.clock).hour * 3_600_000);
    return { body, lastModified: newest, maxAgeSeconds: issuance(deps.clock).maxAgeSeconds };
  }

  return {
    routes: [
      serve(OBSERVATIONS, async ({ id, query }, ctx) => {
        const s = station(id);
        const hours = hoursOf(query).slice(0, query.limit ?? HISTORY_HOURS);
        return collection(
          hours.map((h) => report(s, h, ctx.baseUrl)),
          ctx.baseUrl,
        );
      }),

      serve(OBSERVATION_AT, async ({ id, time }, ctx) => {
        const s = station(id);
        const hour = epochHourOf(time.getTime() + REPORT_OFFSET_MS);
        const latest = issuance(deps.clock).hour;
        const isReportTime = hour * 3_600_000 - REPORT_OFFSET_MS === time.getTime();
        if (!isReportTime || hour > latest || hour <= latest - HISTORY_HOURS) {
          throw new ForecastNotFound(
            `Station ${id} has no observation at ${time.toISOString()}; reports are hourly at :53.`,
          );
        }
        const doc = report(s, hour, ctx.baseUrl);
        return { ...doc, maxAgeSeconds: 3600 };
      }),

      serve(ZONE_OBSERVATIONS, async ({ id: zoneId, query }, ctx) => {
        // A marine zone answers under /zones/forecast/ too (zone-records.ts), with the stations on its waters.
        if (!catalogue.forecastZones.has(zoneId) && !marineZoneById(catalogue, zoneId))
          throw new ForecastNotFound(`Zone ${zoneId} not found`);
        // The zone's station list (zone-stations-index.ts): those in it, else (a public zone) the nearest ones.
        const stations = zoneStationsIndex(catalogue)('forecast', zoneId);
        // Newest first across the zone's stations, as api.weather.gov orders them.
        const limit = query.limit ?? 500;
        const docs: ForecastDocument[] = [];
        for (const h of hoursOf(query)) {
          for (const s of stations) docs.push(report(s, h, ctx.baseUrl));
          if (docs.length >= limit) break;
        }
        return collection(docs.slice(0, limit), ctx.baseUrl);
      }),
    ],
  };
}
