import { randomBytes } from 'node:crypto';
import type { H3Event } from 'h3';

const KEY = 'taskcast.correlationId';

/**
 * Correlation ids are UUID-shaped (version 4 and the RFC 9562 variant in place), as api.weather.gov's are:
 * a prefix of 74 random bits drawn once per process, then a 48-bit counter from a random start. An id
 * names a request in logs and problem documents, so it must be unique, not unguessable: within a process
 * the counter makes it so (2^48 answers before it wraps), and across processes (nodes, restarts) the
 * prefix does. `randomUUID()` per answer cost ~0.8 µs of a /points answer's ~30 at the server's limit,
 * where a microsecond of a route's own work costs nearly two (README, "Near the machine's limit").
 */
export class CorrelationIds {
  readonly #prefix: string;
  #next: number;
  /** The prefix and the counter's upper 40 bits as text, redone once every 256 ids (see next()). */
  #head = '';
  #headOf = -1;

  constructor(random: Uint8Array = randomBytes(16)) {
    if (random.length < 16) throw new RangeError('CorrelationIds needs 16 random bytes');
    const hex = Buffer.from(random.subarray(0, 10)).toString('hex');
    // In place, as a UUID's version and variant are set: the 13th digit becomes 4, and the 17th keeps its
    // low two bits under the variant's 10.
    const variant = (((random[8]! >> 4) & 0x3) | 0x8).toString(16);
    this.#prefix = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-`;
    this.#next = Buffer.from(random.subarray(10, 16)).readUIntBE(0, 6);
  }

  next(): string {
    const n = this.#next;
    this.#next = n === COUNTER_END - 1 ? 0 : n + 1;
    // A double's toString(16) is slow (~0.7 µs of a /points answer for 48 bits, profiled), so it runs once
    // per 256 ids, for the counter's upper 40 bits; the last byte comes from a table.
    const low = n % 256;
    const high = n - low;
    if (high !== this.#headOf) {
      this.#headOf = high;
      this.#head = this.#prefix + (high / 256).toString(16).padStart(10, '0');
    }
    return this.#head + HEX_BYTES[low]!;
  }
}

const COUNTER_END = 2 ** 48;
const HEX_BYTES: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
const ids = new CorrelationIds();

/**
 * A new `X-Correlation-Id` for a forecast answer (api.weather.gov sends one with every answer), remembered
 * on the request, so the request's log line names it without reading the answer's headers back.
 */
export function newCorrelationId(event: H3Event): string {
  const id = ids.next();
  event.context[KEY] = id;
  return id;
}

/** The correlation id given to this request's answer, if any. */
export function correlationIdOf(event: H3Event): string | undefined {
  return event.context[KEY] as string | undefined;
}
