import { HTTPError, HTTPResponse } from 'h3';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import type { ServiceUnavailable } from '../../../domain/shared/service-unavailable.ts';
import type { OutcomeUnknown } from '../../../domain/shared/outcome-unknown.ts';
import { StoreFailure } from '../../../domain/shared/store-failure.ts';
import {
  IdempotencyKeyInFlight,
  InvalidCredentials,
  PreconditionFailed,
  TaskError,
  Unauthorized,
  ValidationError,
} from '../../../domain/tasks/errors.ts';
import { HttpProblem } from '../http-problem.ts';
import { clipEcho } from '../clip-echo.ts';
import { JSON_TYPE } from '../json-type.ts';
import { bearerChallenge } from './bearer-token.ts';
import { ERROR_ANSWER } from './cache-policy.ts';

/** What the task API answers: the task context's failures and the shared kernel's. */
type TaskApiFailure = TaskError | ValidationError | ServiceUnavailable | OutcomeUnknown;

function isTaskApiFailure(error: unknown): error is TaskApiFailure {
  return error instanceof TaskError || (error instanceof DomainError && error.context === 'shared');
}

const STATUS_BY_CODE: Record<TaskApiFailure['code'], number> = {
  ValidationError: 400,
  InvalidCredentials: 401,
  Unauthorized: 401,
  NotFound: 404,
  Conflict: 409,
  IdempotencyKeyInFlight: 409,
  // The request is fine and succeeds unchanged once a task is deleted: the account's state conflicts with it.
  TaskLimitReached: 409,
  PreconditionFailed: 412,
  IdempotencyKeyMismatch: 422,
  ServiceUnavailable: 503,
  OutcomeUnknown: 503,
};

/**
 * The one place where the task API's failures become responses:
 * `{ error, message, details? }` with the contract's names. Anything unexpected is a 500 InternalError
 * whose body says nothing about internals; `report` gets the real error for the log. `authorization` is
 * the request's Authorization header, which decides a 401's challenge.
 */
export function taskErrorResponse(
  error: unknown,
  report: (error: unknown) => void,
  authorization: string | null = null,
): HTTPResponse {
  // h3 wraps what a handler throws; a cause of h3's own (a URIError behind a malformed path) stays wrapped.
  if (error instanceof HTTPError && (error.cause instanceof DomainError || error.cause instanceof HttpProblem))
    error = error.cause;
  // Another context's failure (a forecast NotFound) is not the task API's to explain: a 500 below.
  if (isTaskApiFailure(error)) {
    const body =
      error instanceof ValidationError
        ? {
            error: error.code,
            message: clipEcho(error.message),
            details: error.details.map(({ path, message }) => ({ path: clipEcho(path), message: clipEcho(message) })),
          }
        : { error: error.code, message: clipEcho(error.message) };
    const headers: Record<string, string> = {};
    if (error instanceof StoreFailure || error instanceof IdempotencyKeyInFlight)
      headers['retry-after'] = String(error.retryAfterSeconds);
    // A 412 says which version is current, so the client can fetch it or retry against it.
    if (error instanceof PreconditionFailed) headers['etag'] = `"${error.currentVersion}"`;
    if (error instanceof Unauthorized) headers['www-authenticate'] = bearerChallenge(authorization);
    if (error instanceof InvalidCredentials) headers['www-authenticate'] = bearerChallenge(null);
    return json(STATUS_BY_CODE[error.code] ?? 400, body, headers);
  }
  if (error instanceof HttpProblem) {
    return json(error.status, { error: error.code, message: clipEcho(error.message) }, error.headers);
  }
  if (error instanceof HTTPError && !error.unhandled && error.status === 400) {
    // h3's own 400s, such as a malformed percent-encoding in the path
    return json(400, { error: 'ValidationError', message: 'The request is malformed.', details: [] });
  }
  if (error instanceof HTTPError && !error.unhandled && error.status === 404) {
    return json(404, { error: 'NotFound', message: 'No such route.' });
  }
  report(error);
  return json(500, {
    error: 'InternalError',
    message: 'Something went wrong on our side; the request was not completed.',
  });
}

/** Every error answer: its JSON, `Cache-Control: no-store` (cache-policy.ts), and its own headers. */
function json(status: number, body: unknown, headers: Record<string, string> = {}): HTTPResponse {
  return new HTTPResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': JSON_TYPE, ...ERROR_ANSWER, ...headers },
  });
}
