import { HTTPError, HTTPResponse } from 'h3';
import { DomainError } from '../../../domain/shared/domain-error.ts';
import {
  BadRequest,
  ForecastError,
  ForecastNotFound,
  ForecastUnavailable,
  InvalidParameter,
  type UnavailableReason,
} from '../../../domain/forecast/errors.ts';
import { RelayedProblem } from '../../shared/relayed-problem.ts';

import { clipEcho } from '../clip-echo.ts';
import { HttpProblem } from '../http-problem.ts';
import { PROBLEM_TYPES, problemType, type ProblemName } from './problem-types.ts';

export const PROBLEM_TYPE = 'application/problem+json';

export interface ProblemInput {
  /** A type whose page /problems/{name} serves (problem-pages.ts), so the `type` link resolves. */
  readonly name: ProblemName;
  readonly status: number;
  readonly detail: string;
  readonly title?: string;
  readonly headers?: Record<string, string>;
}

/** `{type, title, status, detail, instance, correlationId}`, as api.weather.gov's problems. */
export function problemResponse(problem: ProblemInput, base: string, correlationId: string): HTTPResponse {
  const body = {
    type: `${base}/problems/${problem.name}`,
    title: problem.title ?? PROBLEM_TYPES[problem.name].title,
    status: problem.status,
    detail: clipEcho(problem.detail),
    instance: `${base}/requests/${correlationId}`,
    correlationId,
  };
  return new HTTPResponse(JSON.stringify(body), {
    status: problem.status,
    headers: { 'content-type': PROBLEM_TYPE, 'x-correlation-id': correlationId, ...problem.headers },
  });
}

/** How each reason the data source could not answer is told: a gateway's statuses, under UnexpectedProblem. */
const UNAVAILABLE: Record<UnavailableReason, { readonly status: 502 | 503; readonly title: string }> = {
  unavailable: { status: 503, title: 'Service Unavailable' },
  failed: { status: 502, title: 'Bad Gateway' },
};

/**
 * The one place where forecast failures become problem responses: each forecast failure's code gets its
 * status and problem type here, as do the HTTP layer's own failures and a problem relayed from upstream.
 * A redirect (PointNotCanonical, ResourceMoved) is the route's to answer (redirects.ts); here it is, as
 * any other error, a 500 with no internals.
 */
export function forecastErrorResponse(
  error: unknown,
  base: string,
  correlationId: string,
  report: (e: unknown) => void,
): HTTPResponse {
  if (
    error instanceof HTTPError &&
    (error.cause instanceof DomainError || error.cause instanceof HttpProblem || error.cause instanceof RelayedProblem)
  )
    error = error.cause;
  if (error instanceof RelayedProblem) {
    const detail = typeof error.body['detail'] === 'string' ? { detail: clipEcho(error.body['detail']) } : {};
    const body = { ...error.body, ...detail, correlationId, instance: `${base}/requests/${correlationId}` };
    return new HTTPResponse(JSON.stringify(body), {
      status: error.status,
      headers: { 'content-type': PROBLEM_TYPE, 'x-correlation-id': correlationId },
    });
  }
  // A failure of the HTTP layer (such as a URL or headers too large) whose problem type exists.
  if (error instanceof HttpProblem && problemType(error.code) !== undefined)
    return problemResponse(
      { name: error.code as ProblemName, status: error.status, detail: error.message, headers: error.headers },
      base,
      correlationId,
    );
  const problem = error instanceof ForecastError ? problemOf(error) : undefined;
  if (problem) return problemResponse(problem, base, correlationId);
  report(error);
  return problemResponse(
    { name: 'UnexpectedProblem', status: 500, detail: 'An unexpected problem has occurred.' },
    base,
    correlationId,
  );
}

function problemOf(error: ForecastError): ProblemInput | undefined {
  if (error instanceof InvalidParameter) return { name: 'InvalidParameter', status: 400, detail: error.detail };
  if (error instanceof BadRequest) return { name: 'BadRequest', status: 400, detail: error.detail };
  if (error instanceof ForecastNotFound)
    return { name: 'NotFound', status: 404, detail: error.detail, title: error.title };
  if (error instanceof ForecastUnavailable) {
    const { status, title } = UNAVAILABLE[error.reason];
    const headers: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
    return { name: 'UnexpectedProblem', status, detail: error.detail, title, headers };
  }
  return undefined;
}
