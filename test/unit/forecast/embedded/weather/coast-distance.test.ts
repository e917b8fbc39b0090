// The distance offshore on every coast (issue 38: the open water's night storms, convective-climate.ts's
// waterNightShare). It came from the sea masks off New England and Florida and a hand-drawn line from the Rio Grande
// to Montauk, and was 0 elsewhere: the West Coast, Alaska, Hawaii, Puerto Rico, Guam and the Great Lakes took the
// land's afternoon storms over open water. Now every coast's comes from the catalogue's outlines (coast-distance.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { waterNightShare } from '../../../../../adapters/forecast/embedded/weather/convective-climate.ts';
import {
  COAST_GRIDS,
  COAST_KM_MAX,
  coastDistanceKm,
  decodeCoastCodes,
  encodeCoastCodes,
} from '../../../../../adapters/forecast/embedded/weather/coast-distance.ts';
import { COAST_DISTANCE_DATA } from '../../../../../adapters/forecast/embedded/weather/coast-distance-data.ts';
import { placeHours, type Place } from '../../../../../adapters/forecast/embedded/weather/model.ts';
import { openSeaPlace, seaOffshoreKm } from '../../../../../adapters/forecast/embedded/weather/sea-water.ts';
import { coastDistanceCodes } from '../../../../../scripts/forecast-data/build-coast-distance.ts';

const HOUR = 3_600_000;
const offshore = (lat: number, lon: number) => seaOffshoreKm(lat, lon, openSeaPlace(lat, lon));

describe('the distance offshore on every coast', () => {
  // Every grid, the large ones too (the Great Lakes', the Gulf's and Guam's results rest on them): ~1 s in all.
  it('is what the data build makes of the shipped catalogue (every grid)', () => {
    for (const grid of COAST_GRIDS) {
      assert.ok(
        encodeCoastCodes(coastDistanceCodes(grid)) === COAST_DISTANCE_DATA[grid.name],
        `${grid.name} stale: run npx tsx scripts/forecast-data/build-coast-distance.ts`,
      );
    }
  });

  it('decodes every grid whole', () => {
    for (const g of COAST_GRIDS) {
      const codes = decodeCoastCodes(COAST_DISTANCE_DATA[g.name]!, g.rows * g.cols);
      assert.equal(encodeCoastCodes(codes), COAST_DISTANCE_DATA[g.name], g.name);
    }
  });

  for (const [name, lat, lon] of [
    ['mid Lake Michigan', 43.5, -87.0],
    ['Lake Superior off the Keweenaw', 47.6, -87.0],
    ['the Kauai Channel', 21.6, -158.7],
    ['north of Puerto Rico', 18.9, -66.5],
    ['west of Guam', 13.45, 144.2],
    ['the Pacific off Point Reyes', 37.6, -123.5],
  ] as const)
    it(`${name} is open water, the night share whole`, () => {
      const km = offshore(lat, lon);
      assert.ok(km >= 35, `${km} km`);
      assert.equal(waterNightShare(km), waterNightShare(COAST_KM_MAX));
    });

  it('the bays, sounds and rivers are near their shores, the land on it', () => {
    for (const [name, lat, lon, most] of [
      ['Chesapeake Bay', 37.5, -76.1, 20],
      ['Lake Pontchartrain', 30.18, -90.1, 15],
      ['the tidal Potomac', 38.74, -77.07, 5],
      ['Puget Sound', 47.6, -122.45, 8],
      ['San Francisco Bay', 37.7, -122.3, 10],
      ['Kaneohe Bay', 21.46, -157.8, 8],
      ['Orlando', 28.54, -81.38, 0],
      ['Anchorage', 61.2, -149.9, 0],
    ] as const)
      assert.ok(coastDistanceKm(lat, lon) <= most + 1e-9, `${name} ${coastDistanceKm(lat, lon)} km`);
  });

  it('keeps the small islands: the Pribilofs inside their nearshore zone, the Aleutians across 180°', () => {
    assert.ok(coastDistanceKm(56.89, -169.96) < 40, 'PKZ766');
    const west = coastDistanceKm(51.9, 179.99);
    const east = coastDistanceKm(51.9, -179.99);
    assert.ok(Math.abs(west - east) < 2 && west < COAST_KM_MAX, `${west} / ${east}`);
    // Beyond every grid, the open ocean.
    assert.equal(coastDistanceKm(30, -140), COAST_KM_MAX);
  });
});

/** Thunderstorm hours over water at a place, by local solar hour: 2026-2028, or June-August of 2026-2030. */
function stormHours(lat: number, lon: number, summers = false): number[] {
  const place: Place = { lat, lon, elevationM: 0, overWater: true };
  const by = new Array<number>(24).fill(0);
  const spans = summers
    ? [2026, 2027, 2028, 2029, 2030].map((y) => [Date.UTC(y, 5, 1), Date.UTC(y, 8, 1)] as const)
    : [[Date.UTC(2026, 0, 1), Date.UTC(2029, 0, 1)] as const];
  for (const [start, end] of spans) {
    const from = start / HOUR;
    placeHours(place)(from, end / HOUR - from).forEach((s, i) => {
      if (s.precipType === 'thunderstorms') by[Math.floor((((from + i) % 24) + lon / 15 + 48) % 24)]!++;
    });
  }
  return by;
}
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe("the tropical islands' open water storms before dawn (Nesbitt & Zipser 2003)", () => {
  // Before, both peaked at 16 local, none at 02-09 (all of 2026-2028: 9 and 10 storm hours in all).
  for (const [name, lat, lon] of [
    ['north of Puerto Rico', 18.9, -66.5],
    ['west of Guam', 13.45, 144.2],
  ] as const)
    it(`${name}: most of the storm hours at 02-09 local, the peak among them`, () => {
      const by = stormHours(lat, lon);
      const peak = by.indexOf(Math.max(...by));
      assert.ok(sum(by) >= 30, by.join(' '));
      assert.ok(peak >= 2 && peak <= 9, `peak ${peak}: ${by.join(' ')}`);
      assert.ok(sum(by.slice(2, 10)) / sum(by) >= 0.6, by.join(' '));
    });

  it('the open Pacific off California has almost none', () => {
    assert.ok(sum(stormHours(35, -123)) <= 3);
  });
});

describe("the Great Lakes' summer storms at night (the lake's nocturnal maximum)", () => {
  // Before, the open lake took the land's timing and a passing low's storms at any hour: June-August 2026-2030 mid
  // Lake Michigan had 86 storm hours, 50% of them at 22-09 local, the busiest three hours 12-14; now 69, 71%, 04-06.
  it('mid Lake Michigan: most of the summer storm hours at 22-09 local, the busiest three hours among them', () => {
    const by = stormHours(43.5, -87.0, true);
    const night = [22, 23, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const runs = by.map((_, h) => by[(h + 23) % 24]! + by[h]! + by[(h + 1) % 24]!);
    const busiest = runs.indexOf(Math.max(...runs));
    assert.ok(sum(by) >= 40, by.join(' '));
    assert.ok(night.includes(busiest), `busiest ${busiest}: ${by.join(' ')}`);
    assert.ok(sum(night.map((h) => by[h]!)) / sum(by) >= 0.6, by.join(' '));
  });
});
