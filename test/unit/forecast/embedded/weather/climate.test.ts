// Alaska and the tropical islands against their climate normals (NOAA 1991-2020, rounded): the model's
// normal daily mean for mid-January and mid-July, and the islands' wet seasons.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  placeClimate,
  seasonalClimate,
  type PlaceClimate,
} from '../../../../../adapters/forecast/embedded/weather/climate.ts';

const JAN = 15;
const MAR = 74;
const JUL = 196;
const SEP = 258;

const at = (lat: number, lon: number, elevationM: number): PlaceClimate => placeClimate({ lat, lon, elevationM });
const mean = (pc: PlaceClimate, day: number): number => seasonalClimate(pc, day).meanTempC;

function near(actual: number, expected: number, tolerance: number, what: string): void {
  assert.ok(
    Math.abs(actual - expected) <= tolerance,
    `${what}: ${actual.toFixed(1)} not within ${tolerance} of ${expected}`,
  );
}

describe('Alaska climate', () => {
  it('gives the Interior an arctic winter and a warm summer (Fairbanks: January −22 °C, July 17 °C)', () => {
    const fairbanks = at(64.84, -147.72, 135);
    near(mean(fairbanks, JAN), -22, 3, 'Fairbanks January');
    near(mean(fairbanks, JUL), 17, 3, 'Fairbanks July');
  });

  it('keeps the south coast and the Panhandle milder (Anchorage January −8 °C, Juneau year 5.5 °C)', () => {
    near(mean(at(61.22, -149.9, 40), JAN), -8, 3, 'Anchorage January');
    near(at(58.3, -134.42, 10).annualMeanC, 5.5, 2, 'Juneau annual');
  });

  it('keeps the Arctic coast cold all year (Utqiagvik: January −25 °C, July 5 °C)', () => {
    const utqiagvik = at(71.29, -156.79, 3);
    near(mean(utqiagvik, JAN), -25, 5, 'Utqiagvik January');
    near(mean(utqiagvik, JUL), 5, 6, 'Utqiagvik July');
  });
});

describe('tropical island climate', () => {
  it('holds the islands near their sea temperature with a small annual swing', () => {
    for (const [name, lat, lon, janC, julC] of [
      ['Honolulu', 21.31, -157.86, 23, 27],
      ['San Juan', 18.47, -66.1, 25.5, 28.5],
      ['Guam', 13.44, 144.79, 26.5, 28],
    ] as const) {
      const pc = at(lat, lon, 5);
      near(mean(pc, JAN), janC, 1.5, `${name} January`);
      near(mean(pc, JUL), julC, 1.5, `${name} July`);
    }
  });

  it('blows the trade winds and brings each island its wet season: Guam typhoons, Caribbean storms, Hawaiian winters', () => {
    const guam = at(13.44, 144.79, 80);
    const sanJuan = at(18.47, -66.1, 5);
    const honolulu = at(21.31, -157.86, 5);
    const minneapolis = at(44.98, -93.26, 260);
    assert.ok(guam.baseWindKmh > minneapolis.baseWindKmh + 5, 'trade winds');
    for (const [name, pc, wet, dry] of [
      ['Guam', guam, SEP, MAR],
      ['San Juan', sanJuan, SEP, MAR],
      ['Honolulu', honolulu, JAN, JUL],
    ] as const) {
      const w = seasonalClimate(pc, wet);
      const d = seasonalClimate(pc, dry);
      assert.ok(
        w.moisture >= d.moisture + 0.15,
        `${name}: wet ${w.moisture.toFixed(2)} vs dry ${d.moisture.toFixed(2)}`,
      );
    }
    assert.ok(
      seasonalClimate(guam, SEP).baseWindKmh > seasonalClimate(guam, MAR).baseWindKmh * 1.2,
      'typhoon season is windier',
    );
  });
});
