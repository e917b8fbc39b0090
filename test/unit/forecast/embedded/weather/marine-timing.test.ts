// Thunderstorms over open water come at night and before dawn, not in the land's afternoon (marine-convection.ts,
// waterConvectiveTiming: oceanic convection's early-morning maximum), while the land's keep the afternoon.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlySeries, type Place } from '../../../../../adapters/forecast/embedded/weather/index.ts';

const START = Date.parse('2026-01-01T00:00:00Z') / 3_600_000;

/** A year's thunderstorm hours at a place: those from 00 to 12 local solar time, and all of them. */
function stormHours(place: Place): { night: number; all: number } {
  let night = 0;
  let all = 0;
  hourlySeries(place, START, 8760).forEach((s, k) => {
    if (s.precipType !== 'thunderstorms') return;
    all++;
    if ((((START + k + place.lon / 15) % 24) + 24) % 24 < 12) night++;
  });
  return { night, all };
}

describe("the water's thunderstorms", () => {
  it('come before noon over the Gulf Stream and the Gulf, after it over Florida and Alabama', () => {
    for (const [lat, lon] of [
      [25.8, -79.9],
      [29.8, -88.0],
    ] as const) {
      const water = stormHours({ lat, lon, elevationM: 0, overWater: true });
      assert.ok(water.all > 20 && water.night > 0.8 * water.all, `${lat},${lon} water ${JSON.stringify(water)}`);
    }
    for (const [lat, lon] of [
      [25.8, -80.3],
      [30.7, -88.1],
    ] as const) {
      const land = stormHours({ lat, lon, elevationM: 5 });
      assert.ok(land.all > 20 && land.night < 0.5 * land.all, `${lat},${lon} land ${JSON.stringify(land)}`);
    }
  });
});
