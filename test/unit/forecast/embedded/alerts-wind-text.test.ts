// Issue 38 item 4: a wind product's text quotes what the model's own grid shows over the alert's zones and
// valid time. A Wind Advisory read "30 to 35 mph" where its gridpoint's windSpeed peaked at 29 mph. For every
// Wind Advisory and High Wind Warning of every office at several cycles: the sustained range's top is the
// highest windSpeed of the zones' gridpoints over the valid time to the nearest 5 mph, and the gust quoted is
// no more than their highest windGust to the nearest 5 (the grid's gust holds a thunderstorm's outflow, which
// the wind products leave to the Severe Thunderstorm Warning, so the text's may be lower).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { activeAlertsAt, alertGridpoints, durationHours, HOUR } from './alert-grid-support.ts';

type Json = Record<string, any>;
const MPH_KMH = 1.609344;

/** A gridpoint layer's highest value over the hours [from, to) (epoch hours). */
function layerPeak(layer: Json, from: number, to: number): number {
  let peak = -Infinity;
  for (const { validTime, value } of layer['values'] as { validTime: string; value: number }[]) {
    const [start, duration] = validTime.split('/') as [string, string];
    const first = Date.parse(start) / HOUR;
    if (first < to && first + durationHours(duration) > from) peak = Math.max(peak, value);
  }
  return peak;
}

/** The wind products in force at a cycle. */
const windAlerts = (iso: string): AlertFeature[] =>
  activeAlertsAt(iso, (a) => /^(Wind Advisory|High Wind Warning)$/.test(a.properties.event));

describe('wind product text (issue 38 item 4)', () => {
  const dates = ['2026-01-20T12:00:00Z', '2026-03-05T12:00:00Z', '2026-04-14T18:00:00Z', '2026-11-26T18:00:00Z'];
  const alerts = dates.flatMap(windAlerts);

  it('quotes the highest sustained wind and gust of its zones gridpoints over its valid time', async (t) => {
    assert.ok(alerts.length >= 20, `${alerts.length} wind products`);
    let gustAtPeak = 0;
    for (const alert of alerts) {
      const p = alert.properties;
      const { from, to, gridpoints } = await alertGridpoints(alert);
      let speed = 0;
      let gust = 0;
      for (const props of gridpoints) {
        speed = Math.max(speed, layerPeak(props['windSpeed'], from, to) / MPH_KMH);
        gust = Math.max(gust, layerPeak(props['windGust'], from, to) / MPH_KMH);
      }
      const what = p.description.split('\n')[0]!;
      const where = `${p.event} ${p.geocode.UGC.join(',')} ${p.onset}..${p.ends}: "${what}"`;
      const m = /winds (?:(\d+) to |up to )(\d+) mph with gusts up to (\d+) mph/.exec(what);
      assert.ok(m, where);
      const [lo, hi, quotedGust] = [Number(m[1] ?? 0), Number(m[2]), Number(m[3])];
      assert.ok(lo < hi, where);
      // The grid's values are rounded to 0.1 km/h, hence the 0.1 mph beyond the nearest 5.
      assert.ok(Math.abs(hi - speed) <= 2.6, `${where}: grid windSpeed peaks at ${speed.toFixed(1)} mph`);
      assert.ok(quotedGust <= gust + 2.6, `${where}: grid windGust peaks at ${gust.toFixed(1)} mph`);
      if (Math.abs(quotedGust - gust) <= 2.6) gustAtPeak++;
    }
    t.diagnostic(`${alerts.length} wind products, ${gustAtPeak} quote the grid's peak gust`);
    // Most wind days have no thunderstorm at their windiest hour: the gust is then the grid's own.
    assert.ok(gustAtPeak >= alerts.length * 0.8, `${gustAtPeak} of ${alerts.length} quote the grid's peak gust`);
  });
});
