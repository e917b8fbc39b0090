import type { HttpHandler } from 'msw';
import { disposable, type AsyncDisposableWhereKnown } from './disposable.ts';
import { failedAnswer } from './msw-failed-answer.ts';
import { handedOver } from './handed-over.ts';
import { importPeer } from './import-peer.ts';
import { controlsOf, createWeatherGov, type WeatherGovControls, type WeatherGovOptions } from './weather-gov.ts';

export type { WeatherGovControls, WeatherGovOptions, ScenarioSource } from './weather-gov.ts';
export * from './control-exports.ts';
export { ScenarioFileUnreadable } from '../composition/scenario-file.ts';

/** api.weather.gov for MSW: the handlers to give `setupServer` (or `server.use`), and the controls. */
export interface WeatherGovHandlers extends WeatherGovControls {
  readonly handlers: HttpHandler[];
  /** The origin the handlers answer, `https://api.weather.gov` unless the `origin` option said otherwise. */
  readonly origin: string;
}

/** What importing `taskcast/msw`'s handlers says when msw is not installed: one line that says what to do. */
export const MSW_MISSING = 'taskcast/msw needs the msw package: npm install --save-dev msw';

/**
 * MSW handlers that answer every forecast path on `origin` exactly as `npm start` does (the same h3 app, the
 * same clock and scenario), in-process: no server, no port, no network. A request to another origin, or to
 * Taskcast's own task API, /health, /metrics or /_taskcast/, is not matched, so MSW's onUnhandledRequest
 * decides what happens to it.
 */
export async function weatherGovHandlers(
  options: WeatherGovOptions = {},
): Promise<WeatherGovHandlers & AsyncDisposableWhereKnown> {
  const http = await importMswHttp();
  const nws = await createWeatherGov(options);
  // A predicate rather than a `${origin}/*` pattern: the same split of paths as the server's (msw ≥ 2.11).
  // MSW gives the answer to the app's own fetch, which follows redirects itself: so 'manual' here.
  const handler = http.all(
    ({ request }) => nws.answers(request.url),
    async ({ request }) => {
      // MSW's own copy of the intercepted request, which no caller holds: the app may take it as it is.
      handedOver.add(request);
      try {
        return await nws.respond(request, { redirect: 'manual' });
      } catch (error) {
        return failedAnswer(error, request);
      }
    },
  );
  return disposable({ handlers: [handler], ...controlsOf(nws) });
}

type MswHttp = (typeof import('msw'))['http'];

/**
 * Where `http` lives, cheapest first: msw 2's `msw/core/http` and msw 3's `msw/http` load only the HTTP
 * handlers, where `msw` itself also loads GraphQL (about 0.15 s more).
 */
const HTTP_ENTRIES = ['msw/core/http', 'msw/http', 'msw'] as const;

/**
 * msw is an optional peer dependency, so it is imported here, when the handlers are asked for: a static
 * import would fail while the module graph loads, where nothing can catch it, with a resolution stack
 * instead of the fix.
 */
async function importMswHttp(): Promise<MswHttp> {
  for (const entry of HTTP_ENTRIES) {
    try {
      const module = (await importPeer(entry)) as { http?: MswHttp };
      if (module.http) return module.http;
    } catch (error) {
      const { code, message } = error as NodeJS.ErrnoException;
      if (code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') continue; // another major version of msw: the next entry
      // Only msw itself missing; a broken msw install (one of its own dependencies missing) is its own error.
      if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && /['"]msw['"]/.test(message))
        // eslint-disable-next-line preserve-caught-error -- one line that says what to do, not the resolver's stack
        throw new Error(MSW_MISSING);
      throw error;
    }
  }
  throw new Error(`${MSW_MISSING} (the installed msw has no http handlers: taskcast/msw needs msw 2.11 or later)`);
}
