// Non-diurnal temperature trends (issue 38, item 2): a night that warms after its low, a day that cools after
// its high, flagged in temperatureTrend and said in the text as the NWS says it; and never a night's low above
// the day's high next to it without one.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dailyForecast, type ForecastPeriod } from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { temperatureTrend } from '../../../../../adapters/forecast/embedded/weather/period-summary.ts';

const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000);

const PLACES = [
  { name: 'Syracuse', place: { lat: 43.11, lon: -76.1, elevationM: 125 }, timeZone: 'America/New_York' },
  { name: 'Wichita', place: { lat: 37.65, lon: -97.43, elevationM: 407 }, timeZone: 'America/Chicago' },
  { name: 'Denver', place: { lat: 39.85, lon: -104.66, elevationM: 1650 }, timeZone: 'America/Denver' },
  { name: 'Minneapolis', place: { lat: 44.88, lon: -93.23, elevationM: 256 }, timeZone: 'America/Chicago' },
  { name: 'Atlanta', place: { lat: 33.63, lon: -84.44, elevationM: 308 }, timeZone: 'America/New_York' },
  { name: 'Fairbanks', place: { lat: 64.8, lon: -147.88, elevationM: 135 }, timeZone: 'America/Anchorage' },
  { name: 'Seattle', place: { lat: 47.45, lon: -122.31, elevationM: 132 }, timeZone: 'America/Los_Angeles' },
];

/** Every 12-hour period of a forecast issued every five days through the year, at each place. */
function* forecasts(): Generator<{ name: string; periods: readonly ForecastPeriod[] }> {
  for (const { name, place, timeZone } of PLACES)
    for (let day = 0; day < 365; day += 5) {
      const issuedHour = hourOf('2026-01-01T15:00:00Z') + day * 24;
      yield {
        name,
        periods: dailyForecast({ place, issuedHour, timeZone, iconBaseUrl: 'https://x.test/icons' }).periods,
      };
    }
}

describe('temperature trends', () => {
  it('says how a night stays above the day before it, or a day below the night before it', () => {
    let rising = 0;
    let falling = 0;
    const failures: string[] = [];
    for (const { name, periods } of forecasts()) {
      periods.forEach((p, i) => {
        if (p.temperatureTrend === 'rising') rising++;
        if (p.temperatureTrend === 'falling') falling++;
        // The flag and the words always go together.
        const said = /with temperatures (rising|falling) to around -?\d+ (overnight|in the afternoon)\./.exec(
          p.detailedForecast,
        );
        if ((said?.[1] ?? null) !== p.temperatureTrend)
          failures.push(`${name} ${p.startTime}: trend ${p.temperatureTrend} but "${p.detailedForecast}"`);
        const before = periods[i - 1];
        if (!before || before.isDaytime === p.isDaytime) return;
        // A day whose high is below the night's low before it cooled through the day (a cold front); a night
        // whose low is above the day's high before it warmed through the night (a warm front).
        const against = p.isDaytime ? p.temperature < before.temperature : p.temperature > before.temperature;
        if (against && p.temperatureTrend === null)
          failures.push(`${name} ${p.name} ${p.startTime}: ${before.temperature} then ${p.temperature}, no trend`);
      });
    }
    assert.deepEqual(failures.slice(0, 10), []);
    assert.ok(rising > 5 && falling > 5, `fronts happen: ${rising} rising nights, ${falling} falling days`);
  });

  it('reads the trend from the hours: an early low then warming, an early high then cooling', () => {
    assert.deepEqual(temperatureTrend([40, 36, 33, 32, 34, 37, 40, 42, 43, 43, 44, 45], false, 'us'), {
      kind: 'rising',
      to: 45,
    });
    assert.deepEqual(temperatureTrend([50, 52, 51, 48, 45, 42, 40, 38, 37, 36, 35, 35], true, 'us'), {
      kind: 'falling',
      to: 35,
    });
    // The ordinary cycle is no trend: a night that cools to dawn, a day that warms to the afternoon.
    assert.equal(temperatureTrend([50, 48, 46, 45, 44, 43, 42, 41, 40, 40, 39, 39], false, 'us'), null);
    assert.equal(temperatureTrend([40, 42, 45, 48, 51, 53, 55, 56, 56, 55, 53, 50], true, 'us'), null);
    // A night that barely warms is no trend, unless its low is above the day before's high.
    const slight = [33, 32, 32, 33, 33, 33, 34, 34, 34, 34, 34, 34];
    assert.equal(temperatureTrend(slight, false, 'us', 40), null);
    assert.deepEqual(temperatureTrend(slight, false, 'us', 31), { kind: 'rising', to: 34 });
  });
});
