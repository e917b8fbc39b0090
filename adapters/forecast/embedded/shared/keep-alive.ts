import { clearInterval, setInterval } from 'node:timers';

/** Longer than any generation, under the 2^31 - 1 ms a timer can wait. */
const HOLD_MS = 2 ** 30;

/**
 * `promise`, with the process held open until it settles. The alert workers are unref'd, so a script that
 * has its answer ends at once while they finish a cycle nobody waits for; a request that does wait for
 * them holds the process this way, as a socket would, instead of the process exiting under it.
 */
export function keepingAlive<T>(promise: Promise<T>): Promise<T> {
  const hold = setInterval(() => {}, HOLD_MS);
  return promise.finally(() => clearInterval(hold));
}
