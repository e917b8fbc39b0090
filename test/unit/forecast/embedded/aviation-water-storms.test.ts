// The aviation storm lattice (aviation/storm-scan.ts) over the Gulf and the Atlantic: a point over water has the
// water's thunderstorms (marine-convection.ts), decided as the forecast decides it (grid-cell.ts isPointOverWater),
// so a SIGMET or CWA there follows the storms the gridpoints and Special Marine Warnings show, not the land's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stormsAt } from '../../../../adapters/forecast/embedded/aviation/storm-scan.ts';
import { weatherAt, type WeatherSample } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { deps } from './support.ts';

const START_HOUR = Date.parse('2026-01-01T00:00:00Z') / 3_600_000;
/** Lattice points of the open Gulf of Mexico and the Atlantic off the Carolinas and Florida. */
const WATER = [
  [27, -90],
  [28, -86],
  [25, -80],
  [31, -78],
  [34, -74],
] as const;
/** Lattice points over land: Texas and Illinois. */
const LAND = [
  [33, -97],
  [40, -90],
] as const;

const likelyStorm = (s: WeatherSample) => s.precipType === 'thunderstorms' && s.precipProbabilityPct >= 40;

describe('the aviation storm lattice over water', () => {
  it("has the water's thunderstorms at sea and the land's ashore, hour by hour", () => {
    const d = deps();
    let waterStorms = 0;
    let landStormsAtSea = 0;
    for (let h = 0; h < 8760; h += 23) {
      const hour = START_HOUR + h;
      const cells = new Set(stormsAt(d, hour).map((c) => `${c.lat},${c.lon}`));
      for (const [lat, lon] of WATER) {
        const water = likelyStorm(weatherAt({ lat, lon, elevationM: 0, overWater: true }, hour));
        if (likelyStorm(weatherAt({ lat, lon, elevationM: 300 }, hour))) landStormsAtSea++;
        if (water) waterStorms++;
        assert.equal(cells.has(`${lat},${lon}`), water, `${lat},${lon} at hour ${hour}`);
      }
      for (const [lat, lon] of LAND)
        assert.equal(cells.has(`${lat},${lon}`), likelyStorm(weatherAt({ lat, lon, elevationM: 300 }, hour)));
    }
    console.log(`# water points: ${waterStorms} storm hours as water, ${landStormsAtSea} had they been land`);
    // The two differ, or the test would not tell them apart.
    assert.notEqual(waterStorms, landStormsAtSea);
  });
});
