/**
 * Faults beyond status codes (a body of your own, a dropped connection, Retry-After) and the switch that
 * silences the model's own alerts, through taskcast/fetch and through MSW.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupServer } from 'msw/node';
import { createWeatherGovFetch, ScenarioInvalid, type ScenarioFault } from '../../bootstrap/entry/fetch.ts';
import { weatherGovHandlers } from '../../bootstrap/entry/msw.ts';

const NOW = '2026-05-20T21:00:00Z';

describe('faults beyond status codes', () => {
  it('answers a body of your own: a truncated 200, with its content type', async () => {
    const nwsFetch = await createWeatherGovFetch({
      now: NOW,
      scenario: { faults: [{ path: '/points/*', body: '{"properties": {"forecast": "https://api.wea' }] },
    });
    const response = await nwsFetch('/points/39.7456,-97.0892');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/geo+json');
    await assert.rejects(response.json(), SyntaxError);
    await nwsFetch.close();
  });

  it('sends Retry-After with a 429 problem, and with a 2xx body', async () => {
    const nwsFetch = await createWeatherGovFetch({
      now: NOW,
      scenario: {
        faults: [
          { path: '/offices/*', status: 429, retryAfter: 30 },
          { path: '/zones/**', status: 202, body: '{}', contentType: 'application/json', retryAfter: 5 },
        ],
      },
    });
    const limited = await nwsFetch('/offices/TOP');
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '30');
    assert.equal(limited.headers.get('content-type'), 'application/problem+json');
    const accepted = await nwsFetch('/zones/forecast/KSZ040');
    assert.deepEqual([accepted.status, accepted.headers.get('retry-after'), await accepted.text()], [202, '5', '{}']);
    await nwsFetch.close();
  });

  it('drops the connection: taskcast/fetch and the app fetch through MSW reject with a TypeError', async () => {
    const scenario = { faults: [{ path: '/gridpoints/*/*/forecast', networkError: true as const }] };
    const nwsFetch = await createWeatherGovFetch({ now: NOW, scenario });
    await assert.rejects(nwsFetch('/gridpoints/TOP/32,81/forecast'), TypeError);
    await nwsFetch.close();

    const nws = await weatherGovHandlers({ now: NOW, scenario });
    const server = setupServer(...nws.handlers);
    server.listen({ onUnhandledRequest: 'error' });
    try {
      await assert.rejects(fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast'), TypeError);
      assert.equal((await fetch('https://api.weather.gov/gridpoints/TOP/32,81')).status, 200, 'only that path');
    } finally {
      server.close();
      await nws.close();
    }
  });

  // Without a User-Agent the request is copied for the app; with one, MSW's copy is given to it as it is.
  for (const [how, headers] of [
    ['copied', {}],
    ['handed over', { 'user-agent': 'weather-app' }],
  ] as const)
    it(`an app that aborts during a delay fault sees its fetch reject, and MSW prints nothing (${how})`, async () => {
      const nws = await weatherGovHandlers({
        now: NOW,
        scenario: { faults: [{ path: '/gridpoints/*/*/forecast', delayMs: 5000 }] },
      });
      const server = setupServer(...nws.handlers);
      server.listen({ onUnhandledRequest: 'error' });
      const printed: unknown[] = [];
      const { error, warn } = console;
      console.error = (...args: unknown[]) => printed.push(args);
      console.warn = (...args: unknown[]) => printed.push(args);
      try {
        const started = performance.now();
        await assert.rejects(
          fetch('https://api.weather.gov/gridpoints/TOP/32,81/forecast', { headers, signal: AbortSignal.timeout(100) }),
          (e: Error) => e.name === 'TimeoutError',
        );
        assert.ok(performance.now() - started < 2000, 'rejected at the timeout, not after the delay');
        // MSW reports a handler's exception after the fetch has rejected: give it the turns it takes.
        await new Promise((resolve) => setTimeout(resolve, 50));
        assert.deepEqual(printed, []);
      } finally {
        console.error = error;
        console.warn = warn;
        server.close();
        await nws.close();
      }
    });

  it('refuses faults that cannot hold together', async () => {
    const nwsFetch = await createWeatherGovFetch({ now: NOW });
    const faults: ScenarioFault[] = [
      { path: '/points/*', status: 200 },
      { path: '/points/*', networkError: true, status: 503 },
      { path: '/points/*', body: 'x', html: true },
      { path: '/points/*', contentType: 'text/plain', status: 500 },
    ];
    for (const fault of faults)
      assert.throws(() => nwsFetch.loadScenario({ faults: [fault] }), ScenarioInvalid, JSON.stringify(fault));
    await nwsFetch.close();
  });
});

describe('modelAlerts: false', () => {
  it("leaves the lists with the scenario's alerts alone, on a date the model issues its own", async () => {
    // 2026-01-02: the model issues winter alerts across the country.
    const nwsFetch = await createWeatherGovFetch({ now: '2026-01-02T15:00:00Z' });
    const count = async (): Promise<number> => (await (await nwsFetch('/alerts/active')).json()).features.length;
    assert.ok((await count()) > 0, 'the model has alerts of its own that day');
    nwsFetch.loadScenario({ modelAlerts: false });
    assert.equal(await count(), 0);
    nwsFetch.loadScenario({ modelAlerts: false, alerts: [{ event: 'Tornado Warning', point: [39.7456, -97.0892] }] });
    const events = (await (await nwsFetch('/alerts/active?point=39.7456,-97.0892')).json()).features.map(
      (f: { properties: { event: string } }) => f.properties.event,
    );
    assert.deepEqual(events, ['Tornado Warning']);
    nwsFetch.clearScenario();
    assert.ok((await count()) > 0, 'back with the plain model');
    await nwsFetch.close();
  });
});
