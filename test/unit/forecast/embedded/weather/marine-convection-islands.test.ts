// Hawaii's waters thunder only in the storm field's top cells; American Samoa's, at 170° W but 14° S, are the
// other tropical islands' (marine-convection.ts), not Hawaii's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gridToLatLon, NDFD_HAWAII } from '../../../../../adapters/forecast/embedded/geo/ndfd-grid.ts';
import { waterThunderCellMin } from '../../../../../adapters/forecast/embedded/weather/marine-convection.ts';

describe('tropical island waters', () => {
  it("American Samoa's waters are not Hawaii's", () => {
    assert.equal(waterThunderCellMin(-14.3, -170.7), waterThunderCellMin(13.5, 144.8), 'Pago Pago as Guam');
    assert.notEqual(waterThunderCellMin(-14.3, -170.7), waterThunderCellMin(21.3, -157.9));
  });

  it("Hawaii's whole grid is Hawaii's waters, to its edges", () => {
    // The grid runs 18.07-23.09° N, 161.5-153.9° W: a box of 18-23° N, 161-154° W left its edge cells (7,472 of
    // its 69,381 marine cells) thundering from the storm field's 0.9, as Guam's, not from its top (1).
    const honolulu = waterThunderCellMin(21.3, -157.9);
    const { nx, ny } = NDFD_HAWAII;
    for (const [i, j] of [
      [0, 0],
      [nx - 1, 0],
      [0, ny - 1],
      [nx - 1, ny - 1],
      [9, 152],
      [64, ny - 3],
    ] as const) {
      const at = gridToLatLon(i, j, NDFD_HAWAII);
      assert.equal(waterThunderCellMin(at.lat, at.lon), honolulu, `cell ${i},${j} (${at.lat}, ${at.lon})`);
    }
  });
});
