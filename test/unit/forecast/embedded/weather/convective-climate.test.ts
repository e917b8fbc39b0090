// Where and when the model's thunderstorms come (convective-climate.ts): on the central Plains a share of them at
// night beside the afternoon's, near the nocturnal maximum of Wallace (1975) and Easterling & Robinson (1985),
// where the model once had none between 03 and 18 UTC, and then (5c75457) all but none by day; in the South a
// spring season, April and May, before high summer (Brooks et al. 2003; SPC climatology), where the model once
// had 97% of them in June to September. Counted over a lattice of places through 2026, with bounds well inside
// what the model gives, far outside what it gave.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { placeHours } from '../../../../../adapters/forecast/embedded/weather/model.ts';
import { TORNADIC_DEWPOINT_C } from '../../../../../adapters/forecast/embedded/weather/storm-warnings.ts';

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

  it('east of the Appalachians peak in the summer afternoon: Washington and New York at 13-19 local', () => {
    // The Plains' night storms reach the Mississippi and the Ohio Valley, not the East Coast (convective-climate.ts,
    // Carbone et al. 2002, Wallace 1975): the night timing and the night jet's lift stop west of 82° W.
    for (const [name, lat, lon] of [
      ['Washington', 38.85, -77.04],
      ['New York', 40.78, -73.97],
    ] as const) {
      const from = Date.UTC(2026, 5, 1) / HOUR;
      const to = Date.UTC(2026, 8, 1) / HOUR;
      const byHour = new Array<number>(24).fill(0);
      placeHours({ lat, lon, elevationM: 50 })(from, to - from).forEach((s, i) => {
        if (s.precipType === 'thunderstorms') byHour[Math.floor((utcHour(from + i) + lon / 15 + 24) % 24)]!++;
      });
      const peak = byHour.indexOf(Math.max(...byHour));
      assert.ok(peak >= 13 && peak <= 19, `${name}: June-August storm hours peak at ${peak} local solar time`);
    }
  });

  it('in the South have a spring season: April and May hold over a sixth of the April-September storms', () => {
    // Oklahoma and Arkansas to Mississippi and Alabama.
    const hours = stormHours([32, 34], [-97, -93, -89, -86], 3, 8);
    assert.ok(hours.length >= 50, `${hours.length} storm hours`);
    const spring = share(hours, (h) => month(h) === 3 || month(h) === 4);
    assert.ok(spring >= 0.17, `spring share ${spring.toFixed(2)}`);
  });
});

/** The days of 2026 (local solar) with a thunderstorm hour at a place. */
function stormDays(lat: number, lon: number, elevationM: number): number {
  const from = Date.UTC(2026, 0, 1) / HOUR;
  const days = new Set<number>();
  placeHours({ lat, lon, elevationM })(from, 8760).forEach(
    (s, i) => s.precipType === 'thunderstorms' && days.add(Math.floor((from + i + lon / 15) / 24)),
  );
  return days.size;
}

describe('the thunderstorms of the model beside the summer afternoon (fronts, terrain, spring, cool season)', () => {
  it('has the Front Range afternoon storms and the Midwest summer storms: Denver and Chicago over a floor of days', () => {
    // Their climatology: Denver ~40 thunderstorm days a year, Chicago ~38 (scripts/thunder-days-report.ts); the model
    // had none at Denver and ~1 at Chicago before the terrain's and the fronts' lift (~24 and ~15 with them).
    const denver = stormDays(39.83, -104.66, 1650);
    const chicago = stormDays(41.99, -87.93, 201);
    assert.ok(denver >= 12, `Denver ${denver} thunderstorm days`);
    assert.ok(chicago >= 8, `Chicago ${chicago} thunderstorm days`);
  });

  it('has a March-April season in the South and a few cool-season storms in the Southeast', () => {
    const spring = stormHours([32, 34], [-97, -93, -89, -86], 2, 3);
    assert.ok(spring.length >= 40, `${spring.length} March-April storm hours`);
    const cool =
      stormHours([30, 32], [-91, -88, -85, -82], 10, 11).length +
      stormHours([30, 32], [-91, -88, -85, -82], 0, 2).length;
    assert.ok(cool >= 2, `${cool} November-March storm hours`);
  });
});

describe("the South's spring storms in the warm sector", () => {
  it('come in air of tornadic moisture: a fifth or more of March-April storm hours at the tornadic dewpoint', () => {
    // A spring low's warm sector brings the Gulf's air north (convective-climate.ts, Crisp & Lewis 1992): the
    // South's spring storms in 60s °F dewpoints. The model's had almost none at 16 °C before it.
    const from = Date.UTC(2026, 2, 1) / HOUR;
    const to = Date.UTC(2026, 4, 1) / HOUR;
    let storms = 0;
    let moist = 0;
    for (const lat of [32, 34])
      for (const lon of [-97, -93, -89, -86])
        for (const s of placeHours({ lat, lon, elevationM: 200 })(from, to - from))
          if (s.precipType === 'thunderstorms') {
            storms++;
            if (s.dewpointC >= TORNADIC_DEWPOINT_C) moist++;
          }
    assert.ok(storms >= 40, `${storms} March-April storm hours`);
    assert.ok(moist / storms >= 0.2, `${moist} of ${storms} at ${TORNADIC_DEWPOINT_C} °C or more`);
  });
});

describe("thunderstorm days a year near the stations' climatology", () => {
  it('Chicago, Omaha, Wichita, Denver and Jackson within a third of their means, Omaha and Wichita short of the Plains excess', () => {
    // Their climatology (scripts/thunder-days-report.ts's sources): Chicago ~38, Omaha ~45, Wichita ~55, Denver ~40,
    // Jackson ~65. The model had Chicago 15, Omaha 63, Wichita 79, Denver 24 before the night storms' eastward reach,
    // the jet's June season and the severe season's lift (convective-climate.ts).
    const bands: [string, number, number, number, number][] = [
      ['Chicago', 41.995, -87.9336, 201, 38],
      ['Omaha', 41.3103, -95.8992, 299, 45],
      ['Wichita', 37.6544, -97.4425, 407, 55],
      ['Denver', 39.8328, -104.6575, 1650, 40],
      ['Jackson', 32.3367, -90.2214, 104, 65],
    ];
    const excess: Record<string, number> = { Omaha: 63, Wichita: 79 };
    for (const [name, lat, lon, elevationM, normal] of bands) {
      const days = stormDays(lat, lon, elevationM);
      assert.ok(
        days >= normal * 0.67 && days <= normal * 1.33,
        `${name} ${days} thunderstorm days (climatology ~${normal})`,
      );
      const before = excess[name];
      if (before !== undefined) assert.ok(days < before, `${name} ${days} thunderstorm days, short of ${before}`);
    }
  });
});
