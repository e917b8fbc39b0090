import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { latestObservation, weatherAt, type Station } from '../../../../../adapters/forecast/embedded/weather/index.ts';

const hourOf = (iso: string) => Math.floor(Date.parse(iso) / 3_600_000);
const KFLL: Station = { id: 'KFLL', lat: 26.07, lon: -80.15, elevationM: 3, timeZone: 'America/New_York' };
const KMSP: Station = { id: 'KMSP', lat: 44.88, lon: -93.23, elevationM: 256, timeZone: 'America/Chicago' };

describe('latest observation', () => {
  it('reports the model weather for the hour in observation shape', () => {
    const hour = hourOf('2026-03-03T00:00:00Z');
    const o = latestObservation({ station: KFLL, hour, baseUrl: 'https://example.test' });
    const s = weatherAt(KFLL, hour);
    assert.equal(o.timestamp, '2026-03-02T23:53:00+00:00');
    assert.equal(o.station, 'https://example.test/stations/KFLL');
    assert.equal(o['@id'], 'https://example.test/stations/KFLL/observations/2026-03-02T23:53:00+00:00');
    assert.deepEqual(o.temperature, {
      unitCode: 'wmoUnit:degC',
      value: Math.round(s.temperatureC * 10) / 10,
      qualityControl: 'V',
    });
    assert.equal(o.dewpoint.value, Math.round(s.dewpointC * 10) / 10);
    assert.equal(o.relativeHumidity.value, s.relativeHumidity);
    assert.equal(o.seaLevelPressure.unitCode, 'wmoUnit:Pa');
    assert.ok(Math.abs((o.seaLevelPressure.value ?? 0) / 100 - s.seaLevelPressureHpa) < 0.1);
    // Speeds are whole knots converted to km/h, within half a knot of the model.
    assert.ok(Math.abs((o.windSpeed.value ?? 0) - s.windSpeedKmh) <= 0.93);
    assert.equal(o.windSpeed.unitCode, 'wmoUnit:km_h-1');
    assert.match(
      o.rawMessage,
      /^KFLL 022353Z (\d{5}(G\d{2})?KT|00000KT) .* A\d{4} RMK AO2 SLP\d{3}( P\d{4})?( 6\d{4})? T[01]\d{3}[01]\d{3}$/,
    );
    assert.ok(o.textDescription.length > 0);
    assert.match(o.icon, /^https:\/\/example\.test\/icons\/land\/(day|night)\/[a-z_]+\?size=medium$/);
    if (o.windGust.value === null) assert.equal(o.windGust.qualityControl, 'Z');
    else assert.ok(o.windGust.value > (o.windSpeed.value ?? 0));
  });

  it('is deterministic and reports cold-weather values in winter', () => {
    const hour = hourOf('2026-01-20T12:00:00Z');
    const o = latestObservation({ station: KMSP, hour, baseUrl: 'https://example.test' });
    assert.deepEqual(o, latestObservation({ station: KMSP, hour, baseUrl: 'https://example.test' }));
    assert.ok((o.temperature.value ?? 99) < 5);
    assert.equal(o.heatIndex.value, null);
    const metarTemp = o.rawMessage.match(/ (M?\d\d)\/(M?\d\d) /);
    assert.ok(metarTemp);
    const t = Number(metarTemp[1]!.replace('M', '-'));
    assert.ok(Math.abs(t - (o.temperature.value ?? 0)) <= 0.5);
  });
});

describe('observation precipitation and pressure', () => {
  const KSEA: Station = { id: 'KSEA', lat: 47.45, lon: -122.31, elevationM: 132, timeZone: 'America/Los_Angeles' };
  const KDEN: Station = { id: 'KDEN', lat: 39.85, lon: -104.66, elevationM: 1656, timeZone: 'America/Denver' };
  const report = (station: Station, hour: number) => latestObservation({ station, hour, baseUrl: 'https://x.test' });

  it('reports what fell, in millimetres, when it rains, and nothing in the hour when it is dry', () => {
    let wet = 0;
    let dry = 0;
    let sixHour = 0;
    for (let hour = hourOf('2026-01-01T00:00:00Z'); hour < hourOf('2026-02-15T00:00:00Z'); hour++) {
      const o = report(KSEA, hour);
      for (const q of [o.precipitationLastHour, o.precipitationLast3Hours, o.precipitationLast6Hours])
        assert.equal(q.unitCode, 'wmoUnit:mm');
      const falling = o.presentWeather.some((w) => w.weather !== 'fog_mist');
      if (falling) {
        wet++;
        assert.ok((o.precipitationLastHour.value ?? 0) > 0, `${hour}: ${o.textDescription} with no amount`);
        assert.match(o.rawMessage, / P\d{4} /);
      } else {
        dry++;
        assert.equal(o.precipitationLastHour.value, null);
        assert.doesNotMatch(o.rawMessage, / P\d{4} /);
      }
      // Synoptic groups: 6-hour totals at 00, 06, 12, 18 UTC, 3-hour ones at 03, 09, 15, 21 UTC.
      assert.equal(o.precipitationLast6Hours.value !== null, hour % 6 === 0);
      assert.equal(o.precipitationLast3Hours.value !== null, hour % 6 === 3);
      const six = o.precipitationLast6Hours.value;
      if (six !== null && six > 0) {
        sixHour++;
        assert.ok(six + 1e-9 >= (o.precipitationLastHour.value ?? 0));
      }
    }
    assert.ok(wet > 20 && dry > 20, `a Seattle winter has both wet (${wet}) and dry (${dry}) hours`);
    assert.ok(sixHour > 5);
  });

  it('reduces sea-level pressure to the station and reports the altimeter setting beside it', () => {
    const hour = hourOf('2026-01-20T18:00:00Z');
    const denver = report(KDEN, hour);
    const s = weatherAt(KDEN, hour);
    // seaLevelPressure is the model's; barometricPressure the altimeter setting, which the standard
    // atmosphere gives: they differ at altitude by what the column's temperature does, a few hPa at most.
    assert.ok(Math.abs((denver.seaLevelPressure.value ?? 0) / 100 - s.seaLevelPressureHpa) < 0.1);
    assert.notEqual(denver.barometricPressure.value, denver.seaLevelPressure.value);
    const gap = Math.abs((denver.barometricPressure.value ?? 0) - (denver.seaLevelPressure.value ?? 0)) / 100;
    assert.ok(gap > 0.5 && gap < 25, `Denver altimeter vs SLP: ${gap} hPa`);
    const altimeterInHg = Number(denver.rawMessage.match(/ A(\d{4}) /)?.[1]) / 100;
    assert.ok(Math.abs(altimeterInHg * 3386.389 - (denver.barometricPressure.value ?? 0)) < 40);
    // At sea level the three agree within rounding.
    const fll = report(KFLL, hour);
    assert.ok(Math.abs((fll.barometricPressure.value ?? 0) - (fll.seaLevelPressure.value ?? 0)) <= 100);
  });
});
