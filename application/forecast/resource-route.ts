import type { QueryValues } from '../../domain/forecast/queries.ts';
import type { AssetMedia } from './ports.ts';

/** What a route is asked with: the path's named segments (decoded), the query, and the path as asked. */
export interface RouteInput {
  readonly params: Readonly<Record<string, string>>;
  readonly query: QueryValues;
  /** The path and query as the client sent them (the icons are addressed by their whole path). */
  readonly pathAndQuery: string;
}

/**
 * Which media types a document route serves, as its OpenAPI entry declares them: GeoJSON with JSON-LD
 * (the default), JSON-LD only (offices, products, the glossary…), or GeoJSON without JSON-LD (CWAs, SIGMETs).
 */
export type DocumentMedia = 'geojson' | 'json-ld' | 'geojson-only';

interface RouteRuleBase<T> {
  /** rou3's (and h3's) syntax: `/radar/queues/:host`, `/icons/**`. */
  readonly pattern: string;
  /** Validates the segments and the query, throwing the domain's errors (the OpenAPI's 400s and 404s). */
  readonly parse: (input: RouteInput) => T;
  /** The path and query of a parsed request, spelt one way: what a relaying source or a bundle is asked. */
  readonly path: (value: T) => string;
}

export interface DocumentRule<T> extends RouteRuleBase<T> {
  readonly kind: 'document';
  readonly media: DocumentMedia;
}

export interface AssetRule<T> extends RouteRuleBase<T> {
  readonly kind: 'asset';
  readonly media: AssetMedia;
}

/**
 * One route of the API, as the family folder that serves it declares it: its pattern, its media, its
 * parsing and its canonical path. The HTTP adapter registers every rule; the embedded provider answers
 * each from the parsed value; the upstream and replay providers need only the path.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of rules holds every value type
export type RouteRule<T = any> = DocumentRule<T> | AssetRule<T>;

/** api.weather.gov serves its JSON-LD-only documents when asked for them as such. */
export const JSON_LD = 'application/ld+json';

/** The request the provider's `document` verb is asked for a rule's parsed value. */
export function documentRequest<T>(rule: DocumentRule<T>, value: T): { path: string; accept?: string } {
  const path = rule.path(value);
  return rule.media === 'json-ld' ? { path, accept: JSON_LD } : { path };
}
