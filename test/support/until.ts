/**
 * Waits for `condition` to hold, checking every few milliseconds, and fails with `what` after `timeoutMs`.
 * For what a test can observe but not await (a call a fake counts after its client gave up, work started
 * in the background): the test goes on as soon as it holds, rather than sleeping for a guess.
 */
export async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
