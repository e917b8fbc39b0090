// Hawaii's waters thunder only in the storm field's top cells; American Samoa's, at 170° W but 14° S, are the
// other tropical islands' (marine-convection.ts), not Hawaii's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waterThunderCellMin } from '../../../../../adapters/forecast/embedded/weather/marine-convection.ts';

describe('tropical island waters', () => {
  it("American Samoa's waters are not Hawaii's", () => {
    assert.equal(waterThunderCellMin(-14.3, -170.7), waterThunderCellMin(13.5, 144.8), 'Pago Pago as Guam');
    assert.notEqual(waterThunderCellMin(-14.3, -170.7), waterThunderCellMin(21.3, -157.9));
  });
});
