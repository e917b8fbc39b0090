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
      /^KFLL 022353Z (\d{5}(G\d{2})?KT|00000KT) .* A\d{4} RMK AO2 SLP\d{3} T[01]\d{3}[01]\d{3}$/,
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
