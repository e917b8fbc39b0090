// A marine product runs from the start of its event to its end (NWSI 10-315's marine weather event): spells at
// criteria separated by a short lull are one product, and a spell of an hour or two is none (MWW_EVENT,
// alert-rules.ts). Hand-made hours over a Gulf zone (no spray, no lake ice, no seas recorded): the wind alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sampleWith } from '../sample-support.ts';
import { marineHazards } from '../../../../../adapters/forecast/embedded/weather/marine-alert-rules.ts';
import { MWW_EVENT, SPRAY_EVENT } from '../../../../../adapters/forecast/embedded/weather/alert-rules.ts';
import type { AlertZone, WeatherSample } from '../../../../../adapters/forecast/embedded/weather/index.ts';

const GULF = {
  id: 'GMZ042',
  name: 'Coastal waters test zone',
  state: 'TX',
  lat: 27.5,
  lon: -97.0,
  officeId: 'CRP',
  officeName: 'Corpus Christi TX',
  timeZone: 'America/Chicago',
  marine: { smallCraftKt: 20 },
} as AlertZone;
const FIRST = Date.UTC(2026, 0, 10) / 3_600_000;
const calm = sampleWith({ windSpeedKmh: 10, windGustKmh: 15 });
// 40 kt sustained, 50 kt gusts: a gale (the marine wind is halfway to the gust: 45 kt).
const gale = sampleWith({ windSpeedKmh: 74, windGustKmh: 93 });

/** 96 hours, calm but for the gale hours given as [from, to) offsets. */
function hours(...spells: [number, number][]): WeatherSample[] {
  return Array.from({ length: 96 }, (_, k) => (spells.some(([a, b]) => k >= a && k < b) ? gale : calm));
}
const gales = (samples: WeatherSample[]) =>
  marineHazards(GULF, { lat: GULF.lat, lon: GULF.lon, elevationM: 0 }, FIRST, samples)
    .filter((w) => w.rule.event === 'Gale Warning')
    .map((w) => [w.startHour - FIRST, w.endHour - FIRST]);

describe('marine products run from the event’s start to its end (MWW_EVENT)', () => {
  it('bridges a lull of up to 12 hours, and no longer one', () => {
    assert.equal(MWW_EVENT.mergeGapHours, 12);
    assert.deepEqual(gales(hours([10, 16], [26, 32])), [[10, 32]]);
    assert.deepEqual(gales(hours([10, 16], [29, 35])), [
      [10, 16],
      [29, 35],
    ]);
  });

  it('issues nothing for a spell of an hour or two, and a product for three hours', () => {
    assert.deepEqual(gales(hours([10, 12])), []);
    assert.deepEqual(gales(hours([10, 13])), [[10, 13]]);
    // Two short spells a short lull apart are one event of enough hours.
    assert.deepEqual(gales(hours([10, 12], [20, 21])), [[10, 21]]);
  });

  it('gives freezing spray a day’s lull: the day between two nights of it', () => {
    assert.equal(SPRAY_EVENT.mergeGapHours, 24);
    assert.equal(SPRAY_EVENT.minHours, MWW_EVENT.minHours);
  });
});
