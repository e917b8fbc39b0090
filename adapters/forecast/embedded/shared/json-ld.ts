// JSON-LD contexts in api.weather.gov's form. The vocabulary IRI is `{base}/ontology#`, so that no
// member of a body points anywhere but `{base}` (geojson.org, schema.org and the WMO/OGC vocabularies are
// standard identifiers, not links into the API).

import { BoundedMemo } from '../../../../application/shared/bounded-memo.ts';

const GEOJSON_CONTEXT = 'https://geojson.org/geojson-ld/geojson-context.jsonld';

function common(base: string): Record<string, unknown> {
  return {
    '@version': '1.1',
    wx: `${base}/ontology#`,
    s: 'https://schema.org/',
    geo: 'http://www.opengis.net/ont/geosparql#',
    unit: 'http://codes.wmo.int/common/unit/',
    '@vocab': `${base}/ontology#`,
  };
}

/** The context of point, gridpoint, forecast, station, zone and alert documents. */
export function geoJsonContext(base: string, extra: Record<string, unknown> = {}): unknown[] {
  return [
    GEOJSON_CONTEXT,
    {
      ...common(base),
      geometry: { '@id': 's:GeoCoordinates', '@type': 'geo:wktLiteral' },
      city: 's:addressLocality',
      state: 's:addressRegion',
      distance: { '@id': 's:Distance', '@type': 's:QuantitativeValue' },
      bearing: { '@type': 's:QuantitativeValue' },
      value: { '@id': 's:value' },
      unitCode: { '@id': 's:unitCode', '@type': '@id' },
      forecastOffice: { '@type': '@id' },
      forecastGridData: { '@type': '@id' },
      publicZone: { '@type': '@id' },
      county: { '@type': '@id' },
      ...extra,
    },
  ];
}

/** The context of non-GeoJSON documents such as an Office. */
export function plainContext(base: string): Record<string, unknown> {
  return { ...common(base) };
}

/** A gridpoint's context, as gridpoint.json has it: only the unit vocabularies (nwsUnit under `{base}`). */
export function gridpointContext(base: string): unknown[] {
  return [
    GEOJSON_CONTEXT,
    { '@version': '1.1', wmoUnit: 'https://codes.wmo.int/common/unit/', nwsUnit: `${base}/ontology/unit/` },
  ];
}

/** A forecast's context: the common vocabulary without the point terms. */
export function forecastContext(base: string): unknown[] {
  return [GEOJSON_CONTEXT, common(base)];
}

/** An Office is schema.org, not GeoJSON: the vocabulary is schema.org and the link lists are IRIs. */
export function officeContext(): Record<string, unknown> {
  const ids = { '@container': '@set', '@type': '@id' };
  return {
    '@version': '1.1',
    '@vocab': 'https://schema.org/',
    parentOrganization: { '@type': '@id' },
    responsibleCounties: ids,
    responsibleForecastZones: ids,
    responsibleFireZones: ids,
    approvedObservationStations: ids,
  };
}

/** The context of alert documents, as api.weather.gov's alerts carry it. */
export function alertContext(base: string): unknown[] {
  return [GEOJSON_CONTEXT, { '@version': '1.1', wx: `${base}/ontology#`, '@vocab': `${base}/ontology#` }];
}

/** The context of zone documents: api.weather.gov gives zones only the JSON-LD version. */
export function zoneContext(): Record<string, unknown> {
  return { '@version': '1.1' };
}

// A base per request origin (no PUBLIC_BASE_URL) is a handful in practice; the bound guards the rest.
const pointContexts = new BoundedMemo<string, unknown[]>(64);

/**
 * geoJsonContext(base) without extras, built once per base and shared by every body (bodies are only ever
 * serialised, never mutated): a point or station document then allocates no context of its own.
 */
export function sharedGeoJsonContext(base: string): unknown[] {
  return pointContexts.get(base, geoJsonContext);
}
