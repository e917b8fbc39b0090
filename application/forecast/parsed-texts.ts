import { parsePoint, type ParsedPoint } from '../../domain/forecast/coordinates.ts';
import { parseGridRef } from '../../domain/forecast/grid-ref.ts';
import type { GridRef } from './ports.ts';

/**
 * The points and grid cells that requests name, parsed once per text. The same few places are asked for
 * again and again (a test suite's fixtures, an app's saved locations), and at the server's limit parsing one
 * (~1 µs) is a measurable part of a /points request. Parsing is pure, so the value kept is the one parsing
 * gives, frozen since every caller shares it; a text that fails to parse throws each time and is not kept.
 * Bounded: a client that names ever new places only empties the memo now and then.
 */
class TextMemo<T> {
  private readonly seen = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  get(text: string, parse: () => T): T {
    let value = this.seen.get(text);
    if (value === undefined) {
      value = Object.freeze(parse());
      if (this.seen.size >= this.capacity) this.seen.clear();
      this.seen.set(text, value);
    }
    return value;
  }
}

const points = new TextMemo<ParsedPoint>(4096);
const grids = new TextMemo<GridRef>(4096);

/** parsePoint of a path's `lat,lon`, remembered. */
export function pointOf(text: string): ParsedPoint {
  return points.get(text, () => parsePoint(text));
}

/** parseGridRef of a path's office and `x,y`, remembered; the same object for the same texts. */
export function gridRefOf(office: string, xy: string): GridRef {
  // Length-prefixed, so no office and x,y pair (decoded path segments may hold any character) spells another's key.
  return grids.get(`${office.length}:${office}${xy}`, () => parseGridRef(office, xy));
}
