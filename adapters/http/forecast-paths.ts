/**
 * Paths of the forecast API (api.weather.gov's), as opposed to the task API, operations and /_taskcast/.
 * A module of its own so the in-process doubles can ask it without loading the server's whole app.
 */
export const isForecastPath = (path: string): boolean =>
  !(
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/health' ||
    path === '/ready' ||
    path === '/metrics' ||
    path.startsWith('/_taskcast')
  );
