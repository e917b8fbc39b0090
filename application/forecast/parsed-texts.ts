import { parsePoint, type ParsedPoint } from '../../domain/forecast/coordinates.ts';
import { parseGridRef } from '../../domain/forecast/grid-ref.ts';
import { BoundedMemo } from '../shared/bounded-memo.ts';
import type { GridRef } from './ports.ts';

/**
 * The points and grid cells that requests name, parsed once per text. The same few places are asked for
 * again and again (a test suite's fixtures, an app's saved locations), and at the server's limit parsing one
 * (~1 µs) is a measurable part of a /points request. Parsing is pure, so the value kept is the one parsing
 * gives, frozen since every caller shares it; a text that fails to parse throws each time and is not kept.
 */
const points = new BoundedMemo<string, ParsedPoint>(4096);
const grids = new BoundedMemo<string, GridRef>(4096);

/** parsePoint of a path's `lat,lon`, remembered. */
export function pointOf(text: string): ParsedPoint {
  return points.get(text, () => Object.freeze(parsePoint(text)));
}

/** parseGridRef of a path's office and `x,y`, remembered; the same object for the same texts. */
export function gridRefOf(office: string, xy: string): GridRef {
  // Length-prefixed, so no office and x,y pair (decoded path segments may hold any character) spells another's key.
  return grids.get(`${office.length}:${office}${xy}`, () => Object.freeze(parseGridRef(office, xy)));
}
