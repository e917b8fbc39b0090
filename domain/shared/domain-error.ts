/** One problem with one input field, reported back to the caller. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/**
 * The bounded context a failure belongs to: its `code` is unique within the context, not across them (both
 * have a NotFound). Each context's HTTP adapter answers its own failures and the shared kernel's, in its
 * own shape, and takes any other for a fault of the server.
 */
export type ErrorContext = 'tasks' | 'forecast' | 'shared';

/**
 * Base of every expected failure. `code` is stable and adapter-neutral: the HTTP adapter maps it to a status,
 * a library user can switch on it, and nothing here knows about HTTP.
 */
export abstract class DomainError extends Error {
  abstract readonly context: ErrorContext;
  abstract readonly code: string;
}
