import type { JsonDocument } from '../../../application/forecast/ports.ts';

/**
 * `status=expired` is the spec's, not api.weather.gov's (its enum is actual, exercise, system, test, draft).
 * With `expired` among the statuses, upstream is asked without a status filter and the page it returns is
 * narrowed here: an alert is kept when its `expires` is past, or when its status is one of the others
 * listed. Paging stays upstream's, so a page may hold fewer than `limit` alerts.
 *
 * The paths are the alerts rules' (embedded/alerts/alert-routes.ts): `status` comma-separated in lower case.
 */
/** The alert lists' narrowing (see local-filters.ts): the path upstream is asked, and the filter of its page. */
export function alertListFilter(
  path: string,
  nowMs: number,
): { readonly asked: string; readonly narrow: (body: JsonDocument) => JsonDocument } | undefined {
  const pathname = path.split('?')[0];
  if (pathname !== '/alerts' && pathname !== '/alerts/active') return undefined;
  return {
    // api.weather.gov's /alerts/active takes no cursor; the model pages it (see alert-routes.ts).
    asked: upstreamAlertsPath(path, { withCursor: pathname === '/alerts' }),
    narrow: (body) => keepRequestedStatuses(body, path, nowMs),
  };
}

function upstreamAlertsPath(pathAndQuery: string, options: { withCursor: boolean }): string {
  const expired = statusesOf(pathAndQuery).includes('expired');
  return withoutParams(
    pathAndQuery,
    (name) => (name === 'status' && expired) || (name === 'cursor' && !options.withCursor),
  );
}

export function keepRequestedStatuses(body: JsonDocument, pathAndQuery: string, nowMs: number): JsonDocument {
  const statuses = statusesOf(pathAndQuery);
  if (!statuses.includes('expired')) return body;
  const features = Array.isArray(body['features']) ? body['features'] : [];
  const kept = features.filter((f: unknown) => {
    const p = (f as { properties?: { status?: unknown; expires?: unknown } } | null)?.properties;
    const expires = typeof p?.expires === 'string' ? Date.parse(p.expires) : NaN;
    if (expires <= nowMs) return true;
    return typeof p?.status === 'string' && statuses.includes(p.status.toLowerCase());
  });
  return { ...body, features: kept };
}

function statusesOf(pathAndQuery: string): string[] {
  const query = pathAndQuery.split('?')[1] ?? '';
  return new URLSearchParams(query).get('status')?.split(',') ?? [];
}

/** The path with some parameters left out, the others spelt as they were (so cache keys stay the same). */
function withoutParams(pathAndQuery: string, drop: (name: string) => boolean): string {
  const at = pathAndQuery.indexOf('?');
  if (at < 0) return pathAndQuery;
  const kept = pathAndQuery
    .slice(at + 1)
    .split('&')
    .filter((pair) => !drop(pair.split('=')[0]!));
  const path = pathAndQuery.slice(0, at);
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}
