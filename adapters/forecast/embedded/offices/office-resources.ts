import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { distanceMetres } from '../geo/polygon.ts';
import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import { serve, type FamilyRoutes } from '../router.ts';
import { OFFICE } from './office-routes.ts';
import type { Catalogue, OfficeRecord } from '../catalogue/types.ts';
import { CATALOGUE_EDITION, CATALOGUE_MAX_AGE_SECONDS } from '../shared/document-times.ts';
import type { EmbeddedDeps } from '../embedded-deps.ts';
import { officeContext } from '../shared/json-ld.ts';
import { cachedLinks } from '../shared/links.ts';

/**
 * /offices/{id}: the Office object of openapi.json with what the catalogue honestly knows. Not known and
 * therefore omitted (never invented): address, telephone, faxNumber, email and sameAs (see data/SOURCES.md).
 */
export function officeResources(deps: EmbeddedDeps): FamilyRoutes {
  const cache = new Map<string, ForecastDocument>();
  return {
    routes: [
      serve(OFFICE, async (id, ctx) => {
        const office = deps.catalogue.offices.get(id);
        const region = REGION_HEADQUARTERS[id];
        if (!office && !region) throw new ForecastNotFound(`Office ${id} not found`);
        const key = `${ctx.baseUrl}|${id}`;
        let doc = cache.get(key);
        if (!doc) {
          const body = office
            ? officeBody(deps.catalogue, office, ctx.baseUrl)
            : headquartersBody(deps.catalogue, id, region!, ctx.baseUrl);
          doc = { body, lastModified: CATALOGUE_EDITION, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS };
          // Bounded by the ~120 offices per base URL; a base per request (no PUBLIC_BASE_URL) stays small too.
          if (cache.size > 1000) cache.clear();
          cache.set(key, doc);
        }
        return doc;
      }),
    ],
  };
}

function officeBody(catalogue: Catalogue, office: OfficeRecord, base: string): Record<string, unknown> {
  const links = cachedLinks(base);
  const holdings = catalogue.byOffice.get(office.id);
  const region = regionOf(office);
  const body: Record<string, unknown> = {
    '@context': officeContext(),
    '@type': 'GovernmentOrganization',
    '@id': links.office(office.id),
    id: office.id,
    name: displayName(catalogue, office),
  };
  if (region) {
    body['nwsRegion'] = region.toLowerCase();
    // Region headquarters are offices in api.weather.gov's scheme: CRH, ERH, SRH, WRH, ARH, PRH.
    body['parentOrganization'] = links.office(`${region[0]}RH`);
  }
  body['responsibleCounties'] = (holdings?.countyZones ?? []).map((z) => links.zone('county', z));
  body['responsibleForecastZones'] = (holdings?.forecastZones ?? []).map((z) => links.zone('forecast', z));
  body['responsibleFireZones'] = (holdings?.fireZones ?? []).map((z) => links.zone('fire', z));
  body['approvedObservationStations'] = (holdings?.stations ?? []).map((s) => links.station(s));
  return body;
}

/** The region headquarters every office's `parentOrganization` points at. */
const REGION_HEADQUARTERS: Record<string, { code: string; name: string }> = {
  ARH: { code: 'AR', name: 'Alaska Region Headquarters' },
  CRH: { code: 'CR', name: 'Central Region Headquarters' },
  ERH: { code: 'ER', name: 'Eastern Region Headquarters' },
  PRH: { code: 'PR', name: 'Pacific Region Headquarters' },
  SRH: { code: 'SR', name: 'Southern Region Headquarters' },
  WRH: { code: 'WR', name: 'Western Region Headquarters' },
};

/** A region headquarters: its name, its region and the forecast offices it oversees (as links). */
function headquartersBody(
  catalogue: Catalogue,
  id: string,
  region: { code: string; name: string },
  base: string,
): Record<string, unknown> {
  const links = cachedLinks(base);
  const offices = [...catalogue.offices.values()]
    .filter((o) => regionOf(o) === region.code)
    .map((o) => links.office(o.id));
  return {
    '@context': officeContext(),
    '@type': 'GovernmentOrganization',
    '@id': links.office(id),
    id,
    name: region.name,
    nwsRegion: region.code.toLowerCase(),
    responsibleOffices: offices,
  };
}

/**
 * The office's NWS region. The catalogue holds the official grouping (scripts/forecast-data/nws-regions.ts,
 * from the api.weather.gov OpenAPI), so the zones' `region` filter and this agree.
 */
function regionOf(office: OfficeRecord): string | null {
  return office.region ?? null;
}

/**
 * "Topeka, KS" as api.weather.gov names offices: the catalogue's short name plus the state of the place
 * named like it (or like a part of "Denver/Boulder", "Greenville-Spartanburg") nearest the CWA centre,
 * within 400 km. Names that already carry a state ("Baltimore MD/Washington") or name no place ("Quad
 * Cities") stay as they are.
 */
function displayName(catalogue: Catalogue, office: OfficeRecord): string {
  if (/\b[A-Z]{2}\b/.test(office.name)) return office.name;
  for (const part of office.name.split(/[/-]/)) {
    const state = nearestNamesake(catalogue, office, normalise(part));
    if (state) return `${office.name}, ${state}`;
  }
  return office.name;
}

function nearestNamesake(catalogue: Catalogue, office: OfficeRecord, name: string): string | undefined {
  let best: { state: string; d: number } | undefined;
  for (const place of catalogue.places) {
    if (normalise(place.name) !== name) continue;
    const d = distanceMetres(office.cwaCentroid.lat, office.cwaCentroid.lon, place.lat, place.lon);
    if (d < 400_000 && (!best || d < best.d)) best = { state: place.state, d };
  }
  return best?.state;
}

function normalise(name: string): string {
  return name.replace(/\./g, '').trim().toLowerCase();
}
