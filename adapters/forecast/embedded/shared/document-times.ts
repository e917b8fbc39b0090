import { epochHourOf } from '../weather/index.ts';
import type { Clock } from '../../../../application/shared/clock.ts';

/** The issuance hour (current UTC epoch hour) and how long a document built for it stays current. */
export function issuance(clock: Clock): { readonly hour: number; readonly maxAgeSeconds: number } {
  const nowMs = clock.now().getTime();
  const hour = epochHourOf(nowMs);
  return { hour, maxAgeSeconds: Math.max(1, Math.ceil(((hour + 1) * 3_600_000 - nowMs) / 1000)) };
}

/** The geography is static: documents built from it alone date from the zone files' edition (bp05mr24). */
export const CATALOGUE_EDITION = new Date('2024-03-05T00:00:00Z');
/** How long clients may keep a catalogue-only document. */
export const CATALOGUE_MAX_AGE_SECONDS = 86_400;
