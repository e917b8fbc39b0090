import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HAZARD_RULES, hourlySeries } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { placeHazards } from '../../../../../adapters/forecast/embedded/weather/hazard-windows.ts';

const HOUR = (iso: string) => Date.parse(iso) / 3_600_000;

/** Frost and freeze products belong to the growing season: none in the dead of winter, where it freezes anyway. */
test("no Frost Advisory or Freeze Warning in January, on Alaska's mild coasts as inland", () => {
  const places = [
    { lat: 58.3019, lon: -134.4197, elevationM: 10 }, // Juneau
    { lat: 57.79, lon: -152.4072, elevationM: 20 }, // Kodiak
    { lat: 61.2181, lon: -149.9003, elevationM: 30 }, // Anchorage
    { lat: 64.8378, lon: -147.7164, elevationM: 140 }, // Fairbanks
    { lat: 47.6062, lon: -122.3321, elevationM: 50 }, // Seattle
    { lat: 51.88, lon: -176.6581, elevationM: 5 }, // Adak
    { lat: 52.7123, lon: 174.1136, elevationM: 30 }, // Shemya, Western Aleutians (east of the date line)
  ];
  for (const place of places) {
    for (const start of ['2026-01-05T00:00:00Z', '2026-01-20T00:00:00Z', '2026-02-05T00:00:00Z']) {
      const first = HOUR(start);
      const frost = placeHazards(HAZARD_RULES, place, first, hourlySeries(place, first, 240)).filter(
        (w) => w.rule.family === 'freeze',
      );
      assert.deepEqual(
        frost.map((w) => w.rule.event),
        [],
        `${JSON.stringify(place)} from ${start}`,
      );
    }
  }
});

test('frost and freeze products still come in spring and autumn where it gets cold', () => {
  const place = { lat: 39.05, lon: -95.68, elevationM: 300 }; // Topeka
  let seen = 0;
  for (let day = 0; day < 60; day += 4) {
    const first = HOUR('2026-10-01T00:00:00Z') + day * 24;
    seen += placeHazards(HAZARD_RULES, place, first, hourlySeries(place, first, 96)).filter(
      (w) => w.rule.family === 'freeze',
    ).length;
  }
  assert.ok(seen > 0, 'an autumn in Kansas brings at least one frost or freeze product');
});
