import { type H3, HTTPResponse } from 'h3';
import type { HttpMetrics } from '../shared/metrics.ts';
import { bearerTokenCheck } from './bearer-token.ts';

export interface MetricsRouteOptions {
  /** Absent: METRICS=off, and /metrics is a 404. */
  readonly metrics?: HttpMetrics;
  /** METRICS_TOKEN: when set, /metrics asks for `Authorization: Bearer <token>`. */
  readonly token?: string;
}

/**
 * `GET /metrics`: Prometheus text format. It tells whoever reads it the routes in use, the traffic, error
 * rates and the process's memory, which is reconnaissance for an attacker when the port is public; an
 * operator closes it with METRICS_TOKEN (what Prometheus sends as `authorization: { credentials: … }`) or
 * turns it off.
 */
export function registerMetricsRoute(app: H3, options: MetricsRouteOptions): void {
  const { metrics, token } = options;
  const authorized = token === undefined ? undefined : bearerTokenCheck(token);
  app.get('/metrics', async (event) => {
    if (!metrics) return plain(404, 'Metrics are turned off on this server (METRICS=off).\n');
    if (authorized) {
      if (!authorized(event.req.headers)) {
        return plain(401, 'A bearer token is required for /metrics (METRICS_TOKEN).\n', {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
    }
    return new HTTPResponse(await metrics.render(), {
      status: 200,
      headers: { 'content-type': metrics.contentType, 'cache-control': 'no-store' },
    });
  });
}

function plain(status: number, text: string, headers: Record<string, string> = {}): HTTPResponse {
  return new HTTPResponse(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
