// A marine zone's Special Marine Warning is judged on the weather its /gridpoints serves: its alert place is
// its gridpoint's centre, over water exactly where that gridpoint's cell is (cell-profile.ts, isMarineOnly).
// Before, every marine zone was sampled over water, and the zones on a cell holding land (the tidal Potomac,
// Pamlico Sound, Lake Pontchartrain's GMZ534…) showed 34-kt thunderstorms on /gridpoints with no warning.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertZonesByOffice } from '../../../../adapters/forecast/embedded/alerts/alert-zone-source.ts';
import { zoneWeatherPlace } from '../../../../adapters/forecast/embedded/alerts/alert-zone-place.ts';
import { cellProfiles } from '../../../../adapters/forecast/embedded/grid/cell-profile.ts';
import { cellOfPoint, hasForecastGrid } from '../../../../adapters/forecast/embedded/grid/grid-cell.ts';
import { zonePlace } from '../../../../adapters/forecast/embedded/weather/alerts.ts';
import { catalogue, depsAt } from './alerts-zones-support.ts';

const deps = depsAt('2026-01-01T00:00:00Z');
const offices = alertZonesByOffice(catalogue, (office) => hasForecastGrid(deps, office), zoneWeatherPlace(deps));
const profileOf = cellProfiles(deps);

describe('marine zone places', () => {
  it("every marine zone's alert place is its gridpoint's centre, over water as that gridpoint is", () => {
    let checked = 0;
    let land = 0;
    for (const zone of offices.flat()) {
      if (!zone.marine) continue;
      const place = zonePlace(zone);
      let cell;
      try {
        cell = cellOfPoint(deps, place.lat, place.lon);
      } catch {
        assert.equal(place.overWater, true, `${zone.id}: off every grid, so at sea`);
        continue;
      }
      const profile = profileOf(cell);
      assert.deepEqual([place.lat, place.lon], [profile.centre.lat, profile.centre.lon], zone.id);
      assert.equal(place.overWater === true, profile.overWater === true, `${zone.id}: over water as its gridpoint`);
      checked++;
      if (!place.overWater) land++;
    }
    assert.ok(checked > 400, `${checked} marine zones checked`);
    assert.ok(land > 0, 'some marine zones lie on a cell holding land');
  });
});
