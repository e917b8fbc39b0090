import { DomainError, type FieldIssue } from './domain-error.ts';

/** Input that does not have the form asked for: each problem with the path of the field it is in. */
export class ValidationError extends DomainError {
  readonly context = 'shared';
  readonly code = 'ValidationError';
  constructor(
    readonly details: readonly FieldIssue[],
    message = describe(details),
  ) {
    super(message);
  }
}

function describe(details: readonly FieldIssue[]): string {
  const first = details[0];
  if (!first) return 'The request is invalid.';
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''})` : '';
  return `${first.path ? `${first.path}: ` : ''}${first.message}${more}`;
}
