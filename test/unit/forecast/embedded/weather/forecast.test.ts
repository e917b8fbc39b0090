import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  dailyForecast,
  hourlyForecast,
  weatherAt,
  type ForecastRequest,
  type Place,
} from '../../../../../adapters/forecast/embedded/weather/index.ts';

const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000);
const CHICAGO: Place = { lat: 41.88, lon: -87.63, elevationM: 180 };
const ICONS = 'https://example.test/icons';

function request(issuedIso: string, extra: Partial<ForecastRequest> = {}): ForecastRequest {
  return { place: CHICAGO, issuedHour: hourOf(issuedIso), timeZone: 'America/Chicago', iconBaseUrl: ICONS, ...extra };
}

const names = (r: ForecastRequest) => dailyForecast(r).periods.map((p) => p.name);

describe('hourly forecast', () => {
  it('has 48 one-hour periods from the current hour with local offsets', () => {
    const f = hourlyForecast(request('2026-11-21T21:30:00Z'));
    assert.equal(f.periods.length, 48);
    const first = f.periods[0]!;
    assert.equal(first.number, 1);
    // The spec's "Label such as a day name or Tonight": the 7-day period the hour falls in.
    assert.equal(first.name, 'This Afternoon');
    assert.equal(first.startTime, '2026-11-21T15:00:00-06:00');
    assert.equal(first.endTime, '2026-11-21T16:00:00-06:00');
    assert.equal(first.isDaytime, true);
    assert.equal(first.temperatureUnit, 'F');
    assert.equal(first.temperatureTrend, null);
    assert.match(
      first.detailedForecast,
      /^[A-Z].*\btemperature around \d+\. (Calm wind|[A-Z][a-z ]* wind around \d+ mph)\./i,
    );
    assert.equal(f.periods[3]!.name, 'Tonight');
    assert.deepEqual(
      new Set(f.periods.map((p) => p.name)),
      new Set(
        dailyForecast(request('2026-11-21T21:30:00Z'))
          .periods.slice(0, 5)
          .map((p) => p.name),
      ),
    );
    assert.equal(first.probabilityOfPrecipitation.unitCode, 'wmoUnit:percent');
    assert.equal(first.dewpoint?.unitCode, 'wmoUnit:degC');
    assert.match(first.windSpeed, /^\d+ mph$/);
    assert.match(first.windDirection, /^(N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW)$/);
    assert.match(first.icon, /^https:\/\/example\.test\/icons\/land\/day\/[a-z_]+(,\d+)?\?size=small$/);
    assert.equal(f.periods[3]!.isDaytime, false); // 6 pm
    assert.equal(f.periods[47]!.endTime, '2026-11-23T15:00:00-06:00');
    assert.equal(f.updateTime, '2026-11-21T21:00:00+00:00');
  });

  it('is deterministic', () => {
    assert.deepEqual(hourlyForecast(request('2026-05-02T10:00:00Z')), hourlyForecast(request('2026-05-02T10:00:00Z')));
  });

  it('converts between us and si from the same model values', () => {
    const us = hourlyForecast(request('2026-02-10T12:00:00Z'));
    const si = hourlyForecast(request('2026-02-10T12:00:00Z', { units: 'si' }));
    assert.equal(si.units, 'si');
    us.periods.forEach((p, i) => {
      const s = weatherAt(CHICAGO, hourOf('2026-02-10T12:00:00Z') + i);
      const q = si.periods[i]!;
      assert.equal(q.temperatureUnit, 'C');
      assert.equal(q.temperature, Math.round(s.temperatureC));
      assert.equal(p.temperature, Math.round((s.temperatureC * 9) / 5 + 32));
      assert.equal(q.windSpeed, `${Math.round(s.windSpeedKmh)} km/h`);
      assert.equal(p.windSpeed, `${Math.round(s.windSpeedKmh / 1.609344)} mph`);
      assert.deepEqual(q.dewpoint, p.dewpoint);
      assert.equal(q.shortForecast, p.shortForecast);
    });
  });
});

describe('seven-day forecast', () => {
  it('carries probabilityOfPrecipitation in every period and no dewpoint or humidity, as api.weather.gov now does', () => {
    // Recordings of /forecast: 2024-01 to 2024-06 answers carry dewpoint and relativeHumidity in the 12-hour
    // periods; every one from 2024-07 on (2024-07-02, 2024-08-03, 2024-10-20, 2024-12-26, 2025-01-05,
    // 2025-05-07, 2025-05-24, 2025-10-22) has probabilityOfPrecipitation alone. The hourly periods keep all three.
    const r = request('2026-01-20T14:00:00Z');
    for (const p of dailyForecast(r).periods) {
      assert.equal(p.probabilityOfPrecipitation.unitCode, 'wmoUnit:percent');
      assert.ok(Number.isInteger(p.probabilityOfPrecipitation.value));
      assert.equal('dewpoint' in p, false);
      assert.equal('relativeHumidity' in p, false);
    }
    for (const h of hourlyForecast(r).periods) {
      assert.equal(h.dewpoint?.unitCode, 'wmoUnit:degC');
      assert.equal(h.relativeHumidity?.unitCode, 'wmoUnit:percent');
    }
  });

  it('has 14 alternating periods that agree with the hourly forecast', () => {
    for (const units of ['us', 'si'] as const) {
      const r = request('2026-07-09T14:00:00Z', { units });
      const daily = dailyForecast(r).periods;
      const hourly = hourlyForecast(r).periods;
      assert.equal(daily.length, 14);
      let checked = 0;
      daily.forEach((p, i) => {
        if (i > 0) assert.equal(p.isDaytime, !daily[i - 1]!.isDaytime);
        if (i > 0) assert.equal(p.startTime, daily[i - 1]!.endTime);
        const start = Date.parse(p.startTime);
        const end = Date.parse(p.endTime);
        const hours = hourly.filter((h) => Date.parse(h.startTime) >= start && Date.parse(h.startTime) < end);
        // The high and low come from the NDFD's windows: 7 AM to 8 PM, 7 PM to 9 AM (from the issuance hour
        // in the first period).
        const from = i === 0 ? start : start + 3_600_000;
        const to = end + (p.isDaytime ? 2 : 3) * 3_600_000;
        const window = hourly.filter((h) => Date.parse(h.startTime) >= from && Date.parse(h.startTime) < to);
        if (window.length !== (to - from) / 3_600_000) return; // beyond the 48 hourly periods
        const temps = window.map((h) => h.temperature);
        assert.equal(p.temperature, p.isDaytime ? Math.max(...temps) : Math.min(...temps), `${p.name} ${units}`);
        const maxPop = Math.max(...hours.map((h) => h.probabilityOfPrecipitation.value ?? 0));
        assert.equal(p.probabilityOfPrecipitation.value, Math.round(maxPop / 10) * 10);
        checked++;
      });
      assert.ok(checked >= 3);
    }
  });

  it('names periods for an afternoon issuance across the day boundary', () => {
    // Saturday 3 pm CST.
    const f = dailyForecast(request('2026-11-21T21:00:00Z'));
    assert.deepEqual(
      f.periods.slice(0, 5).map((p) => p.name),
      ['This Afternoon', 'Tonight', 'Sunday', 'Sunday Night', 'Monday'],
    );
    assert.equal(f.periods[0]!.startTime, '2026-11-21T15:00:00-06:00');
    assert.equal(f.periods[0]!.endTime, '2026-11-21T18:00:00-06:00');
    assert.equal(f.periods[1]!.endTime, '2026-11-22T06:00:00-06:00');
    // Thanksgiving (Nov 26, 2026) takes the place of Thursday; its night keeps the weekday.
    assert.ok(f.periods.some((p) => p.name === 'Thanksgiving Day' && p.isDaytime));
    assert.ok(f.periods.some((p) => p.name === 'Thursday Night'));
  });

  it('names periods for morning, evening and overnight issuances', () => {
    assert.deepEqual(names(request('2026-11-21T15:00:00Z')).slice(0, 3), ['Today', 'Tonight', 'Sunday']); // 9 am
    assert.deepEqual(names(request('2026-11-22T02:00:00Z')).slice(0, 3), ['Tonight', 'Sunday', 'Sunday Night']); // 8 pm
    const overnight = dailyForecast(request('2026-11-21T09:00:00Z')); // 3 am
    assert.deepEqual(
      overnight.periods.slice(0, 4).map((p) => p.name),
      ['Overnight', 'Today', 'Tonight', 'Sunday'],
    );
    assert.equal(overnight.periods[0]!.endTime, '2026-11-21T06:00:00-06:00');
    assert.equal(names(request('2026-11-21T18:00:00Z'))[0], 'This Afternoon'); // noon
  });

  it('keeps 6 am / 6 pm boundaries through a DST change', () => {
    // US DST starts Sunday 8 March 2026.
    const f = dailyForecast(request('2026-03-07T16:00:00Z'));
    const starts = f.periods.map((p) => p.startTime.slice(11));
    assert.ok(starts.slice(1).every((t) => t.startsWith('06:00:00') || t.startsWith('18:00:00')));
    assert.ok(starts.includes('18:00:00-06:00') && starts.includes('06:00:00-05:00'));
  });

  it('writes NWS-style text', () => {
    const periods = [
      ...dailyForecast(request('2026-07-09T14:00:00Z')).periods,
      ...dailyForecast(request('2026-01-20T14:00:00Z', { place: { lat: 45, lon: -93, elevationM: 260 } })).periods,
      ...dailyForecast(request('2026-04-20T14:00:00Z', { place: { lat: 30, lon: -90, elevationM: 5 } })).periods,
    ];
    for (const p of periods) {
      assert.match(p.windSpeed, /^\d+( to \d+)? mph$/);
      assert.match(p.icon, /\/land\/(day|night)\/[a-z_,0-9]+(\/[a-z_,0-9]+)?\?size=medium$/);
      const temp = p.isDaytime ? `high near ${p.temperature}` : `low around ${p.temperature}`;
      // With a trend the sentence starts with it: "Mostly cloudy. Low around 40, with temperatures rising ...".
      assert.ok(p.detailedForecast.toLowerCase().includes(temp), p.detailedForecast);
      assert.match(
        p.detailedForecast,
        /(Calm wind\.|(North|South|East|West)[a-z ]* wind (around )?\d+( to \d+)? mph(, with gusts as high as \d+ mph)?\.)/,
      );
      const pop = p.probabilityOfPrecipitation.value ?? 0;
      if (pop >= 20) {
        assert.ok(p.detailedForecast.includes(`Chance of precipitation is ${pop}%.`), p.detailedForecast);
        assert.match(p.shortForecast, /Chance|Likely|Rain|Snow|Thunderstorms|Sleet|Wintry Mix/);
      } else {
        assert.match(
          p.shortForecast,
          /^(Sunny|Mostly Sunny|Partly Sunny|Partly Cloudy|Mostly Cloudy|Cloudy|Clear|Mostly Clear)$/,
        );
      }
    }
  });
});
