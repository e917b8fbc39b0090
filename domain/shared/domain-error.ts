/** One problem with one input field, reported back to the caller. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * Base of every expected failure. `code` is stable and adapter-neutral: the HTTP adapter maps it to a status,
 * a library user can switch on it, and nothing here knows about HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
}
