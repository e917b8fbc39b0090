// Issue 35 item 13: an alert's amounts are the worst single place's over the alert's own valid time, the
// totals that place's gridpoint gives (quantitativePrecipitation, snowfallAmount), never a sum over zones.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  landZonePlace,
  ZONE_PLACES_FILE,
  zoneWeatherPlace,
  type ZonePlacesFile,
} from '../../../../adapters/forecast/embedded/alerts/alert-zone-place.ts';
import { embeddedDataDir } from '../../../../adapters/forecast/embedded/data-dir.ts';
import type { AlertFeature } from '../../../../adapters/forecast/embedded/weather/index.ts';
import { catalogue } from './alerts-zones-support.ts';
import { activeAlertsAt, alertGridpoints, deps, durationHours, HOUR } from './alert-grid-support.ts';

type Json = Record<string, any>;

/** A gridpoint layer summed over the hours [from, to) (epoch hours), each value the amount over its validTime. */
function layerTotal(layer: Json, from: number, to: number): number {
  let total = 0;
  for (const { validTime, value } of layer['values'] as { validTime: string; value: number }[]) {
    const [start, duration] = validTime.split('/') as [string, string];
    const first = Date.parse(start) / HOUR;
    const n = durationHours(duration);
    total += (value * Math.max(0, Math.min(to, first + n) - Math.max(from, first))) / n;
  }
  return total;
}

/** The alerts in force at a cycle whose text quotes an amount. */
const amountAlerts = (iso: string): AlertFeature[] =>
  activeAlertsAt(
    iso,
    (a) => /Winter|Flood Watch/.test(a.properties.event) && /\d+ inches/.test(a.properties.description),
  );

/** The amounts an alert's whole-inch range holds ("3 to 5 inches"; "around 5 inches": 5 to under 6). */
function quotedRange(description: string): [number, number] {
  const range = /(\d+) to (\d+) inches/.exec(description);
  if (range) return [Number(range[1]), Number(range[2])];
  const around = /around (\d+) inches/.exec(description);
  assert.ok(around, description);
  return [Number(around[1]), Number(around[1]) + 1];
}

describe('zone weather places', () => {
  it('zone-places.json has a row for every forecast zone and every marine zone, and no other', () => {
    // Read as it stands: zoneWeatherPlace works out a zone the file lacks, so a missing row would pass below.
    const file = JSON.parse(readFileSync(join(embeddedDataDir(), ZONE_PLACES_FILE), 'utf8')) as ZonePlacesFile;
    const ids = file.rows.map(([id]) => id);
    assert.equal(new Set(ids).size, ids.length, 'no zone twice');
    const expected = [...catalogue.forecastZones.keys(), ...catalogue.marineZones.keys()];
    const have = new Set(ids);
    assert.deepEqual(
      expected.filter((id) => !have.has(id)),
      [],
      'zones missing from zone-places.json: run build-zone-places.ts',
    );
    assert.equal(ids.length, expected.length);
    for (const [id, lat, lon, elevationM] of file.rows) {
      assert.ok([lat, lon, elevationM].every(Number.isFinite), `${id}: ${lat},${lon},${elevationM}`);
    }
  });

  it('zone-places.json holds every forecast zone gridpoint place, as worked out now', () => {
    const place = zoneWeatherPlace(deps);
    const zones = [...catalogue.forecastZones.values()];
    // Every 7th zone is worked out afresh (all of them take seconds); a stale file differs somewhere.
    for (let i = 0; i < zones.length; i += 7) {
      const z = zones[i]!;
      const live = landZonePlace(deps, z);
      assert.deepEqual(place(z.id, z.centroid.lat, z.centroid.lon), live, `${z.id}: run build-zone-places.ts`);
    }
  });
});

describe('alert amounts (issue 35 item 13)', () => {
  const alerts = ['2026-01-20T12:00:00Z', '2026-11-26T18:00:00Z', '2026-03-05T12:00:00Z'].flatMap(amountAlerts);

  it('quotes the worst covered place, as that place gridpoint totals it over the alert valid time', async () => {
    assert.ok(alerts.length >= 30, `${alerts.length} alerts with amounts`);
    let multiZone = 0;
    for (const alert of alerts) {
      const p = alert.properties;
      const snow = /snow accumulations/.test(p.description);
      const { from, to, gridpoints } = await alertGridpoints(alert);
      let worstInches = 0;
      for (const props of gridpoints) {
        const mm = layerTotal(props[snow ? 'snowfallAmount' : 'quantitativePrecipitation'], from, to);
        worstInches = Math.max(worstInches, mm / 25.4);
      }
      if (p.geocode.UGC.length > 1) multiZone++;
      const [lo, hi] = quotedRange(p.description);
      const where = `${p.event} ${p.geocode.UGC.join(',')} ${p.onset}..${p.ends}: "${p.description.split('\n')[0]}"`;
      assert.ok(lo <= worstInches + 0.05 && worstInches - 0.05 <= hi, `${where}, worst gridpoint ${worstInches}`);
      // An advisory's snow stays under a warning's: its rates (6 inches in 12 hours or 8 in 24, less in the
      // South) are checked against the grid in alerts-justified.test.ts; a long light snow may total more than
      // 6 inches, in its text and at its places, but not a storm's worth.
      if (p.event === 'Winter Weather Advisory' && snow) {
        assert.ok(Math.max(...(p.description.match(/\d+(?= inches)/g) ?? []).map(Number)) < 12, where);
        assert.ok(worstInches < 12, `${where}: ${worstInches.toFixed(1)} in at its worst place`);
      }
    }
    assert.ok(multiZone >= 5, `${multiZone} alerts cover several zones`);
  });
});
