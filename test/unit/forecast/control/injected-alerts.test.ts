import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hourlySeries, weatherAt } from '../../../../adapters/forecast/embedded/weather/index.ts';
import {
  injectedAlert,
  injectedStormHours,
  injectedStormUgc,
  injectedStormWeather,
  INJECTABLE_EVENTS,
} from '../../../../adapters/forecast/embedded/weather/injected-alerts.ts';
import type { AlertZone } from '../../../../adapters/forecast/embedded/weather/alert-zones.ts';
import { applyWeatherSettings } from '../../../../adapters/forecast/embedded/weather/weather-override.ts';

const zone = (id: string, name: string, lat: number, lon: number) => ({
  id,
  name,
  state: 'KS',
  lat,
  lon,
  officeId: 'TOP',
  officeName: 'Topeka KS',
  timeZone: 'America/Chicago',
  sameCodes: [`0200${id.slice(-2)}`],
});
const DOUGLAS = zone('KSZ040', 'Douglas', 38.9, -95.3);
const SHAWNEE = zone('KSZ039', 'Shawnee', 39.05, -95.75);
const SENT = Date.parse('2026-05-20T21:00:00Z');

describe('injected alerts', () => {
  it("a gust warning quotes the strongest gust of the hours it runs, not its first hour's", () => {
    // The NWS's "60 mph wind gusts" is the most expected; a scenario's weather may strengthen a later hour.
    const calm = weatherAt({ lat: 38.95, lon: -95.25, elevationM: 250 }, SENT / 3_600_000);
    const base = { sentMs: SENT, onsetMs: SENT, endsMs: SENT + 2 * 3_600_000, expiresMs: SENT + 2 * 3_600_000 };
    const sentHour = SENT / 3_600_000;
    const quoted = (event: string, zones: readonly AlertZone[], gusts: readonly number[]) => {
      const at = (k: number) =>
        applyWeatherSettings(calm, { ...injectedStormWeather(event), windGust: gusts[Math.min(k, gusts.length - 1)] });
      const hourly = (hour: number) => at(hour - sentHour);
      return injectedAlert({ event, zones, ...base, sample: at(0), hourly, index: 0, baseUrl: '' }).properties;
    };
    const county = [{ ...DOUGLAS, county: { id: 'KSC045', name: 'Douglas' } }];
    const svr = quoted('Severe Thunderstorm Warning', county, [60, 75, 90]);
    assert.deepEqual(svr.parameters['maxWindGust'], ['75 MPH'], 'its two hours, not the one after it ends');
    assert.match(svr.description, /HAZARD\.\.\.75 mph wind gusts\./);
    const water = [{ ...DOUGLAS, id: 'AMZ650', officeId: 'MFL', marine: { smallCraftKt: 20 } }];
    assert.match(quoted('Special Marine Warning', water, [40, 52]).description, /Wind gusts to 45 knots\./);
  });

  it("a storm-based warning: the scenario's times, a polygon around the point, NEW VTEC", () => {
    const a = injectedAlert({
      event: 'Tornado Warning',
      zones: [DOUGLAS],
      sentMs: SENT,
      onsetMs: SENT,
      endsMs: SENT + 45 * 60_000,
      expiresMs: SENT + 45 * 60_000,
      at: { lat: 38.95, lon: -95.25 },
      sample: weatherAt({ lat: 38.95, lon: -95.25, elevationM: 250 }, SENT / 3_600_000),
      index: 0,
      baseUrl: '',
    });
    const p = a.properties;
    assert.equal(p.sent, '2026-05-20T16:00:00-05:00');
    assert.equal(p.ends, '2026-05-20T16:45:00-05:00');
    assert.equal(p.expires, '2026-05-20T16:45:00-05:00');
    assert.match(p.parameters['VTEC']![0]!, /^\/O\.NEW\.KTOP\.TO\.W\.\d{4}\.260520T2100Z-260520T2145Z\/$/);
    assert.equal(a.geometry?.type, 'Polygon');
    assert.equal(p.id.startsWith('urn:oid:2.49.0.1.840.0.'), true);
  });

  it('a Special Marine Warning: coded by its marine zone, MA.W, with the storm polygon', () => {
    const water = zone('AMZ650', 'Coastal waters from Jupiter Inlet to Deerfield Beach FL out 20 NM', 26.5, -79.9);
    const a = injectedAlert({
      event: 'Special Marine Warning',
      zones: [
        {
          ...water,
          state: 'FL',
          officeId: 'MFL',
          officeName: 'Miami FL',
          timeZone: 'America/New_York',
          sameCodes: ['075650'],
        },
      ],
      sentMs: SENT,
      onsetMs: SENT,
      endsMs: SENT + 66 * 60_000,
      expiresMs: SENT + 66 * 60_000,
      sample: weatherAt({ lat: 26.5, lon: -79.9, elevationM: 0 }, SENT / 3_600_000),
      index: 0,
      baseUrl: '',
    });
    const p = a.properties;
    assert.deepEqual(
      [p.geocode.UGC, p.geocode.SAME, p.affectedZones],
      [['AMZ650'], ['075650'], ['/zones/forecast/AMZ650']],
    );
    assert.match(p.parameters['VTEC']![0]!, /^\/O\.NEW\.KMFL\.MA\.W\.\d{4}\.260520T2100Z-260520T2206Z\/$/);
    assert.deepEqual([p.parameters['AWIPSidentifier'], p.parameters['NWSheadline']], [['SMWMFL'], undefined]);
    assert.deepEqual([p.severity, p.certainty, p.urgency, p.response], ['Severe', 'Likely', 'Immediate', 'Avoid']);
    assert.deepEqual(p.eventCode, { SAME: ['SMW'], NationalWeatherService: ['MAW'] });
    // "Wind gusts to N knots.", N the gust at the scenario's zone to 5 kt, however weak (here no storm).
    const knots = Number(/HAZARD\.\.\.Wind gusts to (\d+) knots\./.exec(p.description)?.[1]);
    const sample = weatherAt({ lat: 26.5, lon: -79.9, elevationM: 0 }, SENT / 3_600_000);
    assert.equal(knots, Math.round(sample.windGustKmh / 1.852 / 5) * 5, p.description);
    assert.equal(a.geometry?.type, 'Polygon');
  });

  it('a zone-based product over several zones, quoting the worst of its hours', () => {
    const onset = SENT + 3 * 3_600_000;
    const place = { lat: DOUGLAS.lat, lon: DOUGLAS.lon, elevationM: 0 };
    const a = injectedAlert({
      event: 'Wind Advisory',
      zones: [DOUGLAS, SHAWNEE],
      sentMs: SENT,
      onsetMs: onset,
      endsMs: onset + 6 * 3_600_000,
      expiresMs: onset + 6 * 3_600_000,
      sample: weatherAt(place, SENT / 3_600_000),
      samples: hourlySeries(place, onset / 3_600_000, 6),
      index: 1,
      baseUrl: '',
    });
    const p = a.properties;
    assert.deepEqual(p.geocode.UGC, ['KSZ040', 'KSZ039']);
    assert.equal(p.areaDesc, 'Douglas; Shawnee');
    assert.equal(p.onset, '2026-05-20T19:00:00-05:00');
    assert.equal(a.geometry, null);
    assert.match(p.parameters['NWSheadline']![0]!, /^WIND ADVISORY IN EFFECT FROM 7 PM/);
  });

  it('ids differ by position in the scenario, and every model product can be injected', () => {
    const base = {
      event: 'Heat Advisory',
      zones: [DOUGLAS],
      sentMs: SENT,
      onsetMs: SENT,
      endsMs: SENT + 3_600_000,
      expiresMs: SENT + 3_600_000,
      sample: weatherAt({ lat: 38.9, lon: -95.3, elevationM: 0 }, SENT / 3_600_000),
      hourly: (hour: number) => weatherAt({ lat: 38.9, lon: -95.3, elevationM: 0 }, hour),
      baseUrl: '',
    };
    assert.notEqual(
      injectedAlert({ ...base, index: 0 }).properties.id,
      injectedAlert({ ...base, index: 1 }).properties.id,
    );
    for (const event of INJECTABLE_EVENTS)
      assert.equal(injectedAlert({ ...base, event, index: 2 }).properties.event, event);
  });

  it("a storm warning's weather: the storm its text quotes, coded where its alert is", () => {
    // A calm, dry hour: the weather brought is what the warning then quotes.
    const place = { lat: 38.95, lon: -95.25, elevationM: 250 };
    const calm = weatherAt(place, Date.parse('2026-01-15T18:00:00Z') / 3_600_000);
    const warned = (
      event: string,
      figures = {},
      at: { zones: readonly AlertZone[] } = { zones: [{ ...DOUGLAS, county: { id: 'KSC045', name: 'Douglas' } }] },
    ) => {
      const set = injectedStormWeather(event, figures);
      assert.ok(set, event);
      const sample = applyWeatherSettings(calm, set);
      const base = { sentMs: SENT, onsetMs: SENT, endsMs: SENT + 3_600_000, expiresMs: SENT + 3_600_000 };
      // The storm's hours have its weather, the others none: what a flash flood's text sums.
      const { fromHour, toHour } = injectedStormHours(event, SENT, SENT + 3_600_000);
      const dry = applyWeatherSettings(calm, { precipitation: 'none' });
      const hourly = (hour: number) => (hour >= fromHour && hour < toHour ? sample : dry);
      const a = injectedAlert({ event, ...at, ...base, sample, hourly, index: 0, baseUrl: '' });
      assert.deepEqual(a.properties.geocode.UGC, injectedStormUgc(at.zones), 'the area its weather covers');
      assert.equal(sample.precipType, 'thunderstorms');
      return { p: a.properties, sample };
    };
    const svr = warned('Severe Thunderstorm Warning');
    assert.deepEqual([svr.p.parameters['maxWindGust'], svr.p.geocode.UGC], [['60 MPH'], ['KSC045']]);
    assert.equal(warned('Severe Thunderstorm Warning', { gustMph: 75 }).p.parameters['maxWindGust']![0], '75 MPH');
    assert.ok(warned('Tornado Warning').sample.windGustKmh >= 58 * 1.609344);
    const water = { ...DOUGLAS, id: 'AMZ650', officeId: 'MFL', marine: { smallCraftKt: 20 } };
    assert.match(warned('Special Marine Warning', {}, { zones: [water] }).p.description, /Wind gusts to 35 knots\./);
    const ffw = warned('Flash Flood Warning', { rainInches: 1.5 }, { zones: [DOUGLAS, SHAWNEE] });
    assert.deepEqual([ffw.sample.qpfMm, ffw.p.geocode.UGC], [38.1, ['KSZ040', 'KSZ039']]);
    // Its hour before it is sent, and its one hour (21:00 to 22:00), have an inch and a half each.
    assert.match(
      ffw.p.description,
      /Up to 1\.5 inches of rain have fallen\. Additional rainfall amounts up to 1\.5 inches are possible/,
    );
    const hours = (event: string) => injectedStormHours(event, SENT + 20 * 60_000, SENT + 80 * 60_000);
    const sentHour = SENT / 3_600_000;
    assert.deepEqual(hours('Flash Flood Warning'), { fromHour: sentHour - 1, toHour: sentHour + 2 });
    assert.deepEqual(hours('Tornado Warning'), { fromHour: sentHour, toHour: sentHour + 2 }, 'as it runs');
    assert.throws(
      () =>
        injectedAlert({
          event: 'Flash Flood Warning',
          zones: [DOUGLAS],
          sentMs: SENT,
          onsetMs: SENT,
          endsMs: SENT + 3_600_000,
          expiresMs: SENT + 3_600_000,
          sample: ffw.sample,
          index: 0,
          baseUrl: '',
        }),
      /needs its hourly weather/,
    );
    assert.equal(injectedStormWeather('Heat Advisory'), undefined, 'a zone-based product quotes the weather as it is');
  });
});
