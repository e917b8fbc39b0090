// Where and when the model's thunderstorms come (convective-climate.ts): on the central Plains a share of them at
// night beside the afternoon's, near the nocturnal maximum of Wallace (1975) and Easterling & Robinson (1985),
// where the model once had none between 03 and 18 UTC, and then (5c75457) all but none by day; in the South a
// spring season, April and May, before high summer (Brooks et al. 2003; SPC climatology), where the model once
// had 97% of them in June to September. Counted over a lattice of places through 2026, with bounds well inside
// what the model gives, far outside what it gave.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { placeHours } from '../../../../../adapters/forecast/embedded/weather/model.ts';

const HOUR = 3_600_000;

/** Every thunderstorm hour (epoch hour) from `fromMonth` to `toMonth` 2026 (0–11, inclusive) at a lattice of places. */
function stormHours(lats: readonly number[], lons: readonly number[], fromMonth: number, toMonth: number): number[] {
  const from = Date.UTC(2026, fromMonth, 1) / HOUR;
  const to = Date.UTC(2026, toMonth + 1, 1) / HOUR;
  const out: number[] = [];
  for (const lat of lats)
    for (const lon of lons) {
      const samples = placeHours({ lat, lon, elevationM: 400 })(from, to - from);
      samples.forEach((s, i) => s.precipType === 'thunderstorms' && out.push(from + i));
    }
  return out;
}

const utcHour = (hour: number) => hour % 24;
const month = (hour: number) => new Date(hour * HOUR).getUTCMonth();
const share = (hours: readonly number[], keep: (hour: number) => boolean) => hours.filter(keep).length / hours.length;

describe('the thunderstorms of the model by region, hour and season', () => {
  it('on the central Plains come at night as well as by day: 03-12 UTC over a third, 18-03 UTC a fifth or more', () => {
    // Kansas and Nebraska, May to August: a nocturnal maximum, beside the afternoon's storms, not instead of them.
    const hours = stormHours([38, 40, 42], [-100, -98, -96], 4, 7);
    assert.ok(hours.length >= 50, `${hours.length} storm hours`);
    const night = share(hours, (h) => utcHour(h) >= 3 && utcHour(h) < 12);
    const evening = share(hours, (h) => utcHour(h) >= 18 || utcHour(h) < 3);
    assert.ok(night >= 0.35, `night share ${night.toFixed(2)}`);
    assert.ok(evening >= 0.2, `afternoon and evening share ${evening.toFixed(2)}`);
  });

  it('in the South have a spring season: April and May hold over a sixth of the April-September storms', () => {
    // Oklahoma and Arkansas to Mississippi and Alabama.
    const hours = stormHours([32, 34], [-97, -93, -89, -86], 3, 8);
    assert.ok(hours.length >= 50, `${hours.length} storm hours`);
    const spring = share(hours, (h) => month(h) === 3 || month(h) === 4);
    assert.ok(spring >= 0.17, `spring share ${spring.toFixed(2)}`);
  });
});
