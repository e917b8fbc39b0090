import { serve, type FamilyRoutes } from '../router.ts';
import { OFFICE_CONFIG } from './office-routes.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import { plainContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { officeSignature } from './office-sender-name.ts';
import { PRODUCT_TYPES } from './product-catalogue.ts';

/** /offices/{id}/config: the office's name, region, time zone, nearest NEXRAD and its product lists. */
export function officeConfigResources(deps: EmbeddedDeps): FamilyRoutes {
  const { catalogue } = deps;
  return {
    routes: [
      serve(OFFICE_CONFIG, async (officeId, ctx) => {
        const o = catalogue.offices.get(officeId);
        if (!o) throw new ForecastNotFound(`Office ${officeId} not found`);
        const links = cachedLinks(ctx.baseUrl);
        const radar = catalogue.nearestRadar(o.cwaCentroid.lat, o.cwaCentroid.lon, ['NEXRAD']);
        const body = {
          '@context': plainContext(ctx.baseUrl),
          office: links.office(o.id),
          id: o.id,
          name: officeSignature(o),
          nwsRegion: o.region.toLowerCase(),
          timeZone: o.timeZone,
          radarStation: radar?.item.id ?? null,
          products: PRODUCT_TYPES.map((t) => ({
            productCode: t.code,
            productName: t.name,
            link: `${ctx.baseUrl}/products/types/${t.code}/locations/${o.id}`,
          })),
          headlines: `${links.office(o.id)}/headlines`,
        };
        return { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
      }),
    ],
  };
}
