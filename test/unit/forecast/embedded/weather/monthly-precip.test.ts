// Each month's precipitation brought to the normal in any year (issue 38): the factor's arithmetic on a
// made-up station, and the model's own months at real ones in a year the fit never saw.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ClimateField,
  shippedClimateField,
  useClimateField,
  type StationCorrection,
} from '../../../../../adapters/forecast/embedded/weather/climate-field.ts';
import {
  adoptPrecipMonths,
  measuredPrecipMonths,
  PrecipFactor,
  type RawPrecipTotal,
} from '../../../../../adapters/forecast/embedded/weather/monthly-precip.ts';
import { hourlySeries } from '../../../../../adapters/forecast/embedded/weather/model.ts';
import { loadNormals, measureStation } from '../../../../../scripts/forecast-data/normals.ts';

const hourOf = (iso: string) => Date.parse(iso) / 3_600_000;
const zeros = new Array<number>(12).fill(0);

/** One station at 40° N 105° W (UTC−7) whose normal is 2 inches every month. */
function oneStation(): ClimateField {
  const station: StationCorrection = {
    lat: 40,
    lon: -105,
    elevationM: 1600,
    meanC: zeros,
    halfRangeC: zeros,
    storm: zeros,
    logIntensity: zeros,
    logWind: zeros,
    normalPrecipIn: new Array<number>(12).fill(2),
  };
  return new ClimateField([station]);
}

/** A model whose raw month brings 25.4 mm a month in even months and 101.6 mm in odd ones (local clock). */
const raw: RawPrecipTotal = (_place, _field, fromHour) => {
  const month = new Date((fromHour - 7 + 12) * 3_600_000).getUTCMonth();
  return month % 2 === 0 ? 25.4 : 101.6;
};

describe('the monthly precipitation factor', () => {
  const field = oneStation();
  const factorAt = () => new PrecipFactor(field.at(40, -105, 1600), -105, raw);

  /** Within 2%: at its own station a place takes 99% of the station's log-factor (climate-field.ts LEAST_SHARE). */
  const near = (actual: number, expected: number) =>
    assert.ok(Math.abs(actual / expected - 1) < 0.02, `${actual} against ${expected}`);

  it('brings a station month to its normal for the month length: 2 in over 1 in raw, over 4 in raw', () => {
    const f = factorAt();
    // January (even) and April (odd) in the middle of the month, away from the ramps.
    near(f.at(hourOf('2026-01-15T12:00:00Z')), 2);
    near(f.at(hourOf('2026-04-15T12:00:00Z')), 0.5);
    // A leap February (odd) holds 29 of a normal February's 28.25 days.
    near(f.at(hourOf('2028-02-15T12:00:00Z')), (0.5 * 29) / 28.25);
  });

  it('hands its measured months to another thread, which then measures none of them again', () => {
    // A second field decoded from the same data stands for an alert worker's (a thread of its own).
    const here = oneStation();
    const there = oneStation();
    const months = [hourOf('2026-01-15T12:00:00Z'), hourOf('2026-04-15T12:00:00Z')];
    const own = months.map((h) => new PrecipFactor(here.at(40, -105, 1600), -105, raw).at(h));
    const handed = measuredPrecipMonths(here);
    assert.equal(handed.length, 2 * 2, 'January and April, one station');
    assert.equal(measuredPrecipMonths(there).length, 0);
    adoptPrecipMonths(handed, there);
    const unmeasured: RawPrecipTotal = () => assert.fail('a handed-over month was measured again');
    assert.deepEqual(
      months.map((h) => new PrecipFactor(there.at(40, -105, 1600), -105, unmeasured).at(h)),
      own,
    );
  });

  it('hands over the shipped fit’s months while a script has a candidate fit active, never the candidate’s', () => {
    // The alert workers run the shipped fit: a candidate's keys (index × its station count + station) would
    // name other stations and months there, and the workers' would in the candidate.
    const candidate = oneStation();
    useClimateField(candidate);
    try {
      new PrecipFactor(candidate.at(40, -105, 1600), -105, raw).at(hourOf('2026-01-15T12:00:00Z'));
      assert.equal(measuredPrecipMonths(candidate).length, 2);
      assert.deepEqual(measuredPrecipMonths(), measuredPrecipMonths(shippedClimateField()));
      adoptPrecipMonths(Float64Array.of(5, 0.5));
      assert.equal(measuredPrecipMonths(candidate).length, 2, 'the candidate took none of the shipped fit’s keys');
    } finally {
      useClimateField(undefined);
    }
  });

  it('ramps from one month to the next over the day around the local edge, without a step', () => {
    const f = factorAt();
    // March (even index 2, factor 2) gives way to April (factor 0.5) at local midnight, 07:00 UTC.
    const edge = hourOf('2026-04-01T07:00:00Z');
    const values = Array.from({ length: 30 }, (_, i) => f.at(edge - 15 + i));
    for (let i = 1; i < values.length; i++) assert.ok(Math.abs(values[i]! - values[i - 1]!) <= 1.5 / 24 + 0.01);
    near(f.at(edge - 13), 2);
    near(f.at(edge + 12), 0.5);
    assert.ok(Math.abs(f.at(edge) - 1.25) < 0.1, 'halfway at the edge');
  });

  it('is a function of the hour alone, whatever was asked before', () => {
    const hours = [hourOf('2026-06-30T20:00:00Z'), hourOf('2026-01-03T00:00:00Z'), hourOf('2026-07-01T09:00:00Z')];
    const inOrder = factorAt();
    const first = hours.map((h) => inOrder.at(h));
    const reversed = factorAt();
    assert.deepEqual(
      [...hours].reverse().map((h) => reversed.at(h)),
      [...first].reverse(),
    );
  });

  it('changes nothing where no station reaches', () => {
    assert.equal(new PrecipFactor(null, -105, raw).at(hourOf('2026-01-15T12:00:00Z')), 1);
  });
});

describe("the model's months in a year it was not fitted on", () => {
  const normals = loadNormals();
  for (const name of ['SEATTLE C.O.', 'MIAMI', 'DES MOINES', 'BOSTON']) {
    it(`${name}: every month of 2026 within 25% of the normal`, () => {
      const s = normals.find((n) => n.name.startsWith(name))!;
      const m = measureStation(s, [2026]);
      const off = m.precipIn.flatMap((p, k) =>
        Math.abs(p - s.prcpIn[k]!) > Math.max(0.25 * s.prcpIn[k]!, 0.05)
          ? [`month ${k + 1}: ${p.toFixed(2)} in against ${s.prcpIn[k]}`]
          : [],
      );
      assert.deepEqual(off, []);
    });
  }

  it('leaves the chance of precipitation as it was: only amounts move', () => {
    const place = { lat: 41.53, lon: -93.65, elevationM: 290 };
    const start = hourOf('2026-03-01T00:00:00Z');
    const series = hourlySeries(place, start, 24 * 14);
    // Wet hours stay wet and dry hours dry: an amount only where there is a chance.
    for (const s of series) assert.equal(s.qpfMm > 0, s.precipProbabilityPct > 0);
    assert.ok(series.some((s) => s.precipProbabilityPct === 0) && series.some((s) => s.qpfMm > 0));
  });
});
