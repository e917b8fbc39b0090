import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { CDN_403_PAGE, fixtureText } from '../../support/fake-nws-upstream.ts';
import { upstreamWorld } from '../../support/upstream-world.ts';
import { until } from '../../support/until.ts';

// Each fault is proven by what the fake api.weather.gov received, not only by what the client saw.

const POINT = '/points/39.7456,-97.0892';
const worlds: Array<{ fake: { close(): Promise<void> } }> = [];
async function world(...args: Parameters<typeof upstreamWorld>) {
  const w = await upstreamWorld(...args);
  worlds.push(w);
  return w;
}
after(async () => {
  await Promise.all(worlds.map((w) => w.fake.close()));
});

describe('upstream provider: what it sends', () => {
  test('Accept application/geo+json and the configured User-Agent, on the canonical upstream path', async () => {
    const w = await world();
    const reply = await w.get(POINT);
    assert.equal(reply.status, 200);
    assert.equal(w.fake.calls.length, 1);
    const call = w.fake.calls[0]!;
    assert.equal(call.path, POINT);
    assert.equal(call.headers['accept'], 'application/geo+json');
    assert.equal(call.headers['user-agent'], 'taskcast-tests (tests@example.com)');
  });
});

describe('upstream provider: caching', () => {
  test('MISS, then HIT from memory within max-age: 1 upstream call for 2 requests', async () => {
    const w = await world();
    const first = await w.get(POINT);
    const second = await w.get(POINT);
    assert.equal(first.headers.get('x-cache'), 'MISS');
    assert.equal(second.headers.get('x-cache'), 'HIT');
    assert.deepEqual(second.body, first.body);
    assert.equal(w.fake.count(POINT), 1);
    assert.match(second.headers.get('cache-control') ?? '', /max-age=\d+/);
  });

  test('after max-age: a conditional request, 304 from upstream, X-Cache REVALIDATED, then HIT again', async () => {
    const w = await world();
    const first = await w.get(POINT);
    w.advance(61);
    const second = await w.get(POINT);
    assert.equal(second.status, 200);
    assert.equal(second.headers.get('x-cache'), 'REVALIDATED');
    assert.deepEqual(second.body, first.body);
    assert.equal(w.fake.count(POINT), 2);
    const conditional = w.fake.calls[1]!;
    assert.ok(conditional.headers['if-none-match'], 'sent If-None-Match');
    assert.ok(conditional.headers['if-modified-since'], 'sent If-Modified-Since');
    assert.equal(conditional.status, 304);
    assert.equal((await w.get(POINT)).headers.get('x-cache'), 'HIT');
    assert.equal(w.fake.count(POINT), 2);
  });

  test('a 304 that repeats no Cache-Control keeps the stored one: fresh again for its max-age', async () => {
    const w = await world();
    await w.get(POINT);
    w.advance(61);
    // RFC 9111 §4.3.4: a 304 updates the stored header fields it carries; those it leaves out stay.
    w.fake.fail(POINT, { status: 304, contentType: '', headers: {} });
    const revalidated = await w.get(POINT);
    assert.equal(revalidated.headers.get('x-cache'), 'REVALIDATED');
    assert.equal(revalidated.headers.get('cache-control'), 'public, max-age=60');
    assert.equal((await w.get(POINT)).headers.get('x-cache'), 'HIT');
    assert.equal(w.fake.count(POINT), 2, 'not revalidated on every request from then on');
  });

  test("a Last-Modified that is no HTTP-date, or is later than the answer, is not passed on as the data's", async () => {
    const w = await world();
    const served = async (lastModified: string): Promise<string | null> => {
      w.fake.fail(POINT, {
        status: 200,
        contentType: 'application/geo+json',
        body: fixtureText('points.json'),
        headers: { 'cache-control': 'no-store', 'last-modified': lastModified },
      });
      return (await w.get(POINT)).headers.get('last-modified');
    };
    // Date.parse reads "3000" as the year 3000: a client's If-Modified-Since would then match for ever.
    assert.equal(await served('3000'), 'Wed, 15 Jul 2026 18:20:00 GMT');
    assert.equal(await served('Tue, 01 Jan 2030 00:00:00 GMT'), 'Wed, 15 Jul 2026 18:20:00 GMT');
    assert.equal(await served('Wed, 15 Jul 2026 18:00:00 GMT'), 'Wed, 15 Jul 2026 18:00:00 GMT');
  });

  test('after max-age with changed data: 200 from upstream replaces the copy (MISS, new body)', async () => {
    const w = await world();
    await w.get(POINT);
    w.advance(61);
    w.fake.bump();
    const second = await w.get(POINT);
    assert.equal(second.headers.get('x-cache'), 'MISS');
    assert.equal(second.body['x-version'], 1);
    assert.equal(w.fake.calls[1]!.status, 200);
  });

  test('our own ETag / 304 works on top of the upstream cache', async () => {
    const w = await world();
    const first = await w.get(POINT);
    const etag = first.headers.get('etag')!;
    const again = await w.get(POINT, { 'if-none-match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('x-cache'), 'HIT');
    assert.equal(w.fake.count(POINT), 1);
  });

  test('single flight: 50 concurrent identical requests make 1 upstream call', async () => {
    const w = await world();
    w.fake.fail(POINT, { delayMs: 50, headers: {} });
    const replies = await Promise.all(Array.from({ length: 50 }, () => w.get(POINT)));
    assert.ok(replies.every((r) => r.status === 200));
    assert.equal(new Set(replies.map((r) => r.text)).size, 1);
    assert.equal(w.fake.count(POINT), 1);
  });

  test('single flight after expiry: 50 concurrent revalidations make 1 conditional call', async () => {
    const w = await world();
    await w.get(POINT);
    w.advance(61);
    w.fake.fail(POINT, { delayMs: 50 });
    const replies = await Promise.all(Array.from({ length: 50 }, () => w.get(POINT)));
    assert.ok(replies.every((r) => r.status === 200 && r.headers.get('x-cache') === 'REVALIDATED'));
    assert.equal(w.fake.count(POINT), 2);
  });
});

describe('upstream provider: resilience', () => {
  test('a 500 is retried: 2 upstream calls, the client sees only the 200', async () => {
    const w = await world();
    w.fake.fail(POINT, { status: 500, body: fixtureText('problem_unexpected_500.json') });
    const reply = await w.get(POINT);
    assert.equal(reply.status, 200);
    assert.deepEqual(
      w.fake.calls.map((c) => c.status),
      [500, 200],
    );
    const line = w.log.find((l) => l['message'] === 'upstream call')!;
    assert.deepEqual([line['status'], line['retries'], typeof line['durationMs']], [200, 1, 'number']);
  });

  test('a timeout is retried: 2 upstream calls, the second answers', async () => {
    const w = await world({ timeoutMs: 100 });
    w.fake.fail(POINT, { delayMs: 400 });
    const reply = await w.get(POINT);
    assert.equal(reply.status, 200);
    // The slow answer lands after the client gave up; the fake still counts the call.
    await until(() => w.fake.count(POINT) >= 2, 'the slow answer');
    assert.equal(w.fake.count(POINT), 2);
  });

  test("at most 2 retries: three 503s give 3 calls and a 503 problem with upstream's Retry-After", async () => {
    const w = await world();
    const fault = { status: 503, body: fixtureText('problem_unavailable_503.json'), headers: { 'retry-after': '1' } };
    w.fake.fail(POINT, fault, fault, fault);
    const reply = await w.get(POINT);
    assert.equal(w.fake.count(POINT), 3);
    assert.equal(reply.status, 503);
    assert.equal(reply.headers.get('retry-after'), '1');
  });

  test('a 503 asking to wait longer than a retry may (Retry-After: 120) is not asked again: 1 call', async () => {
    const w = await world();
    const fault = { status: 503, body: fixtureText('problem_unavailable_503.json'), headers: { 'retry-after': '120' } };
    w.fake.fail(POINT, fault, fault, fault);
    const reply = await w.get(POINT);
    assert.equal(w.fake.count(POINT), 1);
    assert.equal(reply.status, 503);
    assert.equal(reply.headers.get('content-type'), 'application/problem+json');
    assert.equal(reply.headers.get('retry-after'), '120');
    assert.match(reply.body.detail, /answered 503/);
    assert.equal(reply.body.type, 'http://taskcast.test/problems/UnexpectedProblem');
  });

  test("persistent 500s without a cached copy: 3 calls, a 502 problem, never upstream's body", async () => {
    const w = await world();
    w.fake.outage({ status: 500, body: fixtureText('problem_unexpected_500.json') });
    const reply = await w.get(POINT);
    assert.equal(w.fake.count(POINT), 3);
    assert.equal(reply.status, 502);
    assert.equal(reply.headers.get('retry-after'), null);
    assert.doesNotMatch(reply.text, new RegExp(w.fake.origin));
  });

  test('stale-if-error: during an outage the cached copy is served, X-Cache STALE, max-age 0', async () => {
    const w = await world();
    const fresh = await w.get(POINT);
    w.advance(600);
    w.fake.outage({ status: 503, body: fixtureText('problem_unavailable_503.json') });
    const stale = await w.get(POINT);
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('x-cache'), 'STALE');
    assert.equal(stale.headers.get('cache-control'), 'public, max-age=0');
    assert.deepEqual(stale.body, fresh.body);
    assert.equal(w.fake.count(POINT), 1 + 3, 'one fill, then a first try and two retries');
  });

  test('no stale copy of a document upstream marked must-revalidate or proxy-revalidate', async () => {
    for (const directive of ['must-revalidate', 'proxy-revalidate']) {
      const w = await world();
      w.fake.fail(POINT, {
        status: 200,
        contentType: 'application/geo+json',
        body: fixtureText('points.json'),
        headers: { 'cache-control': `public, max-age=60, ${directive}` },
      });
      assert.equal((await w.get(POINT)).headers.get('x-cache'), 'MISS');
      w.advance(61);
      w.fake.outage({ status: 503, body: fixtureText('problem_unavailable_503.json') });
      const refused = await w.get(POINT);
      assert.equal(refused.status, 503, directive);
      assert.equal(refused.headers.get('content-type'), 'application/problem+json');
    }
  });

  test('stale-if-error also covers network failure (upstream gone)', async () => {
    const w = await world();
    await w.get(POINT);
    w.advance(600);
    await w.fake.close();
    const stale = await w.get(POINT);
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('x-cache'), 'STALE');
  });

  test('no stale copy beyond UPSTREAM_STALE_MAX_S: the outage shows as a problem', async () => {
    const w = await world({ staleMaxSeconds: 300 });
    await w.get(POINT);
    w.advance(301);
    w.fake.outage({ status: 503, body: fixtureText('problem_unavailable_503.json') });
    const reply = await w.get(POINT);
    assert.equal(reply.status, 503);
    assert.equal(w.fake.count(POINT), 4);
  });

  test("the CDN's HTML 403 page never reaches the client: a problem+json 502 that says what upstream did", async () => {
    const w = await world();
    w.fake.fail(POINT, { status: 403, contentType: 'text/html', body: CDN_403_PAGE });
    const reply = await w.get(POINT);
    assert.equal(w.fake.count(POINT), 1, '403 is not retried');
    assert.equal(reply.status, 502);
    assert.equal(reply.headers.get('content-type'), 'application/problem+json');
    assert.deepEqual(Object.keys(reply.body).sort(), [
      'correlationId',
      'detail',
      'instance',
      'status',
      'title',
      'type',
    ]);
    assert.match(reply.body.detail, /answered 403 Forbidden with a text\/html body instead of JSON/);
    assert.doesNotMatch(reply.text, /<HTML|Access Denied/i);
  });

  test('an upstream 4xx problem passes through with its status and its links rewritten', async () => {
    const w = await world();
    const reply = await w.get('/points/10,10');
    assert.equal(w.fake.count('/points/10,10'), 1);
    assert.equal(reply.status, 404);
    assert.equal(reply.headers.get('content-type'), 'application/problem+json');
    assert.equal(reply.body.type, 'http://taskcast.test/problems/NotFound');
    assert.match(reply.body.instance, /^http:\/\/taskcast\.test\/requests\//);
    assert.equal(reply.body.correlationId, reply.headers.get('x-correlation-id'));
  });

  test('an upstream 429 (an unannounced rate limit) becomes a 503 with its Retry-After, without retries', async () => {
    const w = await world();
    w.fake.fail('/stations/KSLC', {
      status: 429,
      body: '{"title":"Too Many Requests","status":429}',
      headers: { 'retry-after': '30' },
    });
    const limited = await w.get('/stations/KSLC');
    assert.equal(limited.status, 503);
    assert.equal(limited.headers.get('retry-after'), '30');
    assert.equal(w.fake.count('/stations/KSLC'), 1, '429 is not hammered with retries');
  });
});

describe('observability', () => {
  test('GET /metrics: Prometheus text with requests by route and status, upstream calls, retries, cache results', async () => {
    const w = await world();
    w.fake.fail('/stations/KSLC', { status: 500 });
    await w.get('/stations/KSLC');
    await w.get('/stations/KSLC');
    const response = await w.app.fetch(new Request('http://taskcast.test/metrics'));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    assert.match(text, /# TYPE taskcast_http_requests_total counter/);
    assert.match(text, /taskcast_http_requests_total\{method="GET",route="\/stations\/:id",status="200"\} \d+/);
    assert.match(text, /taskcast_upstream_calls_total\{status="500"\} \d+/);
    assert.match(text, /taskcast_upstream_retries_total \d+/);
    assert.match(text, /taskcast_upstream_cache_total\{result="HIT"\} \d+/);
    assert.match(text, /taskcast_upstream_cache_total\{result="MISS"\} \d+/);
  });

  test('GET /metrics: the bytes and documents the upstream cache holds, as gauges', async () => {
    const w = await world();
    await w.get('/stations/KSLC');
    await w.get('/points/39.7456,-97.0892');
    const text = await (await w.app.fetch(new Request('http://taskcast.test/metrics'))).text();
    const held = w.provider.cache.lru.calculatedSize;
    assert.ok(held > 1000, `${held} bytes held`);
    assert.match(text, new RegExp(`^taskcast_upstream_cache_bytes ${held}$`, 'm'));
    assert.match(text, new RegExp(`^taskcast_upstream_cache_entries ${w.provider.cache.lru.size}$`, 'm'));
  });
});
