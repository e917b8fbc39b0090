/**
 * MSW's copy of an intercepted request goes to the h3 app as it is when it can (handed-over.ts): the answers
 * are those of a request copied for the app, status, headers and bytes, and a redirect is still returned to
 * the app's fetch, which follows it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setupServer } from 'msw/node';
import { createWeatherGovFetch } from '../../bootstrap/entry/fetch.ts';
import { weatherGovHandlers, type WeatherGovHandlers } from '../../bootstrap/entry/msw.ts';

const NOW = '2026-05-20T21:00:00Z';
const PATHS = [
  '/points/39.7456,-97.0892',
  '/gridpoints/TOP/32,81/forecast',
  '/alerts/active?point=39.7456,-97.0892',
  '/points/39.74561,-97.08921',
  '/no/such/path',
];
/** Headers that differ from one answer to the next whichever way the request went. */
const VARYING = new Set(['x-correlation-id', 'date']);

let nws: WeatherGovHandlers;
let server: ReturnType<typeof setupServer>;
before(async () => {
  nws = await weatherGovHandlers({ now: NOW });
  server = setupServer(...nws.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
after(async () => {
  server.close();
  await nws.close();
});

/** A problem's body names its request by a fresh id: the rest must match byte for byte. */
const sameIds = (text: string): string =>
  text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');

const headersOf = (response: Response): [string, string][] =>
  [...response.headers].filter(([name]) => !VARYING.has(name));

test('a request handed over as it is gets the answer of one copied for the app', async () => {
  const nwsFetch = await createWeatherGovFetch({ now: NOW });
  try {
    for (const path of PATHS) {
      for (const redirect of ['manual', 'follow'] as const) {
        const init = { headers: { 'user-agent': 'weather-app', accept: 'application/geo+json' }, redirect };
        const viaMsw = await fetch(`https://api.weather.gov${path}`, init);
        const copied = await nwsFetch(`https://api.weather.gov${path}`, init);
        assert.equal(viaMsw.status, copied.status, `${path} ${redirect}`);
        assert.deepEqual(headersOf(viaMsw), headersOf(copied), `${path} ${redirect}`);
        assert.equal(sameIds(await viaMsw.text()), sameIds(await copied.text()), `${path} ${redirect}`);
        assert.equal(viaMsw.redirected, copied.redirected, `${path} ${redirect}`);
      }
    }
  } finally {
    await nwsFetch.close();
  }
});
