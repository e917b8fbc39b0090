import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import { createPathAddressedProvider } from '../../../../adapters/forecast/by-path/path-addressed-provider.ts';
import { STATIONS } from '../../../../adapters/forecast/embedded/stations/station-routes.ts';

// api.weather.gov's /stations takes no bbox: a source that relays paths is asked without it, and the page
// it answers is narrowed to the box.

const ctx = { baseUrl: 'http://taskcast.test' };
const station = (id: string, lon: number, lat: number) => ({
  id: `https://api.weather.gov/stations/${id}`,
  geometry: { type: 'Point', coordinates: [lon, lat] },
});
const page: ForecastDocument = {
  body: { type: 'FeatureCollection', features: [station('KTOP', -95.6, 39.1), station('KSLC', -111.9, 40.8)] },
  lastModified: new Date('2026-07-15T18:00:00Z'),
  maxAgeSeconds: 300,
};

function sourceAsked() {
  const asked: string[] = [];
  const provider = createPathAddressedProvider({
    source: {
      document: async (path) => (asked.push(path), page),
      asset: async () => undefined,
    },
    now: () => 0,
  });
  return { provider, asked };
}

describe('local filters of a path-addressed provider', () => {
  test('/stations with a bbox: asked without it, the answer narrowed to the box', async () => {
    const { provider, asked } = sourceAsked();
    const path = STATIONS.path({ states: ['KS'], bbox: [-100, 35, -95, 40], limit: 25 });
    const doc = await provider.document({ path }, ctx);
    assert.deepEqual(asked, ['/stations?state=KS&limit=25']);
    const ids = (doc.body['features'] as Array<{ id: string }>).map((f) => f.id);
    assert.deepEqual(ids, ['https://api.weather.gov/stations/KTOP']);
    assert.equal(doc.maxAgeSeconds, 300);
  });

  test('/stations without a bbox, and other paths, are asked as they stand and not narrowed', async () => {
    const { provider, asked } = sourceAsked();
    assert.equal(await provider.document({ path: '/stations?limit=25' }, ctx), page);
    assert.equal(await provider.document({ path: '/zones?bbox=1,2,3,4' }, ctx), page);
    assert.deepEqual(asked, ['/stations?limit=25', '/zones?bbox=1,2,3,4']);
  });
});

describe('the alert lists of a path-addressed provider', () => {
  const alert = (status: string, expires: string) => ({ properties: { status, expires } });
  const alerts: ForecastDocument = {
    body: { features: [alert('Actual', '2026-07-15T17:00:00Z'), alert('Actual', '2026-07-15T19:00:00Z')] },
    lastModified: new Date('2026-07-15T18:00:00Z'),
    maxAgeSeconds: 60,
  };
  const now = Date.parse('2026-07-15T18:00:00Z');

  test('status=expired: asked without status, the expired kept; /alerts/active asked without its cursor', async () => {
    const asked: string[] = [];
    const provider = createPathAddressedProvider({
      source: { document: async (path) => (asked.push(path), alerts), asset: async () => undefined },
      now: () => now,
    });
    const expired = await provider.document({ path: '/alerts/active?status=expired&area=KS&cursor=abc' }, ctx);
    assert.deepEqual(expired.body['features'], [alert('Actual', '2026-07-15T17:00:00Z')]);
    const actual = await provider.document({ path: '/alerts?status=actual&limit=25&cursor=abc' }, ctx);
    assert.equal((actual.body['features'] as unknown[]).length, 2);
    assert.deepEqual(asked, ['/alerts/active?area=KS', '/alerts?status=actual&limit=25&cursor=abc']);
  });
});
