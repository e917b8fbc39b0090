import { seconds } from './freshness.ts';
import { httpDate } from './http-date.ts';

/**
 * Retry-After as whole seconds from now: delta-seconds or an HTTP date; undefined when absent or garbled
 * (a garbled one must not read as "retry at once").
 */
export function retryAfterSeconds(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  // delta-seconds, capped as a cache's are: passed on to the client as it came, a 20-digit one was written
  // back as a float's digits (1e+21 past 21 digits), which no client reads as a number of seconds.
  const delta = seconds(text);
  if (delta !== undefined) return delta;
  const at = httpDate(text);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
