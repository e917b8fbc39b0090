import { httpDate } from './http-date.ts';

/**
 * Retry-After as whole seconds from now: delta-seconds or an HTTP date; undefined when absent or garbled
 * (a garbled one must not read as "retry at once").
 */
export function retryAfterSeconds(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = httpDate(text);
  return at === undefined ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}
