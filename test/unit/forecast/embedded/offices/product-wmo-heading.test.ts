// A text product's WMO heading ends in its office's area digit, the alerts' rule (wmoCollective), not its NWS
// region's: NWS Tampa Bay, a Southern Region office, sends its discussions as FXUS62. Each case is a recorded
// real Area Forecast Discussion's heading, as kept in public test fixtures.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  issuingOfficeId,
  PRODUCT_TYPE_BY_CODE,
  wmoCollectiveId,
} from '../../../../../adapters/forecast/embedded/offices/product-catalogue.ts';
import { officeState } from '../../../../../adapters/forecast/embedded/weather/office-states.ts';
import { catalogue } from '../alerts-zones-support.ts';

const AFD = PRODUCT_TYPE_BY_CODE.get('AFD')!;

describe('WMO headings of text products', () => {
  for (const heading of [
    'FXUS62 KTBW', // Southern Region, WMO area 2
    'FXUS62 KRAH', // Eastern Region, area 2
    'FXUS61 KOKX',
    'FXUS64 KHGX',
    'FXUS63 KTOP',
    'FXUS65 KBOU', // Central Region, area 5
    'FXUS65 KPSR',
    'FXUS65 KABQ', // Southern Region, area 5
    'FXUS66 KSEW',
    'FXUS65 KRIW', // Wyoming, area 5 (api.weather.gov/products/f77fbb6e-0640-4892-bc4a-31a039926ae7)
    'FXPQ50 PGUM', // AFDGUM (forecast.weather.gov product.php?issuedby=GUM&product=AFD, 2025)
    'FXHW60 PHFO', // AFDHFO (mesonet.agron.iastate.edu, 2025)
    'FXCA62 TJSJ', // AFDSJU (forecast.weather.gov, 2017-2025)
    'FXZS60 NSTU', // AFDPPG (forecast.weather.gov, 2025)
    'FXAK69 PAFG', // AFDAFG (forecast.weather.gov, 2014-2025)
  ]) {
    const office = [...catalogue.offices.values()].find((o) => issuingOfficeId(o) === heading.slice(7))!;
    it(heading, () => {
      assert.ok(office, heading);
      assert.equal(`${wmoCollectiveId(AFD, office)} ${issuingOfficeId(office)}`, heading);
    });
  }

  it('every office has a state of its own, so a product covering two states has one heading', () => {
    const missing = [...catalogue.offices.keys()].filter((id) => !officeState(id));
    assert.deepEqual(missing, []);
  });
});
