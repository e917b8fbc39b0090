import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createUpstreamClient, UpstreamUnreachable } from '../../../../adapters/forecast/upstream/upstream-client.ts';
import { startFakeUpstream, type FakeUpstream } from '../../../support/fake-nws-upstream.ts';
import { until } from '../../../support/until.ts';

let fake: FakeUpstream;
before(async () => {
  fake = await startFakeUpstream();
});
after(async () => {
  await fake.close();
});

function client(extra: Partial<Parameters<typeof createUpstreamClient>[0]> = {}) {
  const sleeps: number[] = [];
  const c = createUpstreamClient({
    baseUrl: fake.origin,
    userAgent: 'ua',
    timeoutMs: 2000,
    backoffMs: 100,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...extra,
  });
  return { c, sleeps };
}

test('exponential backoff with jitter between the retries of 502, 504', async () => {
  fake.reset();
  fake.fail('/stations/KSLC', { status: 502 }, { status: 504 });
  const { c, sleeps } = client();
  const reply = await c.get('/stations/KSLC');
  assert.equal(reply.status, 200);
  assert.equal(reply.retries, 2);
  assert.equal(fake.count(), 3);
  // step 100 then 200; equal jitter at random()=0.5 is 3/4 of the step.
  assert.deepEqual(sleeps, [75, 150]);
});

test('4xx and 200 are not retried', async () => {
  fake.reset();
  fake.fail('/stations/KSLC', { status: 400, body: '{}' });
  const { c } = client();
  assert.equal((await c.get('/stations/KSLC')).status, 400);
  assert.equal(fake.count(), 1);
});

test('a short Retry-After is honoured as the backoff', async () => {
  fake.reset();
  fake.fail('/stations/KSLC', { status: 503, headers: { 'retry-after': '1' } });
  const { c, sleeps } = client({ maxBackoffMs: 2000 });
  await c.get('/stations/KSLC');
  assert.deepEqual(sleeps, [1000]);
});

test('timeouts are retried, then reported as UpstreamUnreachable after 3 attempts', async () => {
  fake.reset();
  fake.fail('/stations/KSLC', { delayMs: 400 }, { delayMs: 400 }, { delayMs: 400 });
  const { c } = client({ timeoutMs: 50 });
  await assert.rejects(
    c.get('/stations/KSLC'),
    (e: unknown) => e instanceof UpstreamUnreachable && e.reason === 'timeout' && e.retries === 2,
  );
  // The slow answers land after the client gave up; the fake counts each when it answers.
  await until(() => fake.count() >= 3, 'the three slow answers');
  assert.equal(fake.count(), 3);
});

test('network errors are retried and reported', async () => {
  let calls = 0;
  const failing: typeof fetch = async () => {
    calls++;
    throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
  };
  const { c } = client({ fetch: failing });
  await assert.rejects(
    c.get('/x'),
    (e: unknown) => e instanceof UpstreamUnreachable && e.reason === 'network' && /ECONNREFUSED/.test(e.message),
  );
  assert.equal(calls, 3);
});

test('a body that breaks off after the status line is reported as such, not as an upstream out of reach', async () => {
  let calls = 0;
  const brokenBody: typeof fetch = async () => {
    calls++;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"type":"Fea'));
        controller.error(new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } }));
      },
    });
    return new Response(body, { status: 200, statusText: 'OK', headers: { 'content-type': 'application/geo+json' } });
  };
  const { c } = client({ fetch: brokenBody });
  await assert.rejects(c.get('/x'), (e: unknown) => {
    assert.ok(e instanceof UpstreamUnreachable);
    assert.equal(e.reason, 'network');
    assert.equal(
      e.message,
      'The upstream forecast service answered 200 OK but its body could not be read (UND_ERR_SOCKET), 3 attempts.',
    );
    return true;
  });
  assert.equal(calls, 3, 'retried as any network failure');
});
