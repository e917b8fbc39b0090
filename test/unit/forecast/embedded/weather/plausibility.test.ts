// The model's plausibility suite (issue 38): places close together agree, and every product made from the
// model (hourly and 7-day forecasts, observations) says the same thing about the same hours. Many places,
// a whole year of dates; property tests where a random place or hour is the natural question.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  dailyForecast,
  hourlyForecast,
  hourlySeries,
  latestObservation,
  weatherAt,
  type Place,
} from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { placeClimate, seasonDay, seasonalClimate } from '../../../../../adapters/forecast/embedded/weather/climate.ts';

const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000);
const YEAR = { from: hourOf('2026-01-01T00:00:00Z'), to: hourOf('2027-01-01T00:00:00Z') };
const KM_PER_DEGREE = 111.195;

/** Any place in a box: latitude, longitude and elevation each between the two bounds given. */
const anyPlace = (box: Record<'lat' | 'lon' | 'elevationM', [number, number]>): fc.Arbitrary<Place> =>
  fc.record({
    lat: fc.double({ min: box.lat[0], max: box.lat[1], noNaN: true }),
    lon: fc.double({ min: box.lon[0], max: box.lon[1], noNaN: true }),
    elevationM: fc.double({ min: box.elevationM[0], max: box.elevationM[1], noNaN: true }),
  });

/** A place `km` away from `p` on `bearing` (radians from north), at the same elevation. */
function away(p: Place, km: number, bearing: number): Place {
  return {
    lat: p.lat + (km * Math.cos(bearing)) / KM_PER_DEGREE,
    lon: p.lon + (km * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((p.lat * Math.PI) / 180)),
    elevationM: p.elevationM,
  };
}

/** How far apart the two places' climates put them at `hour`: the gap in the day's mean and in its half range. */
function climateGapC(a: Place, b: Place, hour: number): number {
  const day = seasonDay(hour);
  const ca = seasonalClimate(placeClimate(a), day);
  const cb = seasonalClimate(placeClimate(b), day);
  return Math.abs(ca.meanTempC - cb.meanTempC) + Math.abs(ca.diurnalHalfRangeC - cb.diurnalHalfRangeC);
}

describe('neighbours agree', () => {
  it('places 20 to 50 km apart at the same elevation differ by little at the same hour (property)', () => {
    const differences: number[] = [];
    fc.assert(
      fc.property(
        // CONUS's box, south of the Gulf coast only where Texas and Florida reach.
        anyPlace({ lat: [29, 49], lon: [-124, -67], elevationM: [0, 2000] }),
        fc.double({ min: 20, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.integer({ min: YEAR.from, max: YEAR.to }),
        (place, km, bearing, hour) => {
          const other = away(place, km, bearing);
          const a = weatherAt(place, hour);
          const b = weatherAt(other, hour);
          const d = Math.abs(a.temperatureC - b.temperatureC);
          differences.push(d);
          // Water and terrain may part them (the Los Angeles basin's mild dawn against the cold inland valleys
          // 40 km north): as far as the two climates' day mean and day-night range differ, and 5 °C beyond
          // that for the weather itself. That the climates themselves have no edge or step is the next test's.
          const explained = climateGapC(place, other, hour);
          assert.ok(
            d <= 5 + explained,
            `${JSON.stringify(place)} and ${km.toFixed(0)} km away: ${d.toFixed(1)} °C apart, climates ${explained.toFixed(1)}`,
          );
          // Dewpoints part more: a shower moistens the air under it and not beside it.
          const wet = a.precipType !== null || b.precipType !== null;
          assert.ok(Math.abs(a.dewpointC - b.dewpointC) <= (wet ? 12 : 10));
        },
      ),
      { numRuns: 1500 },
    );
    differences.sort((x, y) => x - y);
    const p99 = differences[Math.floor(differences.length * 0.99)]!;
    const mean = differences.reduce((s, d) => s + d, 0) / differences.length;
    assert.ok(mean < 1.2 && p99 < 3.5, `mean ${mean.toFixed(2)} °C, 99th percentile ${p99.toFixed(2)} °C`);
  });

  it('has no edge or step: places 1 to 2 km apart at the same elevation differ by little (property)', () => {
    fc.assert(
      fc.property(
        // CONUS and mainland Alaska: the grids' land (the open ocean between them has regions' edges no grid serves).
        fc.oneof(
          anyPlace({ lat: [29, 49], lon: [-124, -67], elevationM: [0, 3000] }),
          anyPlace({ lat: [55, 70], lon: [-165, -141], elevationM: [0, 1500] }),
        ),
        fc.double({ min: 1, max: 2, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.integer({ min: YEAR.from, max: YEAR.to }),
        (place, km, bearing, hour) => {
          const other = away(place, km, bearing);
          // 50,000 uniform draws over CONUS: climates at most 0.74 °C apart, temperatures 1.14 °C.
          const gap = climateGapC(place, other, hour);
          assert.ok(gap <= 1.5, `${JSON.stringify(place)}, ${km.toFixed(1)} km: climates ${gap.toFixed(2)} °C apart`);
          const d = Math.abs(weatherAt(place, hour).temperatureC - weatherAt(other, hour).temperatureC);
          assert.ok(d <= 2.5, `${JSON.stringify(place)}, ${km.toFixed(1)} km: ${d.toFixed(2)} °C apart`);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps Wasilla within a few degrees of Anchorage, 40 km away, all year (the issue saw 22 °F)', () => {
    const wasilla: Place = { lat: 61.58, lon: -149.44, elevationM: 100 };
    const anchorage: Place = { lat: 61.17, lon: -149.99, elevationM: 40 };
    let sum = 0;
    let worst = 0;
    let n = 0;
    for (let h = YEAR.from; h < YEAR.to; h += 5) {
      const d = Math.abs(weatherAt(wasilla, h).temperatureC - weatherAt(anchorage, h).temperatureC);
      sum += d;
      worst = Math.max(worst, d);
      n++;
    }
    // Inland Wasilla is colder on calm winter nights than Anchorage on the Inlet, by a few degrees, not twenty.
    assert.ok(sum / n < 2.5, `mean ${(sum / n).toFixed(2)} °C`);
    assert.ok(worst < 7, `worst ${worst.toFixed(1)} °C`);
  });
});

/** Places across the climates, with their zones. */
const PLACES: readonly { place: Place; timeZone: string; station: string }[] = [
  { place: { lat: 37.65, lon: -97.43, elevationM: 407 }, timeZone: 'America/Chicago', station: 'KICT' },
  { place: { lat: 47.45, lon: -122.31, elevationM: 132 }, timeZone: 'America/Los_Angeles', station: 'KSEA' },
  { place: { lat: 25.79, lon: -80.29, elevationM: 3 }, timeZone: 'America/New_York', station: 'KMIA' },
  { place: { lat: 43.11, lon: -76.1, elevationM: 125 }, timeZone: 'America/New_York', station: 'KSYR' },
  { place: { lat: 39.85, lon: -104.66, elevationM: 1650 }, timeZone: 'America/Denver', station: 'KDEN' },
  { place: { lat: 61.17, lon: -149.99, elevationM: 40 }, timeZone: 'America/Anchorage', station: 'PANC' },
  { place: { lat: 21.32, lon: -157.94, elevationM: 2 }, timeZone: 'Pacific/Honolulu', station: 'PHNL' },
  { place: { lat: 40.51, lon: -122.29, elevationM: 152 }, timeZone: 'America/Los_Angeles', station: 'KRDD' },
];

describe('products agree with each other', () => {
  it('forecast text, hourly forecast and observation say the same about the same hours, all year', () => {
    const failures: string[] = [];
    for (const { place, timeZone, station } of PLACES) {
      for (let day = 0; day < 365; day += 23) {
        const issuedHour = YEAR.from + day * 24 + 13;
        const request = { place, issuedHour, timeZone, iconBaseUrl: 'https://x.test/icons' };
        const hourly = hourlyForecast(request).periods;
        const daily = dailyForecast(request).periods;
        const samples = hourlySeries(place, issuedHour, hourly.length);
        hourly.forEach((h, i) => {
          const s = samples[i]!;
          if (h.temperature !== Math.round((s.temperatureC * 9) / 5 + 32)) failures.push(`${station} hour ${i}`);
          if (h.probabilityOfPrecipitation.value !== s.precipProbabilityPct) failures.push(`${station} pop ${i}`);
        });
        for (const p of daily) {
          const start = Date.parse(p.startTime);
          const end = Date.parse(p.endTime);
          const hours = hourly.filter((h) => Date.parse(h.startTime) >= start && Date.parse(h.startTime) < end);
          if (hours.length !== (end - start) / 3_600_000) continue;
          const maxPop = Math.max(...hours.map((h) => h.probabilityOfPrecipitation.value ?? 0));
          // A period's words match its hours: precipitation is named when some hour gives it 20% or more
          // (rounded as the NWS rounds), and "likely" needs an hour at 55% or more.
          const wet = /Rain|Snow|Showers|Thunderstorms|Sleet|Freezing|Drizzle|Wintry/.test(p.shortForecast);
          if (wet !== (p.probabilityOfPrecipitation.value ?? 0) >= 20)
            failures.push(`${station} ${p.startTime}: "${p.shortForecast}" at ${p.probabilityOfPrecipitation.value}%`);
          if (/Likely/.test(p.shortForecast) && maxPop < 55)
            failures.push(`${station} ${p.startTime}: "${p.shortForecast}" with hours at most ${maxPop}%`);
          const snowHours = hours.filter((h) => /Snow/.test(h.shortForecast)).length;
          if (/Snow/.test(p.shortForecast) && snowHours === 0)
            failures.push(`${station} ${p.startTime}: snow in the text, none in the hours`);
        }
        // The observation of the issuance hour at a station on the spot is that hour of the model.
        const o = latestObservation({
          station: { id: station, ...place, timeZone },
          hour: issuedHour,
          baseUrl: 'https://x.test',
        });
        const s = samples[0]!;
        if (o.temperature.value !== Math.round(s.temperatureC * 10) / 10) failures.push(`${station} observed`);
        const falling = o.presentWeather.some((w) => w.weather !== 'fog_mist');
        if (falling !== (s.precipType !== null && s.precipProbabilityPct >= 60))
          failures.push(`${station} ${issuedHour}: observed ${o.textDescription} at ${s.precipProbabilityPct}%`);
        if (falling && o.precipitationLastHour.value === null)
          failures.push(`${station} ${issuedHour}: ${o.textDescription} with no amount`);
      }
    }
    assert.deepEqual(failures.slice(0, 10), []);
  });

  it('keeps physical sense at random places and hours: dewpoint, humidity, gusts, sky, precipitation (property)', () => {
    fc.assert(
      fc.property(
        anyPlace({ lat: [18, 71], lon: [-170, -65], elevationM: [0, 3500] }),
        fc.integer({ min: YEAR.from, max: YEAR.to }),
        (place, hour) => {
          const s = weatherAt(place, hour);
          assert.ok(Number.isFinite(s.temperatureC) && s.temperatureC > -65 && s.temperatureC < 55);
          assert.ok(s.dewpointC <= s.temperatureC + 1e-9);
          assert.ok(s.windGustKmh >= s.windSpeedKmh && s.windSpeedKmh >= 0);
          assert.ok(s.qpfMm >= 0 && (s.precipType !== null || s.precipProbabilityPct < 15));
          if (s.precipType === 'snow') assert.ok(s.temperatureC <= 2);
          // The model's THUNDER_MIN_C: the fronts' storms thunder in air from 10 °C (model.ts).
          if (s.precipType === 'thunderstorms') assert.ok(s.temperatureC >= 10);
          if (s.precipProbabilityPct >= 30) assert.ok(s.skyCoverPct >= 50);
          assert.deepEqual(weatherAt(place, hour), s);
        },
      ),
      { numRuns: 500 },
    );
  });
});
