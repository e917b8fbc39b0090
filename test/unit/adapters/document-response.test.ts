import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { documentResponse } from '../../../adapters/http/forecast/document-response.ts';
import type { ForecastDocument } from '../../../application/forecast/ports.ts';

// documentResponse keeps, beside a body's bytes, the last Last-Modified and Cache-Control it gave: a provider
// hands the same body again with another max-age (a forecast counts down to its next issuance) or another
// update time, and each answer must carry its own.

const body = { type: 'Feature', properties: { name: 'kept once' } };
const request = (headers: Record<string, string> = {}) => new Request('http://taskcast.test/x', { headers });

function answer(document: ForecastDocument, headers: Record<string, string> = {}) {
  return documentResponse(document, 'application/geo+json', request(headers), 'id-1');
}

/** A header of an answer: hot answers keep theirs as a plain record (adapters/http/plain-response.ts). */
function header(response: { headers: unknown }, name: string): string | null {
  const headers = response.headers;
  return headers instanceof Headers ? headers.get(name) : ((headers as Record<string, string>)[name] ?? null);
}

describe('documentResponse', () => {
  it('gives each answer the max-age and Last-Modified of its own document, the same body or not', () => {
    const at = (iso: string, maxAgeSeconds: number): ForecastDocument => ({
      body,
      lastModified: new Date(iso),
      maxAgeSeconds,
    });
    const seen = [
      answer(at('2026-07-15T18:00:00.400Z', 120)),
      answer(at('2026-07-15T18:00:00.900Z', 119.6)),
      answer(at('2026-07-15T18:00:00Z', 119)),
      answer(at('2026-07-15T19:00:00Z', 3600)),
      answer(at('2026-07-15T18:00:00Z', -3)),
    ].map((r) => [header(r, 'last-modified'), header(r, 'cache-control')]);
    assert.deepEqual(seen, [
      ['Wed, 15 Jul 2026 18:00:00 GMT', 'public, max-age=120'],
      ['Wed, 15 Jul 2026 18:00:00 GMT', 'public, max-age=120'],
      ['Wed, 15 Jul 2026 18:00:00 GMT', 'public, max-age=119'],
      ['Wed, 15 Jul 2026 19:00:00 GMT', 'public, max-age=3600'],
      ['Wed, 15 Jul 2026 18:00:00 GMT', 'public, max-age=0'],
    ]);
  });

  it('compares If-Modified-Since with the document answered, not the one before', () => {
    const early: ForecastDocument = { body, lastModified: new Date('2026-07-15T18:00:00Z'), maxAgeSeconds: 60 };
    const late: ForecastDocument = { body, lastModified: new Date('2026-07-15T19:00:00Z'), maxAgeSeconds: 60 };
    const since = { 'if-modified-since': 'Wed, 15 Jul 2026 18:30:00 GMT' };
    assert.equal(answer(early, since).status, 304);
    assert.equal(answer(late, since).status, 200);
    assert.equal(answer(early, since).status, 304);
  });
});
