import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';
import { recordingForecastProvider } from '../../support/recording-forecast-provider.ts';

// The rules every forecast route shares, checked over a recording provider so that only the HTTP adapter is
// under test. The embedded provider's answers are tested in embedded.test.ts.

const ROUTES = [
  '/points/39.7456,-97.0892',
  '/points/39.7456,-97.0892/forecast',
  '/points/39.7456,-97.0892/forecast/hourly',
  '/gridpoints/TOP/32,81',
  '/gridpoints/TOP/32,81/forecast',
  '/gridpoints/TOP/32,81/forecast/hourly',
  '/gridpoints/TOP/32,81/stations',
  '/alerts',
  '/alerts/active',
  '/alerts/urn:oid:2.49.0.1.840.0.abc',
  '/stations',
  '/stations/KSLC',
  '/stations/KSLC/observations/latest',
  '/zones',
  '/zones/forecast',
  '/zones/forecast/KSZ009',
  '/zones/county/KSC201/stations',
  '/offices/TOP',
];

async function world(options: Parameters<typeof forecastWorld>[0] = {}) {
  const recording = recordingForecastProvider();
  return { ...(await forecastWorld({ provider: recording.provider, ...options })), calls: recording.calls };
}

describe('User-Agent', () => {
  test('every forecast route: no or blank User-Agent is a 403 problem with exactly title and detail', async () => {
    const w = await world();
    for (const path of ROUTES) {
      for (const ua of ['', '   ']) {
        const reply = await w.get(path, { 'user-agent': ua });
        assert.equal(reply.status, 403, path);
        assert.equal(reply.headers.get('content-type'), 'application/problem+json');
        assert.deepEqual(reply.body, { title: 'Access denied', detail: 'A valid User-Agent header is required.' });
        assert.ok(reply.headers.get('x-correlation-id'));
      }
    }
    assert.equal(w.calls.length, 0, 'the provider was never asked');
  });

  test('the task API does not ask for one', async () => {
    const w = await world();
    const response = await w.app.fetch(new Request('http://taskcast.test/health'));
    assert.equal(response.status, 200);
  });
});

describe('Accept', () => {
  test('geo+json by default; ld+json, json, application/* and */* served; Content-Type names what was served', async () => {
    const w = await world();
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'application/geo+json'],
      ['application/geo+json', 'application/geo+json'],
      ['application/ld+json', 'application/ld+json'],
      ['application/json', 'application/json'],
      ['application/*', 'application/geo+json'],
      ['*/*', 'application/geo+json'],
      ['text/html, application/json;q=0.5', 'application/json'],
      ['application/json;q=0.9, application/ld+json', 'application/ld+json'],
    ];
    for (const [accept, served] of cases) {
      const reply = await w.get('/points/39.7456,-97.0892', accept === undefined ? {} : { accept });
      assert.equal(reply.status, 200, String(accept));
      assert.equal(reply.headers.get('content-type'), served, String(accept));
    }
  });

  test('each Accept header gets its own type, however they alternate and however many a client sends', async () => {
    // Each route keeps its choice per Accept header seen (and forgets them all past 256): the answers must
    // not depend on what came before.
    const w = await world();
    const served = async (accept: string) =>
      (await w.get('/points/39.7456,-97.0892', { accept })).headers.get('content-type');
    for (let round = 0; round < 2; round++) {
      assert.equal(await served('application/ld+json'), 'application/ld+json');
      assert.equal(await served('application/json'), 'application/json');
      assert.equal(await served('*/*'), 'application/geo+json');
    }
    for (let i = 0; i < 300; i++) {
      const accept = i % 2 === 0 ? `application/json;v=${i}` : `application/ld+json;v=${i}`;
      assert.equal(await served(accept), i % 2 === 0 ? 'application/json' : 'application/ld+json', accept);
    }
    assert.equal((await w.get('/points/39.7456,-97.0892', { accept: 'text/html' })).status, 406);
    assert.equal(await served('application/ld+json'), 'application/ld+json');
  });

  test("the most specific range sets a type's quality: q=0 on a type refuses it beside */* or application/*", async () => {
    // RFC 9110, 12.5.1: a wildcard's q applies only to the types no more specific range names. Found by a
    // hostile-input probe (2026-11-29): each of these answered application/geo+json, the type refused.
    const w = await world();
    const cases: Array<[string, string, string]> = [
      ['/gridpoints/TOP/32,81/forecast', 'application/geo+json;q=0, */*', 'application/ld+json'],
      ['/gridpoints/TOP/32,81/forecast', 'application/geo+json;q=0, application/*', 'application/ld+json'],
      ['/gridpoints/TOP/32,81/forecast', 'application/*;q=0.5, application/geo+json;q=0', 'application/ld+json'],
      ['/gridpoints/TOP/32,81/forecast', 'application/geo+json;q=0, application/ld+json;q=0, */*', 'application/json'],
      ['/gridpoints/TOP/32,81/forecast', '*/*;q=0.1, application/json;q=0.5', 'application/json'],
      ['/gridpoints/TOP/32,81/forecast', 'application/*;q=0, application/json', 'application/json'],
      ['/gridpoints/TOP/32,81/forecast', 'application/*;q=0.5, */*;q=0.9', 'application/geo+json'],
      // A JSON-LD-only document: geo+json refused is no refusal of its ld+json; ld+json refused is.
      ['/offices/TOP', 'application/geo+json;q=0, */*', 'application/ld+json'],
      ['/offices/TOP', 'application/ld+json;q=0, application/geo+json', 'NotAcceptable'],
      ['/offices/TOP', 'application/ld+json;q=0, */*', 'application/json'],
    ];
    for (const [path, accept, served] of cases) {
      const reply = await w.get(path, { accept });
      if (served === 'NotAcceptable') {
        assert.equal(reply.status, 406, `${path} ${accept}`);
        assert.equal(reply.body.type, 'http://taskcast.test/problems/NotAcceptable');
        continue;
      }
      assert.equal(reply.status, 200, `${path} ${accept}`);
      assert.equal(reply.headers.get('content-type'), served, `${path} ${accept}`);
    }
    for (const accept of ['application/geo+json;q=0, application/ld+json;q=0, application/json;q=0, */*']) {
      assert.equal((await w.get('/gridpoints/TOP/32,81/forecast', { accept })).status, 406, accept);
    }
  });

  test('406 problem for text/html alone, application/xml, or q=0 on everything', async () => {
    const w = await world();
    for (const accept of ['text/html', 'application/xml', 'image/png, text/*', 'application/json;q=0']) {
      const reply = await w.get('/alerts', { accept });
      assert.equal(reply.status, 406, accept);
      assert.equal(reply.headers.get('content-type'), 'application/problem+json');
      assert.equal(reply.body.type, 'http://taskcast.test/problems/NotAcceptable');
    }
  });
});

describe('problems', () => {
  test('400 InvalidParameter, 404 NotFound: {type, title, status, detail, instance, correlationId} with the header', async () => {
    const w = await world();
    const cases: Array<[string, number, string]> = [
      ['/points/91,0', 400, 'InvalidParameter'],
      ['/points/abc', 400, 'InvalidParameter'],
      ['/gridpoints/TOP/x,1', 400, 'InvalidParameter'],
      ['/gridpoints/ZZZ/1,1', 404, 'NotFound'],
      ['/stations?bbox=1,2,3', 400, 'InvalidParameter'],
      ['/stations?limit=501', 400, 'InvalidParameter'],
      ['/stations/KNONE', 404, 'NotFound'],
      ['/alerts?severity=awful', 400, 'InvalidParameter'],
      ['/alerts?area=KS&zone=KSZ009', 400, 'BadRequest'],
      ['/zones/ocean', 404, 'NotFound'],
      ['/zones/forecast/bogus', 404, 'NotFound'],
      ['/zones?effective=someday', 400, 'InvalidParameter'],
      ['/gridpoints/TOP/32,81/forecast?units=metric', 400, 'InvalidParameter'],
      ['/nothing/here', 404, 'NotFound'],
    ];
    for (const [path, status, name] of cases) {
      const reply = await w.get(path);
      assert.equal(reply.status, status, path);
      assert.equal(reply.headers.get('content-type'), 'application/problem+json', path);
      assert.deepEqual(
        Object.keys(reply.body).sort(),
        ['correlationId', 'detail', 'instance', 'status', 'title', 'type'],
        path,
      );
      assert.equal(reply.body.type, `http://taskcast.test/problems/${name}`, path);
      assert.equal(reply.body.status, status, path);
      assert.equal(reply.body.instance, `http://taskcast.test/requests/${reply.body.correlationId}`, path);
      assert.equal(reply.headers.get('x-correlation-id'), reply.body.correlationId, path);
    }
  });

  test('a 500 is problem+json with no internals', async () => {
    const recording = recordingForecastProvider();
    recording.provider.office = async () => {
      throw new Error('ENOENT: /secret/catalogue.json');
    };
    const w = await forecastWorld({ provider: recording.provider });
    const reply = await w.get('/offices/TOP');
    assert.equal(reply.status, 500);
    assert.equal(reply.headers.get('content-type'), 'application/problem+json');
    assert.equal(reply.body.type, 'http://taskcast.test/problems/UnexpectedProblem');
    assert.doesNotMatch(reply.text, /ENOENT|secret/);
  });

  test('every success carries a correlation id too, a fresh one per request', async () => {
    const w = await world();
    const ids = new Set<string>();
    for (const path of ROUTES) {
      const reply = await w.get(path);
      assert.equal(reply.status, 200, path);
      ids.add(reply.headers.get('x-correlation-id') ?? '');
    }
    assert.equal(ids.size, ROUTES.length);
  });
});

describe('rate limit (FORECAST_RATE_LIMIT)', () => {
  test('over the limit: 429 TooManyRequests problem with Retry-After; off by default', async () => {
    const limited = await world({ forecastRequestsPerMinute: 3 });
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await limited.get('/stations/KSLC'));
    assert.deepEqual(
      replies.map((r) => r.status),
      [200, 200, 200, 429, 429],
    );
    const last = replies[4]!;
    assert.equal(last.body.type, 'http://taskcast.test/problems/TooManyRequests');
    assert.equal(last.body.status, 429);
    assert.ok(Number(last.headers.get('retry-after')) >= 1);
    const unlimited = await world();
    for (let i = 0; i < 20; i++) assert.equal((await unlimited.get('/stations/KSLC')).status, 200);
  });

  test('behind a proxy (TRUST_PROXY=1) each client has its own budget, keyed like the auth budgets (last hop)', async () => {
    const limited = await world({ forecastRequestsPerMinute: 2, trustProxy: true });
    const from = (forwardedFor: string) => limited.get('/stations/KSLC', { 'x-forwarded-for': forwardedFor });
    assert.deepEqual(
      [(await from('203.0.113.1')).status, (await from('203.0.113.1')).status, (await from('203.0.113.1')).status],
      [200, 200, 429],
    );
    assert.equal((await from('203.0.113.2')).status, 200, 'another client behind the same proxy');
    // Entries before the last are the client's own words: writing a new one does not buy a new budget.
    assert.equal((await from('10.0.0.9, 203.0.113.1')).status, 429);
  });

  test('without TRUST_PROXY, X-Forwarded-For is ignored: inventing addresses does not dodge the limit', async () => {
    const limited = await world({ forecastRequestsPerMinute: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await limited.get('/stations/KSLC', { 'x-forwarded-for': `203.0.113.${i}` })).status);
    assert.deepEqual(statuses, [200, 200, 429]);
  });
});

describe('points with more than 4 decimals', () => {
  test('301 to the rounded URL, keeping the rest of the path and the query', async () => {
    const w = await world();
    const cases: Array<[string, string]> = [
      ['/points/39.74561,-97.08929', 'http://taskcast.test/points/39.7456,-97.0893'],
      [
        '/points/39.74561,-97.08929/forecast?units=si',
        'http://taskcast.test/points/39.7456,-97.0893/forecast?units=si',
      ],
      ['/points/39.7456123,-97.0892/forecast/hourly', 'http://taskcast.test/points/39.7456,-97.0892/forecast/hourly'],
    ];
    for (const [path, location] of cases) {
      const reply = await w.get(path);
      assert.equal(reply.status, 301, path);
      assert.equal(reply.headers.get('location'), location, path);
    }
    assert.equal(w.calls.length, 0);
  });
});

describe('caching', () => {
  test('ETag, Last-Modified and Cache-Control; If-None-Match and If-Modified-Since give 304', async () => {
    const w = await world();
    const first = await w.get('/gridpoints/TOP/32,81/forecast');
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    assert.equal(first.headers.get('last-modified'), 'Wed, 15 Jul 2026 18:00:00 GMT');
    assert.equal(first.headers.get('cache-control'), 'public, max-age=120');
    assert.equal((await w.get('/gridpoints/TOP/32,81/forecast', { 'if-none-match': etag! })).status, 304);
    assert.equal((await w.get('/gridpoints/TOP/32,81/forecast', { 'if-none-match': `W/${etag}` })).status, 304);
    assert.equal((await w.get('/gridpoints/TOP/32,81/forecast', { 'if-none-match': '"other"' })).status, 200);
    assert.equal(
      (await w.get('/gridpoints/TOP/32,81/forecast', { 'if-modified-since': 'Wed, 15 Jul 2026 18:00:00 GMT' })).status,
      304,
    );
    assert.equal(
      (await w.get('/gridpoints/TOP/32,81/forecast', { 'if-modified-since': 'Wed, 15 Jul 2026 17:59:59 GMT' })).status,
      200,
    );
    const notModified = await w.get('/gridpoints/TOP/32,81/forecast', { 'if-none-match': etag! });
    assert.equal(notModified.text, '');
    assert.equal(notModified.headers.get('etag'), etag);
  });

  test('a different representation has a different body; the same one the same ETag', async () => {
    const w = await world();
    const a = await w.get('/stations/KSLC');
    const b = await w.get('/stations/KSLC');
    assert.equal(a.headers.get('etag'), b.headers.get('etag'));
  });
});

describe('links', () => {
  test('pagination.next is also a Link header', async () => {
    const w = await world();
    const reply = await w.get('/stations');
    assert.equal(reply.headers.get('link'), '<http://taskcast.test/stations?cursor=abc>; rel="next"');
  });

  test('{base} is the request origin, PUBLIC_BASE_URL when set, X-Forwarded-* only with TRUST_PROXY', async () => {
    const fwd = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'weather.example.org' };
    assert.equal((await (await world()).get('/offices/TOP', fwd)).body.id, 'http://taskcast.test/office');
    assert.equal(
      (await (await world({ trustProxy: true })).get('/offices/TOP', fwd)).body.id,
      'https://weather.example.org/office',
    );
    assert.equal(
      (await (await world({ publicBaseUrl: 'https://api.example.com/' })).get('/offices/TOP', fwd)).body.id,
      'https://api.example.com/office',
    );
  });

  test("{base} follows each request's Host; one that is not a plain host[:port] is never echoed", async () => {
    // The base is kept per Host (bounded): a bad Host after a good one, or the other way round, changes nothing.
    const w = await world();
    const id = async (host: string) => (await w.get('/offices/TOP', { host })).body.id;
    assert.equal(await id('weather.example.org:8080'), 'http://weather.example.org:8080/office');
    assert.equal(await id('evil.example/path'), 'http://taskcast.test/office');
    assert.equal(await id('[::1]:3000'), 'http://[::1]:3000/office');
    assert.equal(await id('evil.example/path'), 'http://taskcast.test/office');
    assert.equal(await id('weather.example.org:8080'), 'http://weather.example.org:8080/office');
    for (let i = 0; i < 300; i++) assert.equal(await id(`host${i}.example`), `http://host${i}.example/office`);
  });

  test('HEAD answers with the headers and no body', async () => {
    const w = await world();
    const reply = await w.get('/stations/KSLC', {}, 'HEAD');
    assert.equal(reply.status, 200);
    assert.equal(reply.text, '');
    assert.ok(reply.headers.get('etag'));
  });
});
