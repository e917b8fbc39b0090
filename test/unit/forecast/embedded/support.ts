import assert from 'node:assert/strict';
import type { EmbeddedDeps } from '../../../../adapters/forecast/embedded/embedded-deps.ts';
import { loadEmbeddedDeps } from '../../../../adapters/forecast/embedded/load-embedded-deps.ts';
import { routeByPath, type FamilyRoutes } from '../../../../adapters/forecast/embedded/router.ts';
import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';

export const BASE = 'http://forecast.test:8080';
export const ctx = { baseUrl: BASE };
export const NOW = new Date('2026-07-15T18:20:00Z');

let loaded: EmbeddedDeps | undefined;

/** The real catalogue and offsets with a fixed clock, loaded once per test file (~0.5 s). */
export function deps(): EmbeddedDeps {
  loaded ??= loadEmbeddedDeps({ now: () => NOW });
  return loaded;
}

/** The same geography with another clock. */
export function depsAt(iso: string): EmbeddedDeps {
  return { ...deps(), clock: { now: () => new Date(iso) } };
}

/**
 * A family's declared routes asked by path, as the provider's `document` verb asks them. A test spells the
 * path with the route's own `path` (what it exercises is then the spelling the family declares) or as a client
 * writes it, which also catches a parameter renamed on both sides of a route (radar-resources.test.ts).
 */
export function askByPath(family: FamilyRoutes): (path: string, c: ForecastContext) => Promise<ForecastDocument> {
  const served = routeByPath(family.routes ?? []);
  return (path, c) => served.document({ path }, c);
}

// Standard vocabulary IRIs in JSON-LD contexts: identifiers, not links into the API.
const VOCABULARIES = [
  'https://geojson.org/',
  'https://schema.org/',
  'http://www.opengis.net/',
  'http://codes.wmo.int/',
  'https://codes.wmo.int/',
];

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** Every URL in the body is under BASE (vocabulary IRIs aside), and api.weather.gov appears nowhere. */
export function assertLinksUnderBase(body: unknown): void {
  const text = JSON.stringify(body);
  assert.ok(!text.includes('api.weather.gov'), 'no api.weather.gov in the body');
  for (const s of strings(body)) {
    if (!/^https?:\/\//.test(s) || VOCABULARIES.some((v) => s.startsWith(v))) continue;
    assert.ok(s.startsWith(`${BASE}/`), `link not under base: ${s}`);
  }
}

/** `cursor` of a next-page URL. */
export function cursorOf(url: string): string {
  const cursor = new URL(url).searchParams.get('cursor');
  assert.ok(cursor, `no cursor in ${url}`);
  return cursor;
}
