// A thunderstorm's outflow is the storm-based warnings' gust; the wind products (Wind Advisory, High Wind
// Warning, the marine wind and its seas, turbulence SIGMETs) count the gust without it, synopticGustKmh. At sea
// the model adds no outflow, so there it is the hour's gust; over land it is the mixed wind's gust, not the
// sustained wind (which dropped a windy hour with embedded thunder out of a Wind Advisory and, at sea, the
// marine wind from (speed + gust) / 2 to the speed, lowering the seas and removing Small Craft Advisories).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlySeries, synopticGustKmh } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { marineWindKmh } from '../../../../../adapters/forecast/embedded/weather/marine-wind.ts';
import { openSeaWeight } from '../../../../../adapters/forecast/embedded/weather/sea-water.ts';

const JULY = Date.UTC(2026, 6, 1) / 3_600_000;
const HOURS = 24 * 31;

/** Every thunderstorm hour of July 2026 at a lattice of places. */
function stormHours(lats: readonly number[], lons: readonly number[], keep: (lat: number, lon: number) => boolean) {
  const out = [];
  for (const lat of lats)
    for (const lon of lons)
      if (keep(lat, lon))
        for (const s of hourlySeries({ lat, lon, elevationM: 0 }, JULY, HOURS))
          if (s.precipType === 'thunderstorms') out.push(s);
  return out;
}

describe('the gust without the storm (synopticGustKmh)', () => {
  it("at sea is the gust without the storm's outflow, as over land: the marine wind stays halfway to it", () => {
    // The open Gulf off Florida's west coast, where the model's wind is the sea's (sea-water.ts). Its storms'
    // outflow gusts are the Special Marine Warning's (marine-storm-warnings.ts), not the marine wind's.
    const lats = [25.5, 26, 26.5, 27, 27.5, 28, 28.5, 29];
    const lons = [-86, -85.5, -85, -84.5, -84, -83.5];
    const hours = stormHours(lats, lons, (lat, lon) => openSeaWeight(lat, lon) > 0.5);
    assert.ok(hours.length >= 50, `${hours.length} thunderstorm hours at sea`);
    const off = hours.filter(
      (s) => synopticGustKmh(s) > s.windGustKmh || marineWindKmh(s) !== (s.windSpeedKmh + synopticGustKmh(s)) / 2,
    );
    assert.equal(off.length, 0, `${off.length} of ${hours.length} hours`);
    assert.ok(hours.some((s) => synopticGustKmh(s) > s.windSpeedKmh + 4));
    assert.ok(hours.some((s) => s.windGustKmh > synopticGustKmh(s) + 20));
  });

  it("over land is the mixed wind's gust, above the sustained wind, and the outflow only adds to it", () => {
    const lats = [30, 32, 34, 36, 38, 40, 42];
    const lons = [-100, -97, -94, -91, -88, -85, -82];
    const hours = stormHours(lats, lons, () => true).filter((s) => s.windSpeedKmh > 15);
    assert.ok(hours.length >= 200, `${hours.length} breezy thunderstorm hours`);
    // The model's land gust: the speed × a gust factor of about 1.1 or more, + 4 km/h over 15 km/h (model.ts).
    const off = hours.filter((s) => synopticGustKmh(s) < s.windSpeedKmh + 4 || synopticGustKmh(s) > s.windGustKmh);
    assert.deepEqual(
      off.slice(0, 5).map((s) => [s.windSpeedKmh, synopticGustKmh(s), s.windGustKmh]),
      [],
      `${off.length} of ${hours.length} hours`,
    );
    // Some of those hours' gusts are their storm's outflow, which the wind products leave out.
    assert.ok(hours.some((s) => s.windGustKmh > synopticGustKmh(s) + 20));
  });
});
