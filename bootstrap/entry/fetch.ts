import { URL as NodeURL } from 'node:url';
import { readRequestParts } from '../../adapters/http/in-process-exchange.ts';
import { disposable, type AsyncDisposableWhereKnown } from './disposable.ts';
import { controlsOf, createWeatherGov, type WeatherGovControls, type WeatherGovOptions } from './weather-gov.ts';

export type { WeatherGovControls, WeatherGovOptions, ScenarioSource } from './weather-gov.ts';
export * from './control-exports.ts';
export { ScenarioFileUnreadable } from '../composition/scenario-file.ts';

/**
 * A fetch that answers as api.weather.gov, with the controls on it: give it to a client that takes a fetch,
 * assign it to globalThis.fetch, or call it from another interceptor (Playwright's page.route, nock, …).
 */
export interface WeatherGovFetch extends WeatherGovControls {
  (input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The origin answered, `https://api.weather.gov` unless the `origin` option said otherwise. */
  readonly origin: string;
}

/**
 * `taskcast/fetch`: what `taskcast/msw` answers, without MSW. A path alone (`/points/39.7,-97.1`) is read
 * against the origin. A request to another origin, or to Taskcast's task API, /health, /metrics or
 * /_taskcast/, is refused with a TypeError, as fetch refuses what it cannot reach: the code under test
 * meant some other server, and nothing leaves the process.
 */
export async function createWeatherGovFetch(
  options: WeatherGovOptions = {},
): Promise<WeatherGovFetch & AsyncDisposableWhereKnown> {
  const nws = await createWeatherGov(options);
  const weatherGovFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const parts = await readRequestParts(input, init, nws.origin);
    if (!nws.answers(parts.url)) {
      const url = new NodeURL(parts.url);
      const what =
        url.origin === nws.origin
          ? `${url.pathname} is Taskcast's own, not api.weather.gov's`
          : `it answers ${nws.origin} only`;
      throw new TypeError(`taskcast/fetch cannot answer ${parts.method} ${parts.url}: ${what}.`);
    }
    return nws.respond(parts.url, {
      method: parts.method,
      headers: parts.headers,
      body: parts.body as BodyInit | null,
      signal: parts.signal,
      redirect: parts.redirect,
    });
  };
  return disposable(Object.assign(weatherGovFetch, controlsOf(nws)));
}
