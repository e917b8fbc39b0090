// Issue 38: a period's text words the wind from the environment's (synoptic) gusts, as the NWS's point
// forecasts do, and says a thunderstorm's severe outflow in the storm phrase ("Some of the storms could be
// severe."), only where a thunderstorm hour of the period has a severe gust; a Severe Thunderstorm or Tornado
// Warning's hours fall in periods that carry the phrase. Every 12th office's CONUS land zones, June-August 2026.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conusLandZones, eachStormWarning } from '../../../../../scripts/forecast-data/storm-warning-counts.ts';
import {
  hourlySeries,
  synopticGustKmh,
  type AlertFeature,
  type AlertZone,
} from '../../../../../adapters/forecast/embedded/weather/index.ts';
import { dailyForecast } from '../../../../../adapters/forecast/embedded/weather/daily-forecast.ts';
import { periodText, SEVERE_STORM_SENTENCE } from '../../../../../adapters/forecast/embedded/weather/period-text.ts';
import { summarizePeriod } from '../../../../../adapters/forecast/embedded/weather/period-summary.ts';
import {
  isSevereStormHour,
  SEVERE_GUST_KMH,
  stormStarts,
  WET_POP,
} from '../../../../../adapters/forecast/embedded/weather/storm-warnings.ts';
import { kmhToMph } from '../../../../../adapters/forecast/embedded/weather/units.ts';

const HOUR = 3_600_000;
const zones = conusLandZones(12);
const placeOf = (z: AlertZone) => ({ lat: z.lat, lon: z.lon, elevationM: z.elevationM ?? 0 });
const forecastAt = (z: AlertZone, issuedHour: number) =>
  dailyForecast({ place: placeOf(z), issuedHour, timeZone: z.timeZone, iconBaseUrl: 'https://x/icons' });

describe('period text: synoptic gusts, storm phrase for severe outflow (issue 38)', () => {
  it('no period states a gust above its hours synoptic gusts; the phrase iff a severe storm hour', () => {
    let periods = 0;
    let phrased = 0;
    const start = Date.UTC(2026, 5, 1) / HOUR;
    for (const [i, zone] of zones.entries()) {
      for (let day = i % 7; day < 92; day += 7) {
        const f = forecastAt(zone, start + day * 24 + 12);
        for (const p of f.periods) {
          const from = Date.parse(p.startTime) / HOUR;
          const hours = hourlySeries(placeOf(zone), from, Date.parse(p.endTime) / HOUR - from);
          const where = `${zone.id} ${p.startTime}: ${p.detailedForecast}`;
          const stated = /gusts as high as (\d+) mph/.exec(p.detailedForecast);
          const synoptic = Math.round(Math.max(...hours.map((s) => kmhToMph(synopticGustKmh(s)))) / 5) * 5;
          if (stated) assert.ok(Number(stated[1]) <= synoptic, `${where} (synoptic ${synoptic})`);
          const severe = hours.some(isSevereStormHour);
          assert.equal(p.detailedForecast.includes(SEVERE_STORM_SENTENCE), severe, where);
          periods++;
          if (severe) phrased++;
        }
      }
    }
    assert.ok(phrased > 50, `${phrased} of ${periods} periods with severe storms`);
  });

  it('a severe thunderstorm or tornado warning falls in periods that say storms could be severe', () => {
    const warned: { zone: AlertZone; alert: AlertFeature }[] = [];
    eachStormWarning(zones, 9, (zone, alert) => {
      if (alert.properties.event !== 'Flash Flood Warning') warned.push({ zone, alert });
    });
    assert.ok(warned.length > 20, `${warned.length} warnings`);
    for (const { zone, alert } of warned) {
      const sent = Date.parse(alert.properties.sent) / HOUR;
      const f = forecastAt(zone, Math.floor(sent) - 3);
      const p = f.periods.find((q) => Date.parse(q.startTime) / HOUR <= sent && sent < Date.parse(q.endTime) / HOUR);
      assert.ok(
        p?.detailedForecast.includes(SEVERE_STORM_SENTENCE),
        `${zone.id} ${alert.properties.sent}: ${p?.detailedForecast}`,
      );
    }
  });

  it('words a severe storm hour of low chance as it warns for it: neither, or both', () => {
    // A thunderstorm hour with a severe outflow gust at each chance around the wet threshold, in a dry period at
    // a zone: the period says storms could be severe exactly when the hour warns (isSevereStormHour, stormStarts).
    const zone = zones[0]!;
    const first = Date.UTC(2026, 6, 15, 18) / HOUR;
    const dry = hourlySeries(placeOf(zone), first, 12).map((s) => ({
      ...s,
      precipType: null,
      precipProbabilityPct: 0,
      qpfMm: 0,
      windGustKmh: 20,
    }));
    for (const pop of [5, WET_POP - 1, WET_POP, 40]) {
      const samples = dry.map((s, i) =>
        i === 5
          ? { ...s, precipType: 'thunderstorms' as const, precipProbabilityPct: pop, windGustKmh: SEVERE_GUST_KMH + 10 }
          : s,
      );
      const text = periodText(summarizePeriod(samples, true, 'us'), 'us', () => 12).detailedForecast;
      const warned = stormStarts({ zone, firstHour: first, samples, fromHour: first, toHour: first + 12 }).length;
      assert.equal(text.includes(SEVERE_STORM_SENTENCE), warned > 0, `PoP ${pop}: ${warned} warned; ${text}`);
      assert.equal(warned > 0, pop >= WET_POP, `PoP ${pop}`);
      if (warned) assert.match(text, /thunderstorms/i);
    }
  });
});
