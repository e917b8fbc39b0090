import { DomainError } from './domain-error.ts';

/**
 * The store could not say that it did what was asked, and says when to ask again (the task API sends it as
 * Retry-After): ServiceUnavailable, the change was not made; OutcomeUnknown, it may have been.
 */
export abstract class StoreFailure extends DomainError {
  readonly context = 'shared';
  abstract override readonly code: 'ServiceUnavailable' | 'OutcomeUnknown';

  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
  }
}

/** The base of one store failure with its code; what storeFailure makes. */
export type StoreFailureBase<C extends StoreFailure['code']> = abstract new (
  retryAfterSeconds: number,
  message?: string,
) => StoreFailure & { readonly code: C };

/** The base of one store failure: its code, and the message it gives when its thrower gives none. */
export function storeFailure<C extends StoreFailure['code']>(code: C, defaultMessage: string): StoreFailureBase<C> {
  abstract class WithCode extends StoreFailure {
    readonly code = code;

    constructor(retryAfterSeconds: number, message = defaultMessage) {
      super(retryAfterSeconds, message);
    }
  }
  return WithCode;
}
