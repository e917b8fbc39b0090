/** The media types the forecast API serves, best first; the first is the default. */
export const SERVED_TYPES = ['application/geo+json', 'application/ld+json', 'application/json'] as const;
export type ServedType = string;

/** Documents the OpenAPI declares as JSON-LD only (offices, products, glossary…): ld+json, or plain JSON. */
export const LD_TYPES = ['application/ld+json', 'application/json'] as const;

/**
 * What an Accept range asks of a route that cannot serve it as such. The spec recommends
 * `Accept: application/geo+json` on every request, and points link to offices, so a client sends it for
 * documents that are JSON-LD and not GeoJSON (an office has no geometry). Such a request gets the document
 * as it is, labelled honestly `application/ld+json`, as api.weather.gov answers its JSON-LD-only documents
 * whatever JSON type is asked: RFC 9110 (12.5.1) lets a server send another representation than the Accept
 * header prefers, and a 406 would break every client that follows the spec's advice. A type no route
 * produces (text/html alone, application/xml) matches nothing and stays a 406.
 */
function standIn(range: string, served: readonly string[]): string {
  return range === 'application/geo+json' && answersGeoJsonWithJsonLd(served) ? 'application/ld+json' : range;
}

function answersGeoJsonWithJsonLd(served: readonly string[]): boolean {
  return !served.includes('application/geo+json') && served.includes('application/ld+json');
}

/** The types a route serves, as a 406 lists them. */
export function describeServed(served: readonly string[]): string {
  const note = answersGeoJsonWithJsonLd(served) ? ' (application/geo+json is answered with application/ld+json)' : '';
  return `${served.join(', ')}${note}`;
}

/**
 * Picks the served type for an Accept header, honouring q-values and `* /*` and `application/*`; undefined
 * means nothing acceptable (a 406). A missing or empty header gets the default.
 */
export function negotiate(accept: string | null, served: readonly string[] = SERVED_TYPES): ServedType | undefined {
  if (accept === null || accept.trim() === '') return served[0];
  let best: { type: ServedType; q: number; order: number } | undefined;
  for (const part of accept.split(',')) {
    const [rawRange, ...params] = part.split(';');
    const range = standIn(rawRange?.trim().toLowerCase() ?? '', served);
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=').map((s) => s.trim());
      if (k === 'q') q = Number(v);
    }
    if (!(q > 0)) continue;
    served.forEach((type, order) => {
      const matches = range === type || range === '*/*' || range === 'application/*';
      if (matches && (!best || q > best.q || (q === best.q && order < best.order))) best = { type, q, order };
    });
  }
  return best?.type;
}
