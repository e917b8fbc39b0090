import { storeFailure } from './store-failure.ts';

/**
 * The change could not be made durable (the disk is full or failing) and was undone: nothing of it was
 * stored or shown to anyone. The same request may succeed later; `retryAfterSeconds` says when to try.
 */
export class ServiceUnavailable extends storeFailure(
  'ServiceUnavailable',
  'The change could not be stored right now and was not made; try again shortly.',
) {}
