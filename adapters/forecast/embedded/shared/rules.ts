import type {
  AssetRule,
  DocumentMedia,
  DocumentRule,
  RouteInput,
} from '../../../../application/forecast/resource-route.ts';
import type { AssetMedia } from '../../../../application/forecast/ports.ts';

// Shorthands the families' route lists are written with.

type Params = Array<[string, string | number | undefined]>;

/**
 * A path with its query parameters in a fixed order, spelt as the official OpenAPI takes them. The forecast
 * spec's routes (stations, zones, gridpoints) have always been asked with `:` left encoded in their query
 * (`colons: 'encoded'`), the others with it plain: each spelling is the key its upstream cache entries and
 * recorded bundles are under, so neither changes.
 */
export function withQuery(path: string, params: Params, colons: 'plain' | 'encoded' = 'plain'): string {
  const q = new URLSearchParams();
  for (const [k, v] of params) if (v !== undefined && v !== '') q.append(k, String(v));
  const commas = q.toString().replace(/%2C/gi, ',');
  const text = colons === 'plain' ? commas.replace(/%3A/gi, ':') : commas;
  return text === '' ? path : `${path}?${text}`;
}

/** A date-time as the routes spell it in a query: ISO 8601, without zero milliseconds. */
export const isoParam = (d: Date | undefined): string | undefined => d?.toISOString().replace(/\.000Z$/, 'Z');

/** A list parameter, comma-separated; nothing when empty. */
export const csvParam = (values: readonly string[] | undefined): string | undefined =>
  values && values.length > 0 ? values.join(',') : undefined;

/** A path segment, percent-encoded. */
export const seg = (s: string): string => encodeURIComponent(s);

/** A named segment of a matched route (present whenever the pattern names it). */
export const param = (input: RouteInput, name: string): string => input.params[name] ?? '';

/**
 * A document route at a fixed path whose value is its query: `parse` reads the query and `params` spells the
 * value back as parameters (see withQuery), so the path is spelt once.
 */
export function queryDocument<Q>(
  pattern: string,
  media: DocumentMedia,
  parse: (query: RouteInput['query']) => Q,
  params: (value: Q) => Params,
  colons: 'plain' | 'encoded' = 'plain',
): DocumentRule<Q> {
  return documentRule(
    pattern,
    media,
    (input) => parse(input.query),
    (value) => withQuery(pattern, params(value), colons),
  );
}

/** A document route with nothing to parse: its path is its pattern. */
export function fixedDocument(pattern: string, media: DocumentMedia): DocumentRule<void> {
  return { kind: 'document', pattern, media, parse: () => undefined, path: () => pattern };
}

// The named segments of a pattern: `:office` in `/offices/:office/config`.
const NAMED_SEGMENT = /:(\w+)/g;

const segmentNames = (pattern: string): string[] => [...pattern.matchAll(NAMED_SEGMENT)].map((m) => m[1] ?? '');

/** The pattern with each named segment replaced by its value, percent-encoded. */
function fillSegments(pattern: string, values: Readonly<Record<string, string | number>>): string {
  return pattern.replace(NAMED_SEGMENT, (_, name: string) => seg(String(values[name])));
}

/**
 * A document route whose pattern names one segment, such as `/offices/:office/config`: `parse` checks that
 * segment's text, and the path is the pattern with the value in its place. The pattern is spelt once, so
 * the path a route gives cannot drift from the one it matches.
 */
export function segmentDocument(
  pattern: string,
  media: DocumentMedia,
  parse: (segment: string) => string,
): DocumentRule<string> {
  const [name, ...more] = segmentNames(pattern);
  if (name === undefined || more.length > 0) throw new Error(`${pattern}: not one named segment`);
  return documentRule(
    pattern,
    media,
    (input) => parse(param(input, name)),
    (value) => fillSegments(pattern, { [name]: value }),
  );
}

/**
 * A document route whose value is its pattern's named segments, each checked by its own parser, such as
 * `/aviation/sigmets/:fir/:date/:sequence` with `{ fir: parseFir, date: parseDateSegment, ... }`; the path is
 * the pattern with the values in their places, as for segmentDocument.
 */
export function segmentsDocument<P extends Record<string, (segment: string) => string | number>>(
  pattern: string,
  media: DocumentMedia,
  parsers: P,
): DocumentRule<{ [K in keyof P]: ReturnType<P[K]> }> {
  const names = segmentNames(pattern);
  if ([...names].sort().join() !== Object.keys(parsers).sort().join())
    throw new Error(`${pattern}: the parsers are not its named segments`);
  type Value = { [K in keyof P]: ReturnType<P[K]> };
  return documentRule(
    pattern,
    media,
    // In the pattern's order, so the first bad segment is the one reported.
    (input) => Object.fromEntries(names.map((name) => [name, parsers[name]?.(param(input, name))])) as Value,
    (value) => fillSegments(pattern, value),
  );
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
