// The model's humidity against NOAA's relative humidity normals (scripts/forecast-data/humidity-normals.ts, with
// its source). The central US and the Great Lakes once had the dry West's dewpoint depression in summer (Omaha's
// July mornings at 12 UTC 58% against the normal 85%, their dewpoint 6.0 °C short of the one that RH implies),
// until the warm season's moist inflow (climate.ts); the dry West and Southwest keep their dry summer air.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  HUMIDITY_NORMALS,
  measureHumidity,
  stationNamed,
} from '../../../../../scripts/forecast-data/humidity-normals.ts';
import { loadNormals } from '../../../../../scripts/forecast-data/normals.ts';

const stations = loadNormals();
const JULY = 6;
const normal = (name: string) => HUMIDITY_NORMALS.find((h) => h.station === name)!;

describe('the humidity of the model against the normals', () => {
  it("gives the Plains', the Midwest's and the Great Lakes' July mornings the normal dewpoint, within 2 °C", () => {
    for (const name of ['OMAHA EPPLEY', 'WICHITA, KS', 'DES MOINES', 'MINNEAPOLIS', 'CHICAGO,IL', 'DETROIT']) {
      const h = normal(name);
      const m = measureHumidity(stationNamed(stations, name), h, [2026], JULY);
      const error = m.morningDewpointC - m.normalMorningDewpointC;
      assert.ok(Math.abs(error) <= 2, `${name}: July morning dewpoint ${error.toFixed(1)} °C from the normal's`);
      assert.ok(Math.abs(m.morningPct - h.morning[JULY]!) <= 8, `${name}: ${m.morningPct.toFixed(0)}% at 12 UTC`);
    }
  });

  it("keeps the dry West's and Southwest's July afternoons dry: RH under 30%", () => {
    for (const name of ['ALBUQUERQUE', 'TUCSON', 'GRAND JUNCTION', 'SALT LAKE', 'RENO', 'BOISE']) {
      const m = measureHumidity(stationNamed(stations, name), normal(name), [2026], JULY);
      assert.ok(m.afternoonPct < 30, `${name}: afternoon RH ${m.afternoonPct.toFixed(0)}%`);
    }
  });
});
