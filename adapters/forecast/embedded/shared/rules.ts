import type {
  AssetRule,
  DocumentMedia,
  DocumentRule,
  RouteInput,
} from '../../../../application/forecast/resource-route.ts';
import type { AssetMedia } from '../../../../application/forecast/ports.ts';

// Shorthands the families' route lists are written with.

type Params = Array<[string, string | number | undefined]>;

/** A path with its query parameters in a fixed order, spelt as the official OpenAPI takes them. */
export function withQuery(path: string, params: Params): string {
  const q = new URLSearchParams();
  for (const [k, v] of params) if (v !== undefined && v !== '') q.append(k, String(v));
  const text = q.toString().replace(/%2C/gi, ',').replace(/%3A/gi, ':');
  return text === '' ? path : `${path}?${text}`;
}

/** A path segment, percent-encoded. */
export const seg = (s: string): string => encodeURIComponent(s);

/** A named segment of a matched route (present whenever the pattern names it). */
export const param = (input: RouteInput, name: string): string => input.params[name] ?? '';

/** A document route with nothing to parse: its path is its pattern. */
export function fixedDocument(pattern: string, media: DocumentMedia): DocumentRule<void> {
  return { kind: 'document', pattern, media, parse: () => undefined, path: () => pattern };
}

export function documentRule<T>(
  pattern: string,
  media: DocumentMedia,
  parse: (input: RouteInput) => T,
  path: (value: T) => string,
): DocumentRule<T> {
  return { kind: 'document', pattern, media, parse, path };
}

export function assetRule<T>(
  pattern: string,
  media: AssetMedia,
  parse: (input: RouteInput) => T,
  path: (value: T) => string,
): AssetRule<T> {
  return { kind: 'asset', pattern, media, parse, path };
}
