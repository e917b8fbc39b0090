import { DomainError } from '../shared/domain-error.ts';

// The forecast service's expected failures. `code` is the api.weather.gov problem type name.

/** A parameter that cannot be parsed or is out of range. */
export class InvalidParameter extends DomainError {
  readonly code = 'InvalidParameter';
  constructor(
    readonly detail: string,
    readonly parameter?: string,
  ) {
    super(detail);
  }
}

/** A request that is malformed as a whole. */
export class BadRequest extends DomainError {
  readonly code = 'BadRequest';
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** A resource that does not exist, or a point outside the coverage. */
export class ForecastNotFound extends DomainError {
  readonly code = 'NotFound';
  constructor(
    readonly detail: string,
    readonly title = 'Not Found',
  ) {
    super(detail);
  }
}

/**
 * The data source could not answer (an upstream outage, say). `status` is 502 or 503;
 * `retryAfterSeconds` is passed on when the source gave one.
 */
export class ForecastUnavailable extends DomainError {
  readonly code = 'UnexpectedProblem';
  constructor(
    readonly detail: string,
    readonly status: 502 | 503 = 503,
    readonly retryAfterSeconds?: number,
    readonly title = 'Service Unavailable',
  ) {
    super(detail);
  }
}

/** A problem body from the data source that is passed through as it is (its links already rewritten). */
export class ForecastProblemPassthrough extends DomainError {
  readonly code = 'Passthrough';
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body['detail'] === 'string' ? body['detail'] : `The data source answered ${status}.`);
  }
}

/** A point with more than 4 decimals; api.weather.gov answers with a redirect to `canonical`. */
export class PointNotCanonical extends DomainError {
  readonly code = 'PointNotCanonical';
  constructor(readonly canonical: string) {
    super(`Coordinates are limited to 4 decimals; use ${canonical}.`);
  }
}

/** The resource lives at another path of the API (api.weather.gov's 301s, such as /points/{p}/stations). */
export class ResourceMoved extends DomainError {
  readonly code = 'ResourceMoved';
  constructor(readonly path: string) {
    super(`Moved permanently to ${path}.`);
  }
}
