import type { AlertFeature } from '../weather/index.ts';
import { linksFor } from '../shared/links.ts';

/**
 * An alert as served, with its polygon when it is a storm-based warning (null for zone-based products). The cached alert is base-free, so every link is built here from ids and the
 * request's base. `note` (null on api.weather.gov's zone-based products) follows `response`, as there.
 * `web` is http://www.weather.gov on api.weather.gov; the contract wants every link under {base}, so it
 * is the alert's own URL here, the one page this service has for it.
 */
export function renderAlert(alert: AlertFeature, base: string): Record<string, unknown> {
  const links = linksFor(base);
  const p = alert.properties;
  const url = links.alert(p.id);
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(p)) {
    properties[key] = value;
    if (key === 'response') properties['note'] = null;
  }
  properties['@id'] = url;
  // A county UGC (KSC177: short-fuse warnings are county-coded) links to its county zone.
  properties['affectedZones'] = p.geocode.UGC.map((ugc) =>
    links.zone(/^[A-Z]{2}C\d{3}$/.test(ugc) ? 'county' : 'forecast', ugc),
  );
  properties['references'] = p.references.map((r) => ({ ...r, '@id': links.alert(r.identifier) }));
  properties['web'] = url;
  return { id: url, type: 'Feature', geometry: alert.geometry, properties };
}
