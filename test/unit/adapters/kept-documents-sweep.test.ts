/**
 * Kept documents are current for a second at most, so the map must not hold them longer: a URL asked once,
 * or a gateway hit whose cache entry is gone, is dropped by the next sweep (at most once a second), not kept
 * until 4,096 others have filled the map (adapters/http/forecast/kept-documents.ts).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ForecastDocument } from '../../../application/forecast/ports.ts';
import type { ForecastRequestContext } from '../../../adapters/http/forecast/forecast-request.ts';
import { KeptDocuments } from '../../../adapters/http/forecast/kept-documents.ts';

const request = (url: string) =>
  ({ event: { req: { url } }, baseUrl: 'http://localhost' }) as unknown as ForecastRequestContext;

/** A route whose documents say they are current while `live` holds their URL (a gateway's fresh hits). */
function gateway() {
  const live = new Set<string>();
  let answered = 0;
  const route = async (r: ForecastRequestContext): Promise<ForecastDocument> => {
    answered++;
    const url = String((r.event as unknown as { req: { url: string } }).req.url);
    live.add(url);
    return { body: { url }, stillCurrent: () => live.has(url) } as unknown as ForecastDocument;
  };
  return { live, route, answered: () => answered };
}

test('own-rule documents no longer current are swept once a second passes', async () => {
  let ms = 0;
  const kept = new KeptDocuments(undefined, 4096, () => ms);
  const g = gateway();
  const handler = kept.route(g.route, true);
  for (let i = 0; i < 100; i++) await handler(request(`http://localhost/points/${i},0`));
  assert.equal(kept.size, 100);
  await handler(request('http://localhost/points/0,0'));
  assert.equal(g.answered(), 100, 'a current document is served again without the route');
  g.live.clear(); // every hit's entry has left the cache
  ms = 1_500;
  await handler(request('http://localhost/points/500,0'));
  assert.equal(kept.size, 1, 'only the document just kept is left');
});

test('a miss after a kept hit drops the hit at once', async () => {
  const kept = new KeptDocuments(undefined, 4096, () => 0);
  let current = true;
  let miss = false;
  const handler = kept.route(async () => {
    const doc = { body: {} } as Record<string, unknown>;
    if (!miss) doc['stillCurrent'] = () => current;
    return doc as unknown as ForecastDocument;
  }, true);
  await handler(request('http://localhost/points/1,1'));
  assert.equal(kept.size, 1);
  current = false;
  miss = true;
  await handler(request('http://localhost/points/1,1'));
  assert.equal(kept.size, 0);
});

test('controls-rule documents of a past second are swept, the current second kept', async () => {
  let ms = 0;
  let clockMs = 0;
  const inputs = { clock: { now: () => new Date(clockMs) }, revision: 0 } as never;
  const kept = new KeptDocuments(inputs, 4096, () => ms);
  const handler = kept.route(async () => ({ body: {} }) as unknown as ForecastDocument);
  for (let i = 0; i < 10; i++) await handler(request(`http://localhost/points/${i},0`));
  assert.equal(kept.size, 10);
  clockMs = 2_000;
  ms = 2_000;
  await handler(request('http://localhost/points/99,0'));
  assert.equal(kept.size, 1);
});
