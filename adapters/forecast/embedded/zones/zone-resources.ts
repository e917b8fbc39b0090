import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { ZoneQuery, ZoneType } from '../../../../domain/forecast/queries.ts';
import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { zoneContext } from '../shared/json-ld.ts';
import { linksFor } from '../shared/links.ts';
import { stationPage } from '../stations/station-page.ts';
import { zoneFeature, zoneVersionInEffect } from './zone-feature.ts';
import { zoneListUrl, zonePage, type ZoneKey } from './zone-list.ts';
import { zoneAt, zoneIds, zoneRecord, type ZoneRecord } from './zone-records.ts';
import { zoneRelations } from './zone-relations.ts';
import { zoneStationsIndex, type ZoneStations } from './zone-stations-index.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { ZONE, ZONE_STATIONS, ZONES, ZONES_OF_TYPE } from './zone-routes.ts';

/**
 * /zones, /zones/{type}, /zones/{type}/{id} and its stations, from the catalogue's zone sets. There is
 * one version of each zone, in effect from the zone files' date (2024-03-05) until its expirationDate
 * (2200-01-01): an `effective` time outside that span selects nothing (an empty list, or a 404 for a
 * single zone).
 */
export function zoneResources(deps: EmbeddedDeps): FamilyRoutes {
  const { catalogue } = deps;
  const relations = zoneRelations(catalogue);
  // Built on the first zone's stations (zoneStationsIndex keeps one per catalogue), not with the provider.
  const stationsOf: ZoneStations = (type, id) => zoneStationsIndex(catalogue)(type, id);
  const sortedIds = new Map<ZoneType, readonly string[]>();
  const idsOf = (type: ZoneType) => sortedIds.get(type) ?? sortedIds.set(type, zoneIds(catalogue, type)).get(type)!;

  const find = (type: ZoneType, id: string): ZoneRecord => {
    const zone = zoneRecord(catalogue, type, id);
    if (!zone) throw new ForecastNotFound(`Zone ${type}/${id} does not exist.`);
    return zone;
  };

  function matching(query: ZoneQuery): ZoneKey[] {
    if (!zoneVersionInEffect(query.effective)) return [];
    const out: ZoneKey[] = [];
    for (const type of query.types) {
      const at = query.point && zoneAt(catalogue, type, query.point.lat, query.point.lon);
      for (const id of idsOf(type)) {
        if (query.ids && !query.ids.includes(id)) continue;
        if (query.point && id !== at) continue;
        if (query.areas || query.regions) {
          const zone = zoneRecord(catalogue, type, id)!;
          if (query.areas && !query.areas.includes(zone.state)) continue;
          if (
            query.regions &&
            !zone.cwas.some((cwa) => query.regions!.includes(catalogue.offices.get(cwa)?.region ?? ''))
          )
            continue;
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
        observationStations: links.zoneStations(type, id),
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
        if (effective && !zoneVersionInEffect(effective)) {
          throw new ForecastNotFound(
            `Zone ${type}/${id} has no version in effect at ${effective.toISOString()}; it is effective from 2024-03-05 until 2200-01-01.`,
          );
        }
        const links = linksFor(ctx.baseUrl);
        const feature = zoneFeature(zone, catalogue, links, {
          geometry: true,
          observationStations: stationsOf(type, id).map((s) => links.station(s.id)),
          related: relations.related(type, id),
        });
        return {
          body: { '@context': zoneContext(), ...feature },
          lastModified: CATALOGUE_EDITION,
          maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS,
        };
      }),

      serve(ZONE_STATIONS, async ({ type, id, page }, ctx) => {
        find(type, id);
        const links = linksFor(ctx.baseUrl);
        const next = (cursor: string) => `${links.zoneStations(type, id)}?limit=${page.limit}&cursor=${cursor}`;
        const body = stationPage(stationsOf(type, id), page, catalogue, links, ctx.baseUrl, next);
        return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      }),
    ],
  };
}
