/** A JSON object, as the OpenAPI documents are built: plain data, no classes. */
export type Json = Record<string, unknown>;

/** A deep copy of plain JSON data, so a shared template is never changed by one request's answer. */
export function clone<T>(value: T): T {
  return structuredClone(value);
}

/**
 * The `type` names of forecast problems (`{base}/problems/<Name>`): the contract's, MethodNotAllowed for a
 * 405, and the two for a request whose URL or headers are larger than the server reads (414, 431).
 */
export const FORECAST_PROBLEM_NAMES = [
  'BadRequest',
  'InvalidParameter',
  'NotFound',
  'NotAcceptable',
  'MethodNotAllowed',
  'TooManyRequests',
  'UnexpectedProblem',
  'URITooLong',
  'RequestHeaderFieldsTooLarge',
] as const;
