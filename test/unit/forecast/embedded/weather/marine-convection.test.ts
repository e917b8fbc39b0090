// Over water a convective hour thunders only in its vigorous cells (marine-convection.ts): open water has about a
// tenth of the land's lightning (Christian et al. 2003), the Gulf's and Florida's coastal waters the most of any.
// A marine zone's gridpoint had the land's storms whole: San Juan's waters ~1,100 thunderstorm hours a year.
// Every hour of 2026 at a few marine gridpoints, each also sampled as land (no `overWater`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlySeries, type WeatherSample } from '../../../../../adapters/forecast/embedded/weather/model.ts';

const FROM = Date.UTC(2026, 0, 1) / 3_600_000;
const HOURS = 8760;
const storms = (hours: readonly WeatherSample[]) => hours.filter((s) => s.precipType === 'thunderstorms').length;
const year = (lat: number, lon: number) => {
  const land = hourlySeries({ lat, lon, elevationM: 0 }, FROM, HOURS);
  const water = hourlySeries({ lat, lon, elevationM: 0, overWater: true }, FROM, HOURS);
  return { land, water, share: storms(water) / storms(land) };
};
const sanJuan = year(18.55, -66.1);
const miami = year(25.8, -80.05);
const chesapeake = year(37.5, -76.1);

describe('marine convection: the waters thunder less than the land', () => {
  it("San Juan's waters have a few tens of thunderstorm hours a year, not the land's ~1,100", () => {
    assert.ok(storms(sanJuan.land) > 800, `land ${storms(sanJuan.land)}`);
    assert.ok(storms(sanJuan.water) <= 60, `water ${storms(sanJuan.water)}`);
  });

  it("Florida's warm coastal waters keep several times the open water's share of the land's storms", () => {
    assert.ok(storms(miami.water) >= 50, `Miami's waters ${storms(miami.water)}`);
    assert.ok(miami.share >= 0.15 && miami.share < 1, `Miami's share ${miami.share.toFixed(2)}`);
    for (const [name, other] of [
      ['San Juan', sanJuan],
      ['Chesapeake', chesapeake],
    ] as const)
      assert.ok(miami.share > 2 * other.share, `${name} ${other.share.toFixed(2)}, Miami ${miami.share.toFixed(2)}`);
  });

  it("keeps the hour's rain, chance and sky: the storms that do not thunder are showers", () => {
    for (const { land, water } of [sanJuan, miami]) {
      const differ = land.filter((s, i) => {
        const w = water[i]!;
        if (s.qpfMm !== w.qpfMm || s.precipProbabilityPct !== w.precipProbabilityPct) return true;
        if (s.skyCoverPct !== w.skyCoverPct || s.temperatureC !== w.temperatureC) return true;
        return s.precipType !== w.precipType && !(s.precipType === 'thunderstorms' && w.precipType === 'rain');
      });
      assert.equal(differ.length, 0);
    }
  });

  it("the water's thunderstorms keep the land's spread of outflow gusts, not only the strongest cells'", () => {
    const knots = miami.water
      .filter((s) => s.precipType === 'thunderstorms')
      .map((s) => s.windGustKmh / 1.852)
      .sort((a, b) => a - b);
    const median = knots[Math.floor(knots.length / 2)]!;
    const warned = knots.filter((k) => k >= 34).length / knots.length;
    assert.ok(median >= 28 && median <= 45, `median ${median.toFixed(0)} kt`);
    assert.ok(warned >= 0.3 && warned <= 0.9, `${(100 * warned).toFixed(0)}% reach 34 kt`);
  });
});
