import { HTTPResponse, type H3, type H3Event } from 'h3';
import type { ForecastControlPort } from '../../../application/forecast/forecast-controls.ts';
import { ValidationError } from '../../../domain/shared/validation-error.ts';
import { HttpProblem } from '../http-problem.ts';
import { readJsonBody } from '../read-json-body.ts';
import { ADMIN_COOKIE, checkAdminToken } from './admin-auth.ts';
import { adminProblem, AdminBadRequest, json } from './admin-responses.ts';
import { parseClockSetting } from './clock-body.ts';
import { controlPage } from './control-page.ts';
import { scenarioJsonSchema } from '../../forecast/control/scenario-json-schema.ts';
import { ScenarioInvalid, type Scenario, type ScenarioFault } from '../../forecast/control/scenario-schema.ts';

export interface AdminOptions {
  /** ADMIN_TOKEN, at least 32 characters; the routes exist only when it is set. */
  readonly token: string;
  readonly controls: ForecastControlPort<Scenario, ScenarioFault>;
  /** The replayed bundle's paths, for the page's links (none unless FORECAST_PROVIDER=replay). */
  readonly bundlePaths?: () => string[];
}

type AdminHandler = (event: H3Event) => Promise<HTTPResponse> | HTTPResponse;

/**
 * The test-double controls under /_taskcast/. They carry no User-Agent rule (a test harness is not an API
 * client) and answer their own JSON, so a mistake here never looks like an api.weather.gov problem.
 */
export function registerAdminRoutes(app: H3, options: AdminOptions): void {
  const route = (path: string, methods: Record<string, AdminHandler>): void => {
    const allow = Object.keys(methods).join(', ');
    app.all(path, async (event) => {
      const fromQuery =
        path.startsWith('/_taskcast/') && path.length > '/_taskcast/'.length
          ? null
          : event.url.searchParams.get('token');
      const outcome = checkAdminToken(event.req.headers, fromQuery, options.token);
      if (outcome.kind === 'malformed') return adminProblem(400, 'Bad Request', outcome.reason);
      if (outcome.kind === 'refused') {
        return adminProblem(401, 'Unauthorized', 'The admin routes need Authorization: Bearer <ADMIN_TOKEN>.', {
          'www-authenticate': 'Bearer realm="taskcast-admin"',
        });
      }
      const method = event.req.method === 'HEAD' ? 'GET' : event.req.method;
      const handler = methods[method];
      if (!handler)
        return adminProblem(405, 'Method Not Allowed', `${event.req.method} is not supported here; use ${allow}.`, {
          allow,
        });
      try {
        return await handler(event);
      } catch (error) {
        if (error instanceof ScenarioInvalid)
          return adminProblem(
            400,
            'Bad Request',
            `The scenario does not match the schema at ${error.path || 'its root'}: ${error.reason}.`,
            {},
            error.path,
          );
        if (error instanceof AdminBadRequest) return adminProblem(400, 'Bad Request', error.message, {}, error.path);
        // The body reader's own refusals: empty or malformed JSON, an oversized body.
        if (error instanceof ValidationError)
          return adminProblem(400, 'Bad Request', error.message, {}, error.details[0]?.path ?? '');
        if (error instanceof HttpProblem) return adminProblem(error.status, error.code, error.message, error.headers);
        throw error;
      }
    });
  };

  // The page, for a browser: `?token=` once sets a cookie (HttpOnly, SameSite=Strict, path /_taskcast) and
  // drops the token from the address bar; after that the page and its script use the cookie.
  const page: AdminHandler = (event) => {
    const given = event.url.searchParams.get('token');
    if (given !== null) return tokenCookieRedirect(given, event.url.protocol === 'https:');
    return controlPage(options.controls, options.bundlePaths?.() ?? []);
  };
  route('/_taskcast', { GET: page });
  route('/_taskcast/', { GET: page });

  route('/_taskcast/clock', {
    GET: () => json(options.controls.clockState()),
    PUT: async (event) => {
      const setting = parseClockSetting(await readJsonBody(event));
      return json(options.controls.setClock(setting.now, setting.rate));
    },
  });

  route('/_taskcast/scenario', {
    GET: () => json(scenarioState(options.controls)),
    PUT: async (event) => {
      options.controls.loadScenario(await readJsonBody(event));
      return json(scenarioState(options.controls));
    },
    DELETE: () => {
      options.controls.clearScenario();
      return json(scenarioState(options.controls));
    },
  });

  route('/_taskcast/scenario.schema.json', {
    GET: () =>
      new HTTPResponse(`${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`, {
        headers: { 'content-type': 'application/schema+json', 'cache-control': 'no-store' },
      }),
  });
}

/** The scenario in force (null: the plain model), the clock, and what is left of each fault. */
export function scenarioState(controls: ForecastControlPort) {
  const inForce = controls.scenario();
  return {
    scenario: inForce?.scenario ?? null,
    anchor: inForce ? new Date(inForce.anchorMs).toISOString() : null,
    clock: controls.clockState(),
    faults: controls.faultsInForce(),
  };
}

/** `?token=` on the page, once: a cookie for the rest of the visit, then the URL without the token. */
export function tokenCookieRedirect(token: string, secure: boolean): HTTPResponse {
  const attributes = ['Path=/_taskcast', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
  return new HTTPResponse(null, {
    status: 303,
    headers: { location: '/_taskcast/', 'set-cookie': `${ADMIN_COOKIE}=${encodeURIComponent(token)}; ${attributes}` },
  });
}
