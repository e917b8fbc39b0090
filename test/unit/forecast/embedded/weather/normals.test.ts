// The model's climate against NOAA's 1981-2010 normals (issue 38, "measured, not assumed"), at a sample of
// the normals stations, including the ones the issue found wrong. `npm run normals` measures every station.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  loadNormals,
  measureStation,
  NORMALS_FILE,
  NORMALS_YEARS,
  stationNamed,
  type NormalsStation,
} from '../../../../../scripts/forecast-data/normals.ts';
import { activeClimateField, ClimateField } from '../../../../../adapters/forecast/embedded/weather/climate-field.ts';

const normals = loadNormals();
const station = (name: string): NormalsStation => stationNamed(normals, name);

/** Every tenth day of the normals' thirty years: 1,100 days, enough to average the weather out. */
const STRIDE = 10;

describe('the normals', () => {
  it('are NOAA station normals: a few hundred stations, each with twelve months of highs, lows and precipitation', () => {
    assert.ok(normals.length >= 250, `${normals.length} stations`);
    for (const s of normals) {
      assert.equal(s.tmaxF.length, 12);
      s.tmaxF.forEach((high, m) => assert.ok(high > s.tminF[m]!, `${s.name} month ${m + 1}`));
      assert.ok(s.prcpIn.every((p) => p >= 0));
    }
    // Spot checks against the CCD tables the file was built from.
    assert.deepEqual([station('SAN DIEGO').tmaxF[0], station('SAN DIEGO').tminF[0]], [65.1, 49]);
    assert.equal(station('REDDING').tmaxF[6], 94.9);
    assert.equal(station('GREAT FALLS').tmaxF[0], 35.5);
  });

  it('have no missing precipitation read as zeros: every station has twelve months and a wet month', () => {
    // Yuma's nrmpcp.txt row is 0.00 in every month and the year (a blank row): read as a normal it dried the
    // model out around Yuma (0.14 in a year at the city against about 3.3). The file is read raw here, as the
    // loader would throw on it.
    const raw = JSON.parse(readFileSync(NORMALS_FILE, 'utf8')) as { fields: string[]; rows: unknown[][] };
    const at = raw.fields.indexOf('prcpIn');
    const dry = raw.rows.filter((row) => {
      const months = row[at];
      return !Array.isArray(months) || months.length !== 12 || !months.some((v) => typeof v === 'number' && v > 0);
    });
    assert.deepEqual(
      dry.map((row) => `${String(row[0])} ${String(row[1])}`),
      [],
    );
    // The driest station's year is Yuma's 3.28 in; no other is below Barrow's 4.5.
    assert.deepEqual(station('YUMA').prcpIn, [0.39, 0.38, 0.39, 0.14, 0.06, 0.01, 0.24, 0.2, 0.68, 0.13, 0.23, 0.43]);
  });

  it('refuse a station whose precipitation is zero in every month (a blank row), or missing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'normals-'));
    try {
      const raw = JSON.parse(readFileSync(NORMALS_FILE, 'utf8')) as { fields: string[]; rows: unknown[][] };
      const at = raw.fields.indexOf('prcpIn');
      const file = join(dir, 'normals.json');
      const withPrecip = (months: unknown) => ({ ...raw, rows: [raw.rows[0]!.map((v, i) => (i === at ? months : v))] });
      writeFileSync(file, JSON.stringify(withPrecip(new Array(12).fill(0))));
      assert.throws(() => loadNormals(file), /prcpIn 0 in every month/);
      writeFileSync(file, JSON.stringify(withPrecip(null)));
      assert.throws(() => loadNormals(file), /no twelve months of prcpIn/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are what the shipped fit was made from: one correction per station, at its place', () => {
    const field = activeClimateField();
    assert.ok(field instanceof ClimateField);
    assert.equal(field.stations.length, normals.length);
    normals.forEach((s, i) => assert.deepEqual([field.stations[i]!.lat, field.stations[i]!.lon], [s.lat, s.lon]));
  });
});

describe("the model's climate at the normals stations", () => {
  const SAMPLE = [
    'SAN DIEGO',
    'REDDING',
    'GREAT FALLS',
    'SYRACUSE',
    'ANCHORAGE',
    'HONOLULU',
    'MIAMI',
    'DENVER',
    'PHOENIX',
    'INTERNATIONAL FALLS',
  ];
  for (const name of SAMPLE) {
    it(`${name}: every month's mean daily high and low within 3 °F, the year's precipitation within 25%`, () => {
      const s = station(name);
      const m = measureStation(s, NORMALS_YEARS, STRIDE);
      const off: string[] = [];
      for (let k = 0; k < 12; k++) {
        const high = m.highF[k]! - s.tmaxF[k]!;
        const low = m.lowF[k]! - s.tminF[k]!;
        if (Math.abs(high) > 3 || Math.abs(low) > 3)
          off.push(
            `month ${k + 1}: high ${m.highF[k]!.toFixed(1)}/${s.tmaxF[k]}, low ${m.lowF[k]!.toFixed(1)}/${s.tminF[k]}`,
          );
      }
      assert.deepEqual(off, []);
      const year = m.precipIn.reduce((a, b) => a + b, 0);
      const normal = s.prcpIn.reduce((a, b) => a + b, 0);
      // San Diego's ten inches come in a few winter storms, so a sample of days reads its year ±25% (every
      // third day of 1981-2010: +25%); the fit's known weak spot, held to 40% here.
      const limit = name === 'SAN DIEGO' ? 0.4 : 0.25;
      assert.ok(Math.abs(year - normal) <= limit * normal, `${year.toFixed(1)} in a year against ${normal.toFixed(1)}`);
    });
  }

  it("gives Yuma its year's rain: within 25% of the normal, fitted since its blank row was read as missing", () => {
    // The fit was once made against Yuma's blank nrmpcp.txt row (zeros) and gave it 0.09 in a year; refitted
    // to the NWS's 3.28 in (2026-11-28), it gives 2.99 in. Every day: a desert year's rain comes on a few days.
    const s = station('YUMA');
    const m = measureStation(s, NORMALS_YEARS);
    const year = m.precipIn.reduce((a, b) => a + b, 0);
    const normal = s.prcpIn.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(year - normal) <= 0.25 * normal, `${year.toFixed(2)} in a year against ${normal.toFixed(2)}`);
  });

  it('keeps Redding dry in July: no "Rain Likely" summer', () => {
    const s = station('REDDING');
    // Every day: a dry month's rain comes on a few days, which every tenth day can catch or miss.
    const m = measureStation(s, NORMALS_YEARS);
    assert.ok(m.precipIn[6]! < 0.6, `July ${m.precipIn[6]!.toFixed(2)} in`);
    assert.ok(m.wetDays[6]! < 3, `July ${m.wetDays[6]!.toFixed(1)} wet days`);
  });
});
