import { storeFailure } from './store-failure.ts';

/**
 * The change was sent to be committed and the store stopped answering before it said whether it was: it
 * may or may not have been made. Unlike ServiceUnavailable, repeating the request blindly may do it twice;
 * a create should be repeated with the same Idempotency-Key, a change or delete after reading the task.
 */
export class OutcomeUnknown extends storeFailure(
  'OutcomeUnknown',
  'The task store stopped answering after the change was sent to be committed, so it may or may not have been made. Retry a create with the same Idempotency-Key (it is then done once), and read the task before repeating a change or a delete.',
) {}
