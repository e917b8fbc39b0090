import type { Clock } from '../../../application/shared/clock.ts';
import type { Catalogue } from './catalogue/types.ts';
import type { EmbeddedOverlay } from './scenario-overlay.ts';
import type { NdfdGridId } from './geo/ndfd-grid.ts';
import type { ZonesByOffice } from './alerts/alert-zone-file.ts';

/**
 * Where a grid window lies: origin [dx, dy] (cells; fractional for a realigned office grid) on an NDFD
 * grid, CONUS when the third element is absent.
 */
export type GridWindowOrigin = readonly [dx: number, dy: number, grid?: NdfdGridId];

/** What every part of the embedded provider reads: the geography, the offices' grid offsets, the time. */
export interface EmbeddedDeps {
  readonly catalogue: Catalogue;
  /** Grid id (an office id, or AER and ALU for Anchorage) → its window on an NDFD grid (data/grid-offsets.json). */
  readonly offsets: ReadonlyMap<string, GridWindowOrigin>;
  /**
   * NDFD grids one office has to itself (Guam's, Hawaii's, Puerto Rico's) → that office, which answers for
   * the whole grid, open ocean included (data/grid-offsets.json `_sectors`).
   */
  readonly sectors?: ReadonlyMap<NdfdGridId, string>;
  readonly clock: Clock;
  /**
   * The alert model's zones per office as the data build listed them for the shipped catalogue
   * (data/alert-zones.json, alert-zone-file.ts: an office's made when first read); absent (a hand-made
   * catalogue), they are listed from it.
   */
  readonly alertZones?: () => ZonesByOffice;
  /** The scenario in force (test-double controls); absent, the plain model. */
  readonly overlay?: EmbeddedOverlay;
}
