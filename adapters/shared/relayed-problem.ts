/**
 * A problem document another HTTP service answered with (api.weather.gov's 404 for a point outside its
 * coverage, say), relayed to the client as it came: its status and body, links already rewritten. A
 * contract between the adapter that relays (adapters/forecast/upstream) and the one that answers
 * (adapters/http): the status is HTTP's, so it stays out of the domain's errors.
 */
export class RelayedProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body['detail'] === 'string' ? body['detail'] : `The data source answered ${status}.`);
  }
}
