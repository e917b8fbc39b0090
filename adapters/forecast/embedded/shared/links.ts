import { BoundedMemo } from '../../../../application/shared/bounded-memo.ts';
import { formatCoordinate } from '../../../../domain/forecast/coordinates.ts';
import type { ZoneType } from '../../../../domain/forecast/queries.ts';

/** Absolute links under `{base}`, spelled as api.weather.gov spells its own. */
export function linksFor(base: string) {
  return {
    point: (lat: number, lon: number) => `${base}/points/${formatCoordinate(lat)},${formatCoordinate(lon)}`,
    gridpoint: (office: string, x: number, y: number) => `${base}/gridpoints/${office}/${x},${y}`,
    forecast: (office: string, x: number, y: number) => `${base}/gridpoints/${office}/${x},${y}/forecast`,
    forecastHourly: (office: string, x: number, y: number) => `${base}/gridpoints/${office}/${x},${y}/forecast/hourly`,
    gridpointStations: (office: string, x: number, y: number) => `${base}/gridpoints/${office}/${x},${y}/stations`,
    office: (id: string) => `${base}/offices/${id}`,
    station: (id: string) => `${base}/stations/${id}`,
    stations: () => `${base}/stations`,
    latestObservation: (id: string) => `${base}/stations/${id}/observations/latest`,
    observation: (id: string, isoTime: string) => `${base}/stations/${id}/observations/${isoTime}`,
    zone: (type: ZoneType, id: string) => `${base}/zones/${type}/${id}`,
    zones: () => `${base}/zones`,
    zoneStations: (type: ZoneType, id: string) => `${base}/zones/${type}/${id}/stations`,
    // Alert ids are URNs (urn:oid:…); api.weather.gov keeps their colons literal in links.
    alert: (id: string) => `${base}/alerts/${encodeURIComponent(id).replace(/%3A/gi, ':')}`,
    alertsActive: () => `${base}/alerts/active`,
    alerts: () => `${base}/alerts`,
    radarStation: (id: string) => `${base}/radar/stations/${id}`,
    icon: (path: string) => `${base}/icons/${path}`,
    ontology: () => `${base}/ontology#`,
  };
}

export type Links = ReturnType<typeof linksFor>;

// A base per request origin (no PUBLIC_BASE_URL) is a handful in practice; the bound guards the rest.
const linkSets = new BoundedMemo<string, Links>(64);

/** linksFor, built once per base: hot paths would otherwise allocate eighteen closures per document. */
export function cachedLinks(base: string): Links {
  return linkSets.get(base, linksFor);
}
