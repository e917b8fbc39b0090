import type { Clock } from '../../../application/shared/clock.ts';
import type { Catalogue } from './catalogue/types.ts';
import type { EmbeddedOverlay } from './scenario-overlay.ts';

/** What every part of the embedded provider reads: the geography, the offices' grid offsets, the time. */
export interface EmbeddedDeps {
  readonly catalogue: Catalogue;
  /** Office id → [dx, dy] on the NDFD CONUS grid (data/grid-offsets.json). */
  readonly offsets: ReadonlyMap<string, readonly [number, number]>;
  readonly clock: Clock;
  /** The scenario in force (test-double controls); absent, the plain model. */
  readonly overlay?: EmbeddedOverlay;
}
