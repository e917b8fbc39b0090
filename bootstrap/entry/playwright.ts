import { Buffer } from 'node:buffer';
import { DroppedConnection } from '../../adapters/http/in-process-exchange.ts';
import { disposable, type AsyncDisposableWhereKnown } from './disposable.ts';
import { controlsOf, createWeatherGov, type WeatherGovControls, type WeatherGovOptions } from './weather-gov.ts';

export type { WeatherGovControls, WeatherGovOptions, ScenarioSource } from './weather-gov.ts';
export * from './control-exports.ts';
export { ScenarioFileUnreadable } from '../composition/scenario-file.ts';

/**
 * Node's Buffer where the app has Node's types (Playwright's Route takes and gives a Buffer, so a Page fits
 * `Routable` only if the body is one), and Uint8Array where it has not: these types need no @types/node.
 */
export type NodeBuffer = typeof globalThis extends { Buffer: { isBuffer(obj: unknown): obj is infer B } }
  ? B
  : Uint8Array;

/**
 * The parts of Playwright's Route this helper uses. Written out rather than imported, so the types of
 * taskcast/playwright compile without Playwright installed, and take @playwright/test's and playwright-core's
 * objects alike.
 */
export interface RoutedRequest {
  url(): string;
  method(): string;
  allHeaders(): Promise<Record<string, string>>;
  postDataBuffer(): NodeBuffer | null;
}
export interface WeatherGovRoute {
  request(): RoutedRequest;
  fulfill(response: { status: number; headers: Record<string, string>; body: NodeBuffer }): Promise<void>;
  abort(errorCode?: string): Promise<void>;
}
/** A Playwright Page or BrowserContext: what `route` and `unroute` are called on. */
export interface Routable {
  route(url: (url: URL) => boolean, handler: (route: WeatherGovRoute) => Promise<void>): Promise<unknown>;
  unroute(url: (url: URL) => boolean, handler?: (route: WeatherGovRoute) => Promise<void>): Promise<void>;
}

/** What `routeWeatherGov` gives back: the controls, the origin routed, and `close()` which unroutes. */
export interface WeatherGovRouting extends WeatherGovControls {
  readonly origin: string;
}

/**
 * `taskcast/playwright`: answers the page's (or the context's) requests to api.weather.gov from the double
 * in this Node process (the test's), through Playwright's `route`. The browser sees what the server would
 * send, CORS headers included; a `networkError` fault aborts the request as a dropped connection. A
 * redirect (a point with more than 4 decimals) is followed in Node, since Playwright's route does not see
 * the request a redirect makes: the page gets the final answer, but `response.url` stays the URL it asked
 * and `response.redirected` false. Requests to other origins, and Taskcast's own paths, are left to other routes
 * and the network. `close()` unroutes and releases the double.
 */
export async function routeWeatherGov(
  target: Routable,
  options: WeatherGovOptions = {},
): Promise<WeatherGovRouting & AsyncDisposableWhereKnown> {
  const nws = await createWeatherGov(options);
  const matches = (url: URL): boolean => nws.answers(url.href);
  const handler = async (route: WeatherGovRoute): Promise<void> => {
    const request = route.request();
    let response: Response;
    try {
      response = await nws.respond(request.url(), {
        method: request.method(),
        headers: await request.allHeaders(),
        body: request.postDataBuffer() as BodyInit | null,
        // Followed here: the browser would follow a fulfilled 301, but Playwright's route never sees the
        // request that follows (it goes to the network), so the page gets the final answer at the URL it asked.
        redirect: 'follow',
      });
    } catch (error) {
      if (error instanceof DroppedConnection) return route.abort('connectionreset');
      throw error;
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    // A Buffer, not any Uint8Array: Playwright sends a body that is not a string as `body.toString('base64')`.
    await route.fulfill({ status: response.status, headers, body: Buffer.from(await response.arrayBuffer()) });
  };
  await target.route(matches, handler);
  const controls = controlsOf(nws);
  return disposable({
    ...controls,
    close: async () => {
      await target.unroute(matches, handler);
      await controls.close();
    },
  });
}
