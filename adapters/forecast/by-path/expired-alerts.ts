import type { AlertQuery } from '../../../domain/forecast/queries.ts';

/**
 * `status=expired` is the spec's, not api.weather.gov's (its enum is actual, exercise, system, test, draft).
 * With `expired` among the statuses, upstream is asked without a status filter and the page it returns is
 * narrowed here: an alert is kept when its `expires` is past, or when its status is one of the others
 * listed. Paging stays upstream's, so a page may hold fewer than `limit` alerts.
 */
export function upstreamAlertQuery(query: AlertQuery): AlertQuery {
  return query.status?.includes('expired') ? { ...query, status: undefined } : query;
}

export function keepRequestedStatuses(
  body: Record<string, unknown>,
  query: AlertQuery,
  nowMs: number,
): Record<string, unknown> {
  if (!query.status?.includes('expired')) return body;
  const statuses = query.status;
  const features = Array.isArray(body['features']) ? body['features'] : [];
  const kept = features.filter((f: unknown) => {
    const p = (f as { properties?: { status?: unknown; expires?: unknown } } | null)?.properties;
    const expires = typeof p?.expires === 'string' ? Date.parse(p.expires) : NaN;
    if (expires <= nowMs) return true;
    return typeof p?.status === 'string' && statuses.includes(p.status.toLowerCase());
  });
  return { ...body, features: kept };
}
