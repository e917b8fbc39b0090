import type { ForecastContext } from '../../../../application/forecast/ports.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { OFFICE_HEADLINE, OFFICE_HEADLINES } from './office-routes.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { AlertFacts } from '../alerts/alert-set.ts';
import type { OfficeRecord } from '../catalogue/types.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { CATALOGUE_EDITION } from '../shared/document-times.ts';
import { plainContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { hexDigest } from '../weather/hash.ts';
import { isWarning, type OfficeAlerts } from './office-alerts.ts';
import { officeSignature } from './office-sender-name.ts';
import { officeWeatherStories } from './office-stories.ts';
import { textOrder } from '../weather/text-order.ts';

/**
 * /offices/{id}/headlines and /offices/{id}/headlines/{headlineId}: the office's alerts in force, by event;
 * and /offices/{id}/weatherstories, the same alerts one story each (office-stories.ts).
 */
export function officeHeadlineResources(deps: EmbeddedDeps, alerts: OfficeAlerts): FamilyRoutes {
  const office = (id: string): OfficeRecord => {
    const found = deps.catalogue.offices.get(id);
    if (!found) throw new ForecastNotFound(`Office ${id} not found`);
    return found;
  };

  /** Headlines: one per hazard the office has in force, named after the event, most important first. */
  async function headlines(o: OfficeRecord, ctx: ForecastContext): Promise<Array<Record<string, unknown>>> {
    const nowMs = deps.clock.now().getTime();
    const byEvent = new Map<string, AlertFacts[]>();
    for (const f of await alerts.inForce(o, nowMs))
      byEvent.set(f.alert.properties.event, [...(byEvent.get(f.alert.properties.event) ?? []), f]);
    const links = cachedLinks(ctx.baseUrl);
    return [...byEvent]
      .map(([event, alerts]) => {
        const first = alerts.reduce((a, b) => (a.sentMs <= b.sentMs ? a : b));
        const id = hexDigest(`${o.id}|${event}|${first.alert.properties.id}`, 32);
        const headline = first.alert.properties.headline;
        const important = alerts.some(isWarning);
        return {
          '@id': `${links.office(o.id)}/headlines/${id}`,
          id,
          office: links.office(o.id),
          important,
          issuanceTime: first.alert.properties.sent,
          link: links.alert(first.alert.properties.id),
          name: event,
          title: `${event} for ${alerts.flatMap((f) => [...f.zones]).length} zone(s) of ${officeSignature(o)}`,
          summary: headline,
          content: `<p>${escapeHtml(first.alert.properties.description).replace(/\n\n/g, '</p><p>')}</p>`,
        };
      })
      .sort((a, b) => Number(b.important) - Number(a.important) || textOrder(String(a.name), String(b.name)));
  }

  return {
    routes: [
      serve(OFFICE_HEADLINES, async (officeId, ctx) => {
        const o = office(officeId);
        const graph = await headlines(o, ctx);
        const body = { '@context': plainContext(ctx.baseUrl), '@graph': graph };
        return {
          body,
          lastModified: new Date(
            Math.max(CATALOGUE_EDITION.getTime(), ...graph.map((h) => Date.parse(String(h['issuanceTime'])))),
          ),
          maxAgeSeconds: 60,
        };
      }),

      serve(OFFICE_HEADLINE, async ({ office: officeId, headline: headlineId }, ctx) => {
        const found = (await headlines(office(officeId), ctx)).find((h) => h['id'] === headlineId);
        if (!found)
          throw new ForecastNotFound(
            `Headline ${headlineId} of office ${officeId} does not exist or is no longer current.`,
          );
        return {
          body: { '@context': plainContext(ctx.baseUrl), ...found },
          lastModified: new Date(String(found['issuanceTime'])),
          maxAgeSeconds: 60,
        };
      }),

      officeWeatherStories(deps, alerts),
    ],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
