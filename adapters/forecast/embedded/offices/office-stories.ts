import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import type { AlertFacts } from '../alerts/alert-set.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { serve, type EmbeddedRoute } from '../router.ts';
import { CATALOGUE_EDITION } from '../shared/document-times.ts';
import { plainContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';
import { hexDigest } from '../weather/hash.ts';
import { isWarning, type OfficeAlerts } from './office-alerts.ts';
import { OFFICE_WEATHER_STORIES } from './office-routes.ts';
import { idOrder } from '../weather/text-order.ts';

/** The OpenAPI 3.8.1's bounds: `order` runs from 1 to 7, a title has at most 50 characters. */
const MAX_STORIES = 7;
const MAX_TITLE = 50;

/**
 * /offices/{id}/weatherstories (OpenAPI 3.8.1): one story per alert the office has in force, the
 * warnings first (`priority`), then the newest, at most seven. Shaped as api.weather.gov answers,
 * `{"stories": [...]}` (the 3.8.1 schema says a bare array; the live service and its clients use the
 * object), each story with the NWSConnectDocumentMetadata members and `altText` and `order`. `download`
 * names the image at the 3.8.1 path, which the model does not serve (a 404): it draws no graphics.
 */
export function officeWeatherStories(deps: EmbeddedDeps, alerts: OfficeAlerts): EmbeddedRoute {
  return serve(OFFICE_WEATHER_STORIES, async (officeId, ctx) => {
    const o = deps.catalogue.offices.get(officeId);
    if (!o) throw new ForecastNotFound(`Office ${officeId} not found`);
    const links = cachedLinks(ctx.baseUrl);
    const chosen = (await alerts.inForce(o, deps.clock.now().getTime()))
      .sort((a, b) => Number(isWarning(b)) - Number(isWarning(a)) || b.sentMs - a.sentMs || byId(a, b))
      .slice(0, MAX_STORIES);
    const stories = chosen.map((f, i) => {
      const p = f.alert.properties;
      const id = uuidShaped(`${o.id}|story|${p.id}`);
      return {
        id,
        officeId: o.id,
        startTime: p.effective,
        endTime: p.ends,
        updateTime: p.sent,
        title: title(p.event),
        description: p.headline,
        altText: `${p.event} for ${p.areaDesc}.`,
        priority: isWarning(f),
        order: i + 1,
        download: `${links.office(o.id)}/weatherstories/download/${id}`,
      };
    });
    return {
      body: { '@context': plainContext(ctx.baseUrl), stories },
      lastModified: new Date(Math.max(CATALOGUE_EDITION.getTime(), ...chosen.map((f) => f.sentMs))),
      maxAgeSeconds: 60,
    };
  });
}

const byId = (a: AlertFacts, b: AlertFacts): number => idOrder(a.alert.properties.id, b.alert.properties.id);

function title(event: string): string {
  return event.length <= MAX_TITLE ? event : `${event.slice(0, MAX_TITLE - 1)}…`;
}

/** A stable UUID-shaped id (version 5 and RFC 4122 variant nibbles) for a story, from what it tells. */
function uuidShaped(text: string): string {
  const h = hexDigest(text, 32);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
