import { DomainError } from '../shared/domain-error.ts';

// Input that is not what a route takes: both contexts' HTTP adapters read JSON bodies that may be malformed.
export { ValidationError } from '../shared/validation-error.ts';

/** The task context's failure codes: the task API's `error` names, and what a library user switches on. */
export type TaskErrorCode =
  | 'InvalidCredentials'
  | 'Unauthorized'
  | 'NotFound'
  | 'Conflict'
  | 'IdempotencyKeyMismatch'
  | 'IdempotencyKeyInFlight'
  | 'PreconditionFailed'
  | 'TaskLimitReached';

/** A failure of the task context (see ErrorContext). */
export abstract class TaskError extends DomainError {
  readonly context = 'tasks';
  abstract override readonly code: TaskErrorCode;
}

/** The base of a task failure that carries its code and a message; what taskFailure makes. */
export type TaskFailureBase<C extends TaskErrorCode> = abstract new (
  message?: string,
) => TaskError & { readonly code: C };

/**
 * The base of a task failure that carries nothing but its code and message: `message` is what it says when
 * its thrower says nothing more.
 */
function taskFailure<C extends TaskErrorCode>(code: C, message: string): TaskFailureBase<C> {
  abstract class WithCode extends TaskError {
    readonly code = code;

    constructor(detail = message) {
      super(detail);
    }
  }
  return WithCode;
}

/** Same message for an unknown email and a wrong password, so a caller cannot tell which it was. */
export class InvalidCredentials extends taskFailure('InvalidCredentials', 'Invalid email or password.') {}

export class Unauthorized extends taskFailure('Unauthorized', 'A valid bearer token is required.') {}

export class NotFound extends taskFailure('NotFound', 'Task not found.') {}

export class Conflict extends taskFailure('Conflict', 'An account with this email already exists.') {}

/** A create repeated with an Idempotency-Key that an earlier, different request used. */
export class IdempotencyKeyMismatch extends taskFailure(
  'IdempotencyKeyMismatch',
  'This Idempotency-Key was used with a different request body; use a new key for a new request.',
) {}

/** The first request with this Idempotency-Key is still being processed. */
export class IdempotencyKeyInFlight extends taskFailure(
  'IdempotencyKeyInFlight',
  'A request with this Idempotency-Key is still in progress; retry shortly to get its answer.',
) {
  readonly retryAfterSeconds = 1;
}

/** If-Match named a version of the task that is no longer the current one. */
export class PreconditionFailed extends TaskError {
  readonly code = 'PreconditionFailed';
  constructor(readonly currentVersion: string) {
    super('The task has changed since the version named in If-Match; read it again and retry.');
  }
}

/**
 * The account already holds as many tasks as one account may (MAX_TASKS_PER_USER). The request itself is
 * fine, and the same one succeeds once a task is deleted: a conflict with the account's current state.
 */
export class TaskLimitReached extends TaskError {
  readonly code = 'TaskLimitReached';
  constructor(readonly limit: number) {
    super(`This account already holds ${limit} tasks, the most one account may hold; delete a task to create another.`);
  }
}
