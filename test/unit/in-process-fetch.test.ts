/**
 * The in-process fetch of the library (`forecast.fetch`) and of taskcast/fetch, as fetch behaves: realm-free
 * input, the 500s it logs, AbortSignal, redirects, url and redirected. (The runners themselves, jsdom,
 * happy-dom, edge-runtime and Jest, are in test/e2e/test-runners.test.ts.)
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { createTaskcast, type Taskcast } from '../../bootstrap/entry/library.ts';
import { createWeatherGovFetch } from '../../bootstrap/entry/fetch.ts';

const POINT = 'https://api.weather.gov/points/39.7456,-97.0892';
/** Five decimals: api.weather.gov answers 301 to the four-decimal point. */
const LONG_POINT = 'https://api.weather.gov/points/39.74561,-97.08921';

describe('the in-process fetch', () => {
  let taskcast: Taskcast;
  before(async () => {
    taskcast = await createTaskcast({ storage: 'memory', forecastProvider: 'embedded', lazyForecastData: true });
    taskcast.forecast!.setClock('2026-05-20T21:00:00Z');
  });
  after(() => taskcast.close());

  it('reads requests of another realm through their accessors, not instanceof', async () => {
    // What a DOM environment hands over: objects that look like a URL and a Request, of no Node class.
    const foreignUrl = { href: POINT, toString: () => POINT };
    const foreignRequest = {
      url: POINT,
      method: 'GET',
      headers: { forEach: (f: (v: string, k: string) => void) => f('app (me@example.com)', 'user-agent') },
      signal: undefined,
      redirect: 'follow',
      arrayBuffer: async () => new ArrayBuffer(0),
    };
    for (const input of [foreignUrl, foreignRequest]) {
      const response = await taskcast.forecast!.fetch(input as unknown as Request);
      assert.equal(response.status, 200);
      assert.ok(response instanceof Response, 'the answer is a Response of the caller');
      assert.equal((await response.json()).properties.gridId, 'TOP');
    }
  });

  it('logs why when an answer is a 500', async () => {
    const useCases = taskcast.forecast!.useCases;
    const original = useCases.resolvePoint.execute.bind(useCases.resolvePoint);
    const errors = mock.method(console, 'error', () => {});
    useCases.resolvePoint.execute = () => Promise.reject(new Error('the grid file is gone'));
    try {
      const response = await taskcast.forecast!.fetch(POINT);
      assert.equal(response.status, 500);
      assert.equal(errors.mock.callCount(), 1);
      assert.match(String(errors.mock.calls[0]!.arguments[0]), /^taskcast: unhandled error/);
      assert.match(String(errors.mock.calls[0]!.arguments[1]), /the grid file is gone/);
    } finally {
      useCases.resolvePoint.execute = original;
      errors.mock.restore();
    }
  });

  it('rejects with the reason of an already aborted signal, before answering', async () => {
    const reason = new Error('the test gave up');
    await assert.rejects(taskcast.forecast!.fetch(POINT, { signal: AbortSignal.abort(reason) }), (e) => e === reason);
    await assert.rejects(
      taskcast.forecast!.fetch(POINT, { signal: AbortSignal.abort() }),
      (e: Error) => e.name === 'AbortError',
    );
  });

  it("rejects at once when the signal aborts during a fault's delay, and the delay's timer goes", async () => {
    taskcast.forecast!.loadScenario({ faults: [{ path: '/points/*', delayMs: 5000 }] });
    try {
      const started = performance.now();
      const pending = taskcast.forecast!.fetch(POINT, { signal: AbortSignal.timeout(100) });
      await assert.rejects(pending, (e: Error) => e.name === 'TimeoutError');
      const took = performance.now() - started;
      assert.ok(took < 1000, `rejected after ${took.toFixed(0)} ms, not at the end of the 5 s delay`);
      // No timer of the delay is left: the only pending timers would be the fault's.
      await new Promise((resolve) => setImmediate(resolve));
      const timers = process.getActiveResourcesInfo().filter((r) => r === 'Timeout');
      assert.equal(timers.length, 0, `timers left: ${timers.length}`);
    } finally {
      taskcast.forecast!.clearScenario();
    }
  });

  it('follows a redirect by default, and sets url and redirected', async () => {
    const response = await taskcast.forecast!.fetch(LONG_POINT);
    assert.equal(response.status, 200);
    assert.equal(response.redirected, true);
    assert.equal(response.url, POINT);
    const direct = await taskcast.forecast!.fetch(POINT);
    assert.equal(direct.redirected, false);
    assert.equal(direct.url, POINT);
  });

  it("answers the redirect itself with redirect: 'manual', and fails with redirect: 'error'", async () => {
    const manual = await taskcast.forecast!.fetch(LONG_POINT, { redirect: 'manual' });
    assert.equal(manual.status, 301);
    assert.equal(manual.headers.get('location'), POINT);
    assert.equal(manual.redirected, false);
    await assert.rejects(taskcast.forecast!.fetch(LONG_POINT, { redirect: 'error' }), (e: Error) => {
      assert.equal(e.name, 'TypeError');
      assert.match(String((e.cause as Error).message), /redirect/);
      return true;
    });
  });
});

describe('taskcast/fetch', () => {
  it('honours the signal and follows redirects as the library does', async () => {
    const nwsFetch = await createWeatherGovFetch({ now: '2026-05-20T21:00:00Z' });
    const followed = await nwsFetch('/points/39.74561,-97.08921');
    assert.deepEqual([followed.status, followed.redirected, followed.url], [200, true, POINT]);
    const reason = new Error('gave up');
    await assert.rejects(
      nwsFetch('/points/39.7456,-97.0892', { signal: AbortSignal.abort(reason) }),
      (e) => e === reason,
    );
  });
});
