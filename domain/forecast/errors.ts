import { DomainError } from '../shared/domain-error.ts';

// The forecast service's expected failures. They say what went wrong, not how HTTP answers it: the HTTP
// adapter (adapters/http/forecast/problem.ts) gives each code its status and api.weather.gov problem type.

/** The forecast context's failure codes. */
export type ForecastErrorCode =
  'InvalidParameter' | 'BadRequest' | 'NotFound' | 'Unavailable' | 'PointNotCanonical' | 'ResourceMoved';

/** A failure of the forecast context (see ErrorContext). */
export abstract class ForecastError extends DomainError {
  readonly context = 'forecast';
  abstract override readonly code: ForecastErrorCode;
}

/** A parameter that cannot be parsed or is out of range. */
export class InvalidParameter extends ForecastError {
  readonly code = 'InvalidParameter';
  constructor(
    readonly detail: string,
    readonly parameter?: string,
  ) {
    super(detail);
  }
}

/** A request that is malformed as a whole. */
export class BadRequest extends ForecastError {
  readonly code = 'BadRequest';
  constructor(readonly detail: string) {
    super(detail);
  }
}

/** A resource that does not exist, or a point outside the coverage. */
export class ForecastNotFound extends ForecastError {
  readonly code = 'NotFound';
  constructor(
    readonly detail: string,
    readonly title = 'Not Found',
  ) {
    super(detail);
  }
}

/**
 * Why the data source could not answer: it is `unavailable` for now and asks to come back later (an
 * upstream's 503 or 429, a replay bundle's unreadable file), or it `failed`: no answer in time, or one that
 * cannot be served.
 */
export type UnavailableReason = 'unavailable' | 'failed';

/**
 * The data source could not answer (an upstream outage, say); `retryAfterSeconds` is passed on when the
 * source gave one.
 */
export class ForecastUnavailable extends ForecastError {
  readonly code = 'Unavailable';
  constructor(
    readonly detail: string,
    readonly reason: UnavailableReason = 'unavailable',
    readonly retryAfterSeconds?: number,
  ) {
    super(detail);
  }
}

/** A point with more than 4 decimals; api.weather.gov answers with a redirect to `canonical`. */
export class PointNotCanonical extends ForecastError {
  readonly code = 'PointNotCanonical';
  constructor(readonly canonical: string) {
    super(`Coordinates are limited to 4 decimals; use ${canonical}.`);
  }
}

/** The resource lives at another path of the API (api.weather.gov's 301s, such as /points/{p}/stations). */
export class ResourceMoved extends ForecastError {
  readonly code = 'ResourceMoved';
  constructor(readonly path: string) {
    super(`Moved permanently to ${path}.`);
  }
}
