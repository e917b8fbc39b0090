// Over the open warm water off the Southeast the summer's thunderstorms come at night and in the early morning
// (~03-07 local), over the land in the mid-to-late afternoon (Nesbitt & Zipser 2003; Liu & Zipser 2008; Lericos
// et al. 2002 off Florida: convective-climate.ts's waterNightShare). The model gave every place the land's
// afternoon peak, the open Gulf's included. June to August 2026, every hour, counted by local solar hour.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { placeHours, type Place } from '../../../../../adapters/forecast/embedded/weather/model.ts';
import { waterNightShare } from '../../../../../adapters/forecast/embedded/weather/convective-climate.ts';
import { openSeaPlace, seaOffshoreKm } from '../../../../../adapters/forecast/embedded/weather/sea-water.ts';

const HOUR = 3_600_000;
const FROM = Date.UTC(2026, 5, 1) / HOUR;
const COUNT = Date.UTC(2026, 8, 1) / HOUR - FROM;

/** The summer's thunderstorm hours at a place by local solar hour (0-23). */
function byLocalHour(place: Place): number[] {
  const by = new Array<number>(24).fill(0);
  placeHours(place)(FROM, COUNT).forEach((s, i) => {
    if (s.precipType === 'thunderstorms') by[Math.floor((((FROM + i) % 24) + place.lon / 15 + 48) % 24)]!++;
  });
  return by;
}
const peakHour = (by: readonly number[]) => by.indexOf(Math.max(...by));
const share = (by: readonly number[], from: number, to: number) =>
  by.slice(from, to).reduce((a, b) => a + b, 0) / by.reduce((a, b) => a + b, 0);

describe("the open water's thunderstorms peak before dawn, the land's in the afternoon", () => {
  for (const [name, lat, lon] of [
    ['the open Gulf (26° N 86° W)', 26, -86],
    ['the Atlantic over the Gulf Stream (29° N 77° W)', 29, -77],
  ] as const)
    it(`${name}: the summer's storms peak at 02-09 local, most of them then`, () => {
      const by = byLocalHour({ lat, lon, elevationM: 0, overWater: true });
      assert.ok(by.reduce((a, b) => a + b, 0) >= 30, `${by.join(' ')}`);
      const peak = peakHour(by);
      assert.ok(peak >= 2 && peak <= 9, `peak ${peak}: ${by.join(' ')}`);
      assert.ok(share(by, 2, 10) >= 0.5, `02-09 share ${share(by, 2, 10).toFixed(2)}`);
    });

  for (const [name, lat, lon] of [
    ['Orlando', 28.54, -81.38],
    ['Houston', 29.76, -95.37],
  ] as const)
    it(`${name}, on land, still peaks at 13-19 local`, () => {
      const by = byLocalHour({ lat, lon, elevationM: 30 });
      const peak = peakHour(by);
      assert.ok(peak >= 13 && peak <= 19, `peak ${peak}: ${by.join(' ')}`);
    });

  it('the night share grows offshore: none at the coast, the most from 35 km out', () => {
    assert.equal(waterNightShare(0), 0);
    assert.equal(waterNightShare(10), 0);
    assert.ok(waterNightShare(20) > 0 && waterNightShare(20) < waterNightShare(35));
    assert.equal(waterNightShare(35), waterNightShare(200));
    // Off Miami Beach, a few km out, and far out in the Gulf (the sea mask's distance) and the Atlantic.
    const miami = seaOffshoreKm(25.8, -80.05, openSeaPlace(25.8, -80.05));
    assert.ok(miami < 10, `off Miami Beach ${miami.toFixed(1)} km`);
    for (const [lat, lon] of [
      [26, -86],
      [29, -77],
    ] as const)
      assert.ok(seaOffshoreKm(lat, lon, openSeaPlace(lat, lon)) >= 100, `${lat}, ${lon}`);
    // Inland waters are near their shores, not the open sea: Chesapeake Bay, Lake Pontchartrain.
    assert.ok(seaOffshoreKm(37.5, -76.1, undefined) < 20);
    assert.ok(seaOffshoreKm(30.18, -90.1, undefined) < 15);
  });
});
