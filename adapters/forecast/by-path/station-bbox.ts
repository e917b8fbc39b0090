/**
 * api.weather.gov's /stations takes no bbox, Taskcast's does: the page upstream returns is narrowed to the
 * stations inside the box. Pagination stays upstream's, so a page may hold fewer than `limit` stations.
 */
export function filterStationsToBbox(
  body: Record<string, unknown>,
  [west, south, east, north]: readonly [number, number, number, number],
): Record<string, unknown> {
  const features = Array.isArray(body['features']) ? body['features'] : [];
  const inside = features.filter((f: unknown) => {
    const c = (f as { geometry?: { coordinates?: unknown } } | null)?.geometry?.coordinates;
    if (!Array.isArray(c)) return false;
    const [lon, lat] = c as [unknown, unknown];
    return (
      typeof lon === 'number' && typeof lat === 'number' && lon >= west && lon <= east && lat >= south && lat <= north
    );
  });
  return { ...body, features: inside };
}
