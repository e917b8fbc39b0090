import { marineRegionOf } from '../../../../domain/forecast/area-codes.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { isMarineType, type ZoneQuery, type ZoneType } from '../../../../domain/forecast/queries.ts';
import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { zoneContext } from '../shared/json-ld.ts';
import { linksFor } from '../shared/links.ts';
import { stationPage } from '../stations/station-page.ts';
import { zoneEffectiveDate, zoneFeature, zoneUrlType, zoneVersionInEffect } from './zone-feature.ts';
import { zoneListUrl, zonePage, type ZoneKey } from './zone-list.ts';
import { zoneAt, zoneByPath, zoneIds, zoneRecord, type ZoneRecord } from './zone-records.ts';
import { zoneRelations } from './zone-relations.ts';
import { zoneStationsIndex, type ZoneStations } from './zone-stations-index.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { ZONE, ZONE_STATIONS, ZONES, ZONES_OF_TYPE } from './zone-routes.ts';

/**
 * /zones, /zones/{type}, /zones/{type}/{id} and its stations, from the catalogue's zone sets. There is
 * one version of each zone, in effect from the zone files' date (2024-03-05; the marine zones' 2025-03-18)
 * until its expirationDate (2200-01-01): an `effective` time outside that span selects nothing (an empty
 * list, or a 404 for a single zone). A marine zone answers under /zones/marine/{id} and, as on
 * api.weather.gov, under /zones/forecast/{id}: the link a point over water gives.
 */
export function zoneResources(deps: EmbeddedDeps): FamilyRoutes {
  const { catalogue } = deps;
  const relations = zoneRelations(catalogue);
  // Built on the first zone's stations (zoneStationsIndex keeps one per catalogue), not with the provider.
  const stationsOf: ZoneStations = (type, id) => zoneStationsIndex(catalogue)(type, id);
  const sortedIds = new Map<ZoneType, readonly string[]>();
  const idsOf = (type: ZoneType) => sortedIds.get(type) ?? sortedIds.set(type, zoneIds(catalogue, type)).get(type)!;

  const find = (type: ZoneType, id: string): ZoneRecord => {
    const zone = zoneByPath(catalogue, type, id);
    if (!zone) throw new ForecastNotFound(`Zone ${type}/${id} does not exist.`);
    return zone;
  };

  /** A land zone is in its offices' NWS regions, a marine zone in its area's marine region (GM, GL…). */
  const inRegion = (zone: ZoneRecord, regions: readonly string[]): boolean =>
    isMarineType(zone.type)
      ? regions.includes(marineRegionOf(zone.area) ?? '')
      : zone.cwas.some((cwa) => regions.includes(catalogue.offices.get(cwa)?.region ?? ''));

  function matching(query: ZoneQuery): ZoneKey[] {
    const out: ZoneKey[] = [];
    for (const type of query.types) {
      if (!zoneVersionInEffect(query.effective, type)) continue;
      const at = query.point && zoneAt(catalogue, type, query.point.lat, query.point.lon);
      for (const id of idsOf(type)) {
        if (query.ids && !query.ids.includes(id)) continue;
        if (query.point && id !== at) continue;
        if (query.areas || query.regions) {
          const zone = zoneRecord(catalogue, type, id)!;
          if (query.areas && !query.areas.includes(zone.area)) continue;
          if (query.regions && !inRegion(zone, query.regions)) continue;
        }
        out.push({ type, id });
      }
    }
    return out;
  }

  const list = async (query: ZoneQuery, ctx: ForecastContext): Promise<ForecastDocument> => {
    const links = linksFor(ctx.baseUrl);
    const { page, next, prev } = zonePage(matching(query), query);
    const features = page.map(({ type, id }) =>
      zoneFeature(find(type, id), catalogue, links, {
        geometry: query.includeGeometry,
        observationStations: links.zoneStations(zoneUrlType(type), id),
      }),
    );
    const body = {
      '@context': zoneContext(),
      type: 'FeatureCollection',
      features,
      pagination: {
        next: next ? zoneListUrl(links, query, next) : null,
        prev: prev ? zoneListUrl(links, query, prev) : null,
      },
    };
    return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
  };

  return {
    routes: [
      serve(ZONES, list),
      serve(ZONES_OF_TYPE, list),

      serve(ZONE, async ({ type, id, effective }, ctx) => {
        const zone = find(type, id);
        if (effective && !zoneVersionInEffect(effective, zone.type)) {
          throw new ForecastNotFound(
            `Zone ${type}/${id} has no version in effect at ${effective.toISOString()}; it is effective from ${zoneEffectiveDate(zone.type).slice(0, 10)} until 2200-01-01.`,
          );
        }
        const links = linksFor(ctx.baseUrl);
        const feature = zoneFeature(zone, catalogue, links, {
          geometry: true,
          observationStations: stationsOf(zone.type, id).map((s) => links.station(s.id)),
          // A marine zone shares no ground with the land zones (api.weather.gov lists no relatedZones for it).
          related: isMarineType(zone.type) ? undefined : relations.related(zone.type, id),
        });
        return {
          body: { '@context': zoneContext(), ...feature },
          lastModified: CATALOGUE_EDITION,
          maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS,
        };
      }),

      serve(ZONE_STATIONS, async ({ type, id, page }, ctx) => {
        const zone = find(type, id);
        const links = linksFor(ctx.baseUrl);
        const next = (cursor: string) => `${links.zoneStations(type, id)}?limit=${page.limit}&cursor=${cursor}`;
        const body = stationPage(stationsOf(zone.type, id), page, catalogue, links, ctx.baseUrl, next);
        return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      }),
    ],
  };
}
