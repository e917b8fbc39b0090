/**
 * The body of api.weather.gov's 404 (application/problem+json), as a stand-in for it at `origin` gives one:
 * `server` names the stand-in in the correlation id and the instance, `detail` says what was missing.
 */
export function nwsNotFoundBody(origin: string, server: string, detail: string): string {
  return JSON.stringify({
    correlationId: server,
    title: 'Not Found',
    type: `${origin}/problems/NotFound`,
    status: 404,
    detail,
    instance: `${origin}/requests/${server}`,
  });
}
