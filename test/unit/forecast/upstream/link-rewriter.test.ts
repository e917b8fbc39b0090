import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLinkRewriter } from '../../../../adapters/forecast/upstream/link-rewriter.ts';

const rewriter = createLinkRewriter('https://api.weather.gov');
const rewrite = (json: unknown, base = 'http://localhost:3000') => rewriter.withBase(rewriter.strip(json), base);

test('links anywhere in any string, at any depth, including @context, @id, arrays and pagination', () => {
  const body = {
    '@context': ['https://geojson.org/x.jsonld', { '@vocab': 'https://api.weather.gov/ontology#' }],
    id: 'https://api.weather.gov/zones/forecast/UTZ101',
    properties: {
      '@id': 'https://api.weather.gov/zones/forecast/UTZ101',
      affectedZones: ['https://api.weather.gov/zones/forecast/ORZ001'],
      n: 3,
      ok: true,
      none: null,
    },
    pagination: { next: 'https://api.weather.gov/stations?limit=5&cursor=eyJzIjo1fQ%3D%3D' },
    description: 'See https://api.weather.gov/alerts for more.',
  };
  assert.deepEqual(rewrite(body), {
    '@context': ['https://geojson.org/x.jsonld', { '@vocab': 'http://localhost:3000/ontology#' }],
    id: 'http://localhost:3000/zones/forecast/UTZ101',
    properties: {
      '@id': 'http://localhost:3000/zones/forecast/UTZ101',
      affectedZones: ['http://localhost:3000/zones/forecast/ORZ001'],
      n: 3,
      ok: true,
      none: null,
    },
    pagination: { next: 'http://localhost:3000/stations?limit=5&cursor=eyJzIjo1fQ%3D%3D' },
    description: 'See http://localhost:3000/alerts for more.',
  });
});

test('other origins are left alone, including look-alikes and other ports', () => {
  const body = [
    'https://api.weather.gov.evil.example/x',
    'https://api.weather.gov:8443/x',
    'https://raw.githubusercontent.com/geojson',
    'http://codes.wmo.int/common/unit/',
  ];
  assert.deepEqual(rewrite(body), body);
});

test('the bare origin and upper-case hosts are links too', () => {
  assert.deepEqual(rewrite(['https://api.weather.gov', 'https://API.weather.gov/points/1,2']), [
    'http://localhost:3000',
    'http://localhost:3000/points/1,2',
  ]);
});

test('indexed list parameters in links are flattened to repeated ones Taskcast parses', () => {
  assert.equal(
    rewrite('https://api.weather.gov/stations?id%5B0%5D=KCMR&id%5B1%5D=KFLG&cursor=abc'),
    'http://localhost:3000/stations?id=KCMR&id=KFLG&cursor=abc',
  );
});

test('the stripped body holds no base, so one cached copy serves every base', () => {
  const stripped = rewriter.strip({ id: 'https://api.weather.gov/x' });
  assert.doesNotMatch(JSON.stringify(stripped), /weather\.gov/);
  assert.deepEqual(rewriter.withBase(stripped, 'https://a.example'), { id: 'https://a.example/x' });
  assert.deepEqual(rewriter.withBase(stripped, 'https://b.example'), { id: 'https://b.example/x' });
});

test('an UPSTREAM_URL with a path (a mirror under /nws): its links lose the path with the origin', () => {
  // The client asks {UPSTREAM_URL}{path}; a link is only a Taskcast path once the prefix is gone too.
  const mirror = createLinkRewriter('https://mirror.example/nws/');
  const body = [
    'https://mirror.example/nws/points/1,2',
    'https://mirror.example/nws',
    'https://mirror.example/nwsx/points',
    'https://mirror.example/other',
  ];
  assert.deepEqual(mirror.withBase(mirror.strip(body), 'http://localhost:3000'), [
    'http://localhost:3000/points/1,2',
    'http://localhost:3000',
    'https://mirror.example/nwsx/points',
    'https://mirror.example/other',
  ]);
});
