import { http, type HttpHandler } from 'msw';
import { failedAnswer } from './msw-failed-answer.ts';
import type { Scenario } from '../../adapters/forecast/control/scenario.ts';
import { disposable, type AsyncDisposableWhereKnown } from './disposable.ts';
import { controlsOf, createWeatherGov, type WeatherGovControls, type WeatherGovOptions } from './weather-gov.ts';

export type { WeatherGovControls } from './weather-gov.ts';
export * from './control-exports.ts';

/**
 * What `taskcast/msw/browser` takes: taskcast/msw's options, but a page has no files, so a scenario is a
 * document (fetch a JSON file yourself if you keep one) and there is no replay folder.
 */
export interface BrowserWeatherGovOptions extends Omit<WeatherGovOptions, 'scenario' | 'replay'> {
  readonly scenario?: Scenario;
}

/** The controls a page gets: loadScenario takes a document, for the same reason. */
export interface BrowserWeatherGovControls extends Omit<WeatherGovControls, 'loadScenario'> {
  loadScenario(this: void, scenario: Scenario): Scenario;
}

/** api.weather.gov for MSW's setupWorker: the handlers, the origin they answer, and the controls. */
export interface BrowserWeatherGovHandlers extends BrowserWeatherGovControls {
  readonly handlers: HttpHandler[];
  readonly origin: string;
}

/**
 * `taskcast/msw/browser`: the handlers of `taskcast/msw` for `setupWorker(...handlers)` in a web page. The
 * model runs in the page itself (MSW's service worker hands each request to the page), from the build's
 * bundle (dist/browser/msw.js) which embeds the data files: no Taskcast server, nothing fetched.
 */
export async function weatherGovHandlers(
  options: BrowserWeatherGovOptions = {},
): Promise<BrowserWeatherGovHandlers & AsyncDisposableWhereKnown> {
  const nws = await createWeatherGov(options);
  // The same split of paths as the server's, and 'manual': the page's fetch follows redirects itself.
  const handler = http.all(
    ({ request }) => nws.answers(request.url),
    async ({ request }) => {
      try {
        return await nws.respond(request, { redirect: 'manual', headers: asSent(request.headers) });
      } catch (error) {
        return failedAnswer(error, request);
      }
    },
  );
  return disposable({ handlers: [handler], ...controlsOf(nws) });
}

/**
 * The request's headers as api.weather.gov receives them: the page's fetch cannot set User-Agent (the
 * browser adds its own on the wire), so the handler sees none, and the double would answer 403 as
 * api.weather.gov answers a request without one. The browser's own is added, as on the wire.
 */
function asSent(headers: Headers): [string, string][] {
  const pairs = [...headers];
  if (!headers.has('user-agent')) pairs.push(['user-agent', globalThis.navigator?.userAgent ?? 'browser']);
  return pairs;
}
