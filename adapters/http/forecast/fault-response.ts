import { randomBytes } from 'node:crypto';
import { newCorrelationId } from '../correlation-id.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { HTTPResponse, type H3Event, type Middleware } from 'h3';
import type { ForecastControlPort } from '../../../application/forecast/forecast-controls.ts';
import type { ScenarioFault } from '../../forecast/control/scenario-schema.ts';
import { baseUrlOf, type BaseUrlOptions } from './base-url.ts';
import { requestUrl } from '../request-url.ts';
import { callerSignal, NETWORK_ERROR_HEADER } from '../in-process-exchange.ts';
import { PROBLEM_TYPE } from './problem.ts';

/** What an answer to a client that has gone is (nginx's convention); nobody reads it. */
const CLIENT_CLOSED_REQUEST = 499;

/**
 * The bodies api.weather.gov fails with, as it sends them (test/fixtures/nws/problem_*.json): pretty-printed
 * with four spaces, members in its order, `type` and `instance` under {base} as every link here.
 */
const PROBLEMS = {
  ForecastGridExpired: {
    status: 503,
    title: 'Forecast Grid Expired',
    detail: (issued: string) => `The requested forecast grid was issued ${issued} and has expired.`,
  },
  UnexpectedProblem: { status: 500, title: 'Unexpected Problem', detail: () => 'An unexpected problem has occurred.' },
  UnavailableWebService: {
    status: 503,
    title: 'Unavailable Resource',
    detail: () => 'The resource you requested is currently unavailable. Please try again later.',
  },
} as const;

/** How long before the forecast clock a "expired" grid says it was issued: a missed update cycle. */
const EXPIRED_GRID_AGE_MS = 6 * 3_600_000 + 17 * 60_000 + 50_000;

/**
 * The scenario's faults on forecast requests: added latency, then (if the fault has a status) the real
 * failure instead of the answer. Undefined: no fault, serve as usual. Without a fault the answer is given
 * at once, not as a promise, so the request goes on in the same step (it runs before every forecast route).
 */
export function faultResponse(
  event: H3Event,
  controls: ForecastControlPort<unknown, ScenarioFault>,
  options: BaseUrlOptions,
): Promise<HTTPResponse | undefined> | undefined {
  const fault = controls.takeFault(event.req.method === 'HEAD' ? 'HEAD' : event.req.method, event.url.pathname);
  return fault ? faultAnswer(event, fault, controls, options) : undefined;
}

/** The faults as middleware, in front of the forecast routes as the CDN and api.weather.gov's failures are. */
export function faultMiddleware(
  controls: ForecastControlPort<unknown, ScenarioFault>,
  options: BaseUrlOptions,
): Middleware {
  return (event) => faultResponse(event, controls, options);
}

async function faultAnswer(
  event: H3Event,
  fault: ScenarioFault,
  controls: ForecastControlPort<unknown, ScenarioFault>,
  options: BaseUrlOptions,
): Promise<HTTPResponse | undefined> {
  if (fault.delayMs) {
    // The delay ends with the caller: an in-process fetch's AbortSignal, or the HTTP client going away.
    // Otherwise its timer would hold the process open for the rest of the delay after nobody waits for it.
    const signal = callerSignal(event.context) ?? event.req.signal;
    try {
      await sleep(fault.delayMs, undefined, { signal });
    } catch (error) {
      if (signal?.aborted) return new HTTPResponse(null, { status: CLIENT_CLOSED_REQUEST });
      throw error;
    }
  }
  if (fault.networkError) return networkError(event);
  if (fault.status === undefined && fault.problem === undefined && !fault.html && fault.body === undefined)
    return undefined;
  const answer =
    fault.body !== undefined
      ? new HTTPResponse(fault.body, {
          status: fault.status ?? 200,
          headers: {
            'content-type': fault.contentType ?? 'application/geo+json',
            'x-correlation-id': newCorrelationId(event),
          },
        })
      : fault.html
        ? cdnDenied(event, fault, controls.clock.now())
        : problem(fault, baseUrlOf(event, options), controls.clock.now(), newCorrelationId(event));
  if (fault.retryAfter !== undefined) answer.headers.set('retry-after', String(fault.retryAfter));
  return answer;
}

/**
 * No answer at all. Over HTTP the socket is destroyed, so the client's fetch rejects; in-process the
 * answer carries NETWORK_ERROR_HEADER, which taskcast/fetch and forecast.fetch turn into a rejection
 * and taskcast/msw into MSW's network error.
 */
function networkError(event: H3Event): HTTPResponse {
  const res = (event.runtime as { node?: { res?: { destroy(): void } } } | undefined)?.node?.res;
  res?.destroy();
  return new HTTPResponse(null, { status: 502, headers: { [NETWORK_ERROR_HEADER]: '1' } });
}

function problem(fault: ScenarioFault, base: string, now: Date, correlationId: string): HTTPResponse {
  // A bare status gets the body api.weather.gov sends with it: 503 unavailable, anything else unexpected.
  const name = fault.problem ?? (fault.status === 503 ? 'UnavailableWebService' : 'UnexpectedProblem');
  const kind = PROBLEMS[name];
  const issued = new Date(now.getTime() - EXPIRED_GRID_AGE_MS).toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const body = {
    correlationId,
    title: kind.title,
    type: `${base}/problems/${name}`,
    status: fault.status ?? kind.status,
    detail: kind.detail(issued),
    instance: `${base}/requests/${correlationId}`,
  };
  return new HTTPResponse(JSON.stringify(body, null, 4), {
    status: body.status,
    headers: {
      'content-type': PROBLEM_TYPE,
      'x-correlation-id': correlationId,
      'x-request-id': correlationId,
      'cache-control': 'no-store',
    },
  });
}

/**
 * The CDN's (Akamai's) HTML refusal, which api.weather.gov's clients meet before the API itself: every
 * character of the URL but letters and digits as a decimal entity, and a "Reference #18.…" id.
 */
function cdnDenied(event: H3Event, fault: ScenarioFault, now: Date): HTTPResponse {
  const url = `http://${requestUrl(event).host}${event.url.pathname}${requestUrl(event).search}`;
  const reference = `18.${randomBytes(4).toString('hex')}.${Math.floor(now.getTime() / 1000)}.${randomBytes(4).toString('hex')}`;
  const body =
    '<HTML><HEAD>\n<TITLE>Access Denied</TITLE>\n</HEAD><BODY>\n<H1>Access Denied</H1>\n \n' +
    `You don't have permission to access "${entities(url)}" on this server.<P>\n` +
    `Reference&#32;&#35;${entities(reference)}\n</BODY>\n</HTML>\n`;
  return new HTTPResponse(body, {
    status: fault.status ?? 403,
    headers: {
      'content-type': 'text/html',
      server: 'AkamaiGHost',
      'mime-version': '1.0',
      expires: now.toUTCString(),
      'cache-control': 'max-age=0, no-cache, no-store',
    },
  });
}

function entities(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, (c) => `&#${c.charCodeAt(0)};`);
}
