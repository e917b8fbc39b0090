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

/** How closely an Accept range names a type (RFC 9110, 12.5.1): the most specific range sets its quality. */
const EXACT = 4;
/** `application/geo+json` asked of a JSON-LD-only route, for its ld+json (standIn): below the type itself. */
const STAND_IN = 3;
const TYPE_RANGE = 2;
const ANY = 1;

/**
 * Picks the served type for an Accept header, honouring q-values and `* /*` and `application/*`; undefined
 * means nothing acceptable (a 406). A missing or empty header gets the default.
 *
 * As RFC 9110 (12.5.1) says, each served type takes the quality of the most specific range that matches it
 * (the type itself, then `application/*`, then `* /*`), so `application/geo+json;q=0, * /*` refuses GeoJSON
 * and takes the rest; q=0 refuses the type, and the highest quality left wins, ties going to the type served
 * first. Between two ranges as specific, the higher q counts. A range with a q that is no number from 0 to 1
 * says nothing. A header of one range and no parameters (the common `* /*`, `application/geo+json`) is
 * answered without splitting it.
 */
export function negotiate(accept: string | null, served: readonly string[] = SERVED_TYPES): ServedType | undefined {
  if (accept === null) return served[0];
  const header = accept.trim();
  if (header === '') return served[0];
  if (!header.includes(',') && !header.includes(';')) return onlyRange(header.toLowerCase(), served);
  // The rank and the quality of the most specific range naming each served type, in served order.
  const ranks = served.map(() => 0);
  const qualities = served.map(() => 0);
  for (const part of header.split(',')) {
    const [rawRange, ...params] = part.split(';');
    const range = rawRange?.trim().toLowerCase() ?? '';
    const q = qualityOf(params);
    if (Number.isNaN(q)) continue;
    // A refusal of a type the route does not serve refuses nothing: it does not stand in for ld+json.
    const standing = q > 0 ? standIn(range, served) : range;
    for (let i = 0; i < served.length; i++) {
      let rank = rankOf(standing, served[i]!);
      if (rank === EXACT && standing !== range) rank = STAND_IN;
      if (rank > ranks[i]! || (rank === ranks[i] && rank > 0 && q > qualities[i]!)) {
        ranks[i] = rank;
        qualities[i] = q;
      }
    }
  }
  let best = -1;
  for (let i = 0; i < served.length; i++)
    if (qualities[i]! > 0 && (best < 0 || qualities[i]! > qualities[best]!)) best = i;
  return best < 0 ? undefined : served[best];
}

/** A header of one range with no parameters: the type itself, or the first served type it covers. */
function onlyRange(range: string, served: readonly string[]): ServedType | undefined {
  const standing = standIn(range, served);
  if (served.includes(standing)) return standing;
  for (const type of served) if (rankOf(range, type) > 0) return type;
  return undefined;
}

/** How `range` names `type`: EXACT, TYPE_RANGE (`application/*`), ANY (`* /*`), or 0 for not at all. */
function rankOf(range: string, type: string): number {
  if (range === type) return EXACT;
  if (range === '*/*') return ANY;
  // `major/*` covers the types whose major type is `major`, compared in place (no substring made).
  const slash = range.length - 2;
  if (slash <= 0 || !range.endsWith('/*') || type.charCodeAt(slash) !== 47 /* '/' */) return 0;
  for (let i = 0; i < slash; i++) if (range.charCodeAt(i) !== type.charCodeAt(i)) return 0;
  return TYPE_RANGE;
}

/** The q parameter of a range (1 without one); NaN for a q that is not a number from 0 to 1. */
function qualityOf(params: readonly string[]): number {
  let q = 1;
  for (const p of params) {
    const eq = p.indexOf('=');
    if ((eq < 0 ? p : p.slice(0, eq)).trim().toLowerCase() !== 'q') continue;
    const text = eq < 0 ? '' : p.slice(eq + 1).trim();
    q = text === '' ? NaN : Number(text);
  }
  return q >= 0 && q <= 1 ? q : NaN;
}
