import { randomUUID } from 'node:crypto';
import type { H3Event } from 'h3';

const KEY = 'taskcast.correlationId';

/**
 * A new `X-Correlation-Id` for a forecast answer (api.weather.gov sends one with every answer, a version 4
 * UUID), remembered on the request, so the request's log line names it without reading the answer's
 * headers back. `randomUUID()` costs ~0.3 µs, under 2 % of a forecast answer (docs/benchmarks.md, the
 * performance budget), so no cheaper generator of its own.
 */
export function newCorrelationId(event: H3Event): string {
  const id = randomUUID();
  event.context[KEY] = id;
  return id;
}

/** The correlation id given to this request's answer, if any. */
export function correlationIdOf(event: H3Event): string | undefined {
  return event.context[KEY] as string | undefined;
}
