import assert from 'node:assert/strict';
import { STATE_TERRITORY_CODES } from '../../../domain/forecast/area-codes.ts';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// The forecast spec (forecast-service-spec.md), table by table and line by line: every field of its
// resource tables is checked, and every query parameter and every value it lists is sent, spelt as the
// spec spells it. Through app.fetch against the embedded provider.

const BASE = 'http://taskcast.test';
const NOW = new Date('2026-07-15T18:20:00Z');
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const COMPASS = /^(N|NNE|NE|ENE|E|ESE|SE|SSE|S|SSW|SW|WSW|W|WNW|NW|NNW)$/;
const POINT = '39.7456,-97.0892';

type World = Awaited<ReturnType<typeof forecastWorld>>;
const path = (url: string) => url.slice(BASE.length);
const isUrl = (value: unknown) => typeof value === 'string' && value.startsWith(`${BASE}/`);
const ids = (body: any): string[] => body.features.map((f: any) => f.properties.id ?? f.properties.stationIdentifier);

function assertProblem(
  reply: { status: number; headers: Headers; body: any },
  status: number,
  types: readonly string[],
) {
  assert.equal(reply.status, status);
  assert.equal(reply.headers.get('content-type'), 'application/problem+json');
  assert.ok(types.map((t) => `${BASE}/problems/${t}`).includes(reply.body.type), reply.body.type);
  assert.equal(typeof reply.body.title, 'string');
  assert.equal(reply.body.status, status);
  assert.equal(typeof reply.body.detail, 'string');
  assert.equal(typeof reply.body.correlationId, 'string');
}

function assertQuantity(value: any, unitPattern: RegExp = /^wmoUnit:/) {
  assert.equal(typeof value.value, 'number');
  assert.match(value.unitCode, unitPattern);
}

describe('forecast spec conformance', () => {
  let w: World;
  before(async () => {
    w = await forecastWorld({ now: NOW });
  });

  describe('Point metadata (Feature) and GET /points/{latitude},{longitude}', () => {
    test('every field of the table', async () => {
      const reply = await w.get(`/points/${POINT}`);
      assert.equal(reply.status, 200);
      const b = reply.body;
      assert.ok(Array.isArray(b['@context']) || typeof b['@context'] === 'object');
      assert.equal(b.id, `${BASE}/points/${POINT}`);
      assert.equal(b.type, 'Feature');
      assert.deepEqual(b.geometry, { type: 'Point', coordinates: [-97.0892, 39.7456] });
      const p = b.properties;
      assert.equal(p.cwa, p.gridId);
      assert.match(p.gridId, /^[A-Z]{3}$/);
      assert.ok(Number.isInteger(p.gridX) && Number.isInteger(p.gridY));
      for (const key of [
        'forecast',
        'forecastHourly',
        'forecastGridData',
        'observationStations',
        'forecastOffice',
        'forecastZone',
        'county',
        'fireWeatherZone',
      ]) {
        assert.ok(isUrl(p[key]), key);
        assert.equal((await w.get(path(p[key]))).status, 200, `${key} resolves`);
      }
      const rel = p.relativeLocation;
      assert.equal(rel.type, 'Feature');
      assert.equal(rel.geometry.type, 'Point');
      assert.equal(typeof rel.properties.city, 'string');
      assert.equal(typeof rel.properties.state, 'string');
      assertQuantity(rel.properties.distance);
      assertQuantity(rel.properties.bearing);
      assert.equal(p.timeZone, 'America/Chicago');
    });

    test('latitude -90 to 90 and longitude -180 to 180; 400 invalid coordinates; 404 outside coverage', async () => {
      for (const ok of ['90,0', '-90,0', '0,180', '0,-180'])
        assert.ok([200, 404].includes((await w.get(`/points/${ok}`)).status), ok);
      for (const bad of ['90.5,0', '-91,0', '0,180.5', '0,-181', 'abc', '39.7456'])
        assertProblem(await w.get(`/points/${bad}`), 400, ['BadRequest', 'InvalidParameter']);
      const outside = await w.get('/points/30,-140');
      assertProblem(outside, 404, ['NotFound']);
      assert.match(outside.body.detail, /30/);
    });

    test('/points/{p}/forecast: seven-day periods; 400 bad format or range; 404 outside coverage', async () => {
      assert.equal((await w.get(`/points/${POINT}/forecast`)).body.properties.periods.length, 14);
      assertProblem(await w.get('/points/abc/forecast'), 400, ['BadRequest', 'InvalidParameter']);
      assertProblem(await w.get('/points/95,0/forecast'), 400, ['BadRequest', 'InvalidParameter']);
      assertProblem(await w.get('/points/30,-140/forecast'), 404, ['NotFound']);
    });

    test('/points/{p}/forecast/hourly: 48-hour hourly periods', async () => {
      const periods = (await w.get(`/points/${POINT}/forecast/hourly`)).body.properties.periods;
      assert.equal(periods.length, 48);
      assert.equal(Date.parse(periods[47].endTime) - Date.parse(periods[0].startTime), 48 * 3_600_000);
    });
  });

  describe('Gridpoint (Feature) and GET /gridpoints/{office}/{gridX},{gridY}', () => {
    test('every field of the table', async () => {
      const b = (await w.get('/gridpoints/TOP/32,81')).body;
      assert.equal(b.id, `${BASE}/gridpoints/TOP/32,81`);
      assert.equal(b.type, 'Feature');
      assert.equal(b.geometry.type, 'Polygon');
      const p = b.properties;
      assert.equal(p.forecastOffice, `${BASE}/offices/TOP`);
      assert.deepEqual([p.gridId, p.gridX, p.gridY], ['TOP', 32, 81]);
      assert.equal(p.timeZone, 'America/Chicago');
      assertQuantity(p.elevation, /^wmoUnit:m$/);
      assert.equal(p.relativeLocation.type, 'Feature');
      for (const key of ['forecast', 'forecastHourly', 'forecastGridData', 'observationStations'])
        assert.ok(isUrl(p[key]), key);
    });

    test('office, gridX and gridY required; 400 invalid grid values; 404 unknown office or out of range, naming them', async () => {
      for (const bad of ['/gridpoints/TOP/a,b', '/gridpoints/TOP/32', '/gridpoints/TOP/-1,5']) {
        assertProblem(await w.get(bad), 400, ['BadRequest', 'InvalidParameter']);
      }
      // An office is never among the spec's 400 causes: any unknown one, whatever its length, is the 404.
      for (const id of ['ZZZ', 'TOPEKA']) {
        const office = await w.get(`/gridpoints/${id}/32,81`);
        assertProblem(office, 404, ['NotFound']);
        assert.match(office.body.detail, new RegExp(id));
      }
      const range = await w.get('/gridpoints/TOP/9999,9999');
      assertProblem(range, 404, ['NotFound']);
      assert.match(range.body.detail, /9999/);
    });

    test('the advertised paths answer: forecast, forecast/hourly, stations, offices, zone stations, latest observation', async () => {
      for (const p of [
        '/gridpoints/TOP/32,81/forecast',
        '/gridpoints/TOP/32,81/forecast/hourly',
        '/gridpoints/TOP/32,81/stations',
        '/offices/TOP',
        '/zones/forecast/KSZ009/stations',
        '/stations/KSLC/observations/latest',
      ]) {
        assert.equal((await w.get(p)).status, 200, p);
      }
    });
  });

  describe('Forecast (Feature) and its periods', () => {
    test('every field of the forecast table, seven-day and hourly', async () => {
      for (const url of ['/gridpoints/TOP/32,81/forecast', '/gridpoints/TOP/32,81/forecast/hourly']) {
        const b = (await w.get(url)).body;
        assert.equal(b.type, 'Feature');
        assert.ok(b.geometry === null || b.geometry.type === 'Polygon');
        const p = b.properties;
        for (const key of ['updated', 'updateTime', 'generatedAt']) assert.match(p[key], ISO, key);
        assert.equal(p.units, 'us');
        assert.equal(typeof p.forecastGenerator, 'string');
        assert.match(p.validTimes, /^\d{4}-\d{2}-\d{2}T[\d:]+(Z|[+-]\d{2}:\d{2})\/P/);
        assertQuantity(p.elevation);
        assert.ok(Array.isArray(p.periods));
      }
    });

    test('every period field: number, name, startTime, endTime, isDaytime, temperature, temperatureUnit, temperatureTrend, windSpeed, windDirection, shortForecast, detailedForecast', async () => {
      for (const url of ['/gridpoints/TOP/32,81/forecast', '/gridpoints/TOP/32,81/forecast/hourly']) {
        const periods = (await w.get(url)).body.properties.periods;
        periods.forEach((p: any, i: number) => {
          assert.equal(p.number, i + 1, 'position in the list');
          assert.ok(typeof p.name === 'string' && p.name.length > 0, `${url} #${i + 1} name`);
          assert.match(p.startTime, WITH_OFFSET);
          assert.match(p.endTime, WITH_OFFSET);
          assert.equal(typeof p.isDaytime, 'boolean');
          assert.equal(typeof p.temperature, 'number');
          assert.equal(p.temperatureUnit, 'F');
          assert.ok(p.temperatureTrend === null || typeof p.temperatureTrend === 'string');
          assert.match(p.windSpeed, / mph$/);
          assert.match(p.windDirection, COMPASS);
          assert.ok(typeof p.shortForecast === 'string' && p.shortForecast.length > 0);
          assert.ok(typeof p.detailedForecast === 'string' && p.detailedForecast.length > 0);
        });
      }
      const daily = (await w.get('/gridpoints/TOP/32,81/forecast')).body.properties.periods;
      assert.ok(
        daily.some((p: any) => p.name === 'Tonight') && daily.some((p: any) => /day$/.test(p.name)),
        'day names and Tonight',
      );
      daily
        .slice(1)
        .forEach((p: any, i: number) => assert.notEqual(p.isDaytime, daily[i].isDaytime, 'day and night alternate'));
    });

    test('units: us (the one used) and si', async () => {
      const us = (await w.get('/gridpoints/TOP/32,81/forecast?units=us')).body.properties;
      const si = (await w.get('/gridpoints/TOP/32,81/forecast/hourly?units=si')).body.properties;
      assert.equal(us.units, 'us');
      assert.equal(us.periods[0].temperatureUnit, 'F');
      assert.equal(si.units, 'si');
      assert.equal(si.periods[0].temperatureUnit, 'C');
      assertProblem(await w.get('/gridpoints/TOP/32,81/forecast?units=kelvin'), 400, ['InvalidParameter']);
    });
  });

  describe('Alert (Feature in a FeatureCollection) and GET /alerts', () => {
    let all: any[];
    before(async () => {
      all = (await w.get('/alerts?limit=500')).body.features;
    });

    test('every field of the alert table', async () => {
      assert.ok(all.length > 0);
      assert.ok(
        all.some((f) => f.geometry === null),
        'some alerts have no geometry',
      );
      assert.ok(
        all.some((f) => f.geometry?.type === 'Polygon'),
        'some have a Polygon',
      );
      for (const f of all) {
        assert.ok(isUrl(f.id));
        assert.equal(f.type, 'Feature');
        const p = f.properties;
        for (const key of [
          'event',
          'severity',
          'certainty',
          'urgency',
          'category',
          'areaDesc',
          'headline',
          'description',
          'instruction',
          'senderName',
        ]) {
          assert.ok(typeof p[key] === 'string' && p[key].length > 0, key);
        }
        assert.equal(p.status, 'Actual');
        assert.ok(['Alert', 'Update', 'Cancel'].includes(p.messageType));
        assert.equal(p.category, 'Met');
        for (const key of ['sent', 'effective', 'expires']) assert.match(p[key], ISO, key);
        assert.ok(Array.isArray(p.parameters.VTEC));
        assert.ok(p.affectedZones.length > 0 && p.affectedZones.every(isUrl));
      }
      assert.ok(all.some((f) => f.properties.severity === 'Severe'));
    });

    test('area: a two-letter state or a zone code', async () => {
      const ks = await w.get('/alerts?area=KS');
      assert.equal(ks.status, 200);
      assert.ok(ks.body.features.every((f: any) => f.properties.geocode.UGC.some((u: string) => u.startsWith('KS'))));
      const ugc = all[0].properties.geocode.UGC[0];
      const zone = await w.get(`/alerts?area=${ugc}`);
      assert.ok(zone.body.features.some((f: any) => f.id === all[0].id));
    });

    test('event: an exact event type name', async () => {
      const event = all[0].properties.event;
      const reply = await w.get(`/alerts?event=${encodeURIComponent(event)}`);
      assert.ok(reply.body.features.length > 0 && reply.body.features.every((f: any) => f.properties.event === event));
    });

    test('status: actual, expired', async () => {
      const actual = await w.get('/alerts?status=actual');
      assert.ok(
        actual.body.features.length > 0 && actual.body.features.every((f: any) => f.properties.status === 'Actual'),
      );
      const expired = await w.get('/alerts?status=expired');
      assert.ok(
        expired.body.features.length > 0 &&
          expired.body.features.every((f: any) => Date.parse(f.properties.expires) <= NOW.getTime()),
      );
    });

    test('zone: a public zone or a fire zone id', async () => {
      // A land zone's alert (the day's first may be a marine zone's or a county's, which have no fire zones).
      const alert = all.find(
        (f: any) =>
          /^[A-Z]{2}Z\d{3}$/.test(f.properties.geocode.UGC[0]) &&
          STATE_TERRITORY_CODES.has(f.properties.geocode.UGC[0].slice(0, 2)),
      );
      assert.ok(alert, 'the day has a land zone alert');
      const ugc = alert.properties.geocode.UGC[0];
      const pub = await w.get(`/alerts?zone=${ugc}`);
      assert.ok(pub.body.features.some((f: any) => f.id === alert.id));
      const fireZones = await w.get(`/zones/fire?area=${ugc.slice(0, 2)}&limit=1000`);
      assert.equal(fireZones.status, 200);
      const fire = ids(fireZones.body).find((id) => id === ugc) ?? ids(fireZones.body)[0]!;
      const byFire = await w.get(`/alerts?zone=${fire}`);
      assert.equal(byFire.status, 200);
      if (fire === ugc) assert.ok(byFire.body.features.some((f: any) => f.id === alert.id));
    });

    test('severity: a severity level', async () => {
      for (const level of ['Extreme', 'Severe', 'Moderate', 'Minor', 'Unknown']) {
        const reply = await w.get(`/alerts?severity=${level}`);
        assert.equal(reply.status, 200, level);
        assert.ok(reply.body.features.every((f: any) => f.properties.severity === level));
      }
    });

    test('message_type: original, update, cancel and similar', async () => {
      for (const [value, messageType] of [
        ['original', 'Alert'],
        ['update', 'Update'],
        ['cancel', 'Cancel'],
        ['alert', 'Alert'],
      ]) {
        const reply = await w.get(`/alerts?message_type=${value}`);
        assert.equal(reply.status, 200, value);
        assert.ok(
          reply.body.features.every((f: any) => f.properties.messageType === messageType),
          value,
        );
      }
      assert.ok((await w.get('/alerts?message_type=original')).body.features.length > 0);
      assert.ok((await w.get('/alerts?message_type=update')).body.features.length > 0);
    });

    test('point: lat,lon resolves to the zones covering the point', async () => {
      const zone = (await w.get(path(all[0].properties.affectedZones[0]))).body;
      const ring = zone.geometry.type === 'Polygon' ? zone.geometry.coordinates[0] : zone.geometry.coordinates[0][0];
      const first = (await w.get(`/zones?point=${ring[0][1]},${ring[0][0]}`)).status;
      assert.equal(first, 200);
      // A point of an alert's zone (the first zone alert whose ring's mean lies in it), so the check has alerts.
      let at = POINT;
      for (const f of all.filter((a: any) => a.properties.affectedZones[0].includes('/zones/forecast/')).slice(0, 10)) {
        const g = (await w.get(path(f.properties.affectedZones[0]))).body.geometry;
        const r: number[][] = g.type === 'Polygon' ? g.coordinates[0] : g.coordinates[0][0];
        const mean = (k: number) => (r.reduce((sum, p) => sum + p[k]!, 0) / r.length).toFixed(4);
        const inside = (await w.get(`/points/${mean(1)},${mean(0)}`)).body.properties?.forecastZone;
        if (inside === f.properties.affectedZones[0]) {
          at = `${mean(1)},${mean(0)}`;
          break;
        }
      }
      const reply = await w.get(`/alerts?point=${at}`);
      assert.equal(reply.status, 200);
      // A point's alerts name one of its zones: its forecast zone, or its county for a county-coded storm warning
      // (or fire weather zone), as the real API matches them.
      const point = (await w.get(`/points/${at}`)).body.properties;
      const zones = [point.forecastZone, point.county, point.fireWeatherZone];
      assert.ok(reply.body.features.length > 0, `the day has alerts at ${at}`);
      for (const f of reply.body.features)
        assert.ok(
          f.properties.affectedZones.some((z: string) => zones.includes(z)),
          `${f.properties.event}: ${f.properties.affectedZones.join(', ')} names none of ${zones.join(', ')}`,
        );
      assertProblem(await w.get('/alerts?point=abc'), 400, ['BadRequest', 'InvalidParameter']);
    });

    test('large results are paged with the HTTP Link header, rel next; 400 invalid query or filter; no match is an empty list', async () => {
      // A page smaller than the day's alerts (97 on this July day, under the default page of 100), so the
      // check does not hang on how stormy the model's day is.
      const page = await w.get('/alerts?limit=20');
      assert.equal(page.body.features.length, 20);
      assert.match(
        page.headers.get('link') ?? '',
        /^<http:\/\/taskcast\.test\/alerts\?[^>]*cursor=[^>]+>; rel="next"$/,
      );
      const second = await w.get(path(page.body.pagination.next));
      assert.equal(second.status, 200);
      for (const bad of [
        '/alerts?status=bogus',
        '/alerts?severity=awful',
        '/alerts?message_type=x',
        '/alerts?area=Kansas',
        '/alerts?limit=0',
      ]) {
        assertProblem(await w.get(bad), 400, ['BadRequest', 'InvalidParameter']);
      }
      assertProblem(await w.get('/alerts?area=KS&point=39,-97'), 400, ['BadRequest', 'InvalidParameter']);
      const none = await w.get('/alerts?event=Tsunami%20Warning');
      assert.deepEqual([none.status, none.body.features], [200, []]);
    });

    test('GET /alerts/active: a FeatureCollection of active alerts', async () => {
      const active = await w.get('/alerts/active');
      assert.equal(active.body.type, 'FeatureCollection');
      for (const f of active.body.features) assert.ok(Date.parse(f.properties.expires) > NOW.getTime());
    });
  });

  describe('Station (Feature) and GET /stations', () => {
    test('every field of the station table', async () => {
      const b = (await w.get('/stations/KSLC')).body;
      assert.equal(b.id, `${BASE}/stations/KSLC`);
      assert.equal(b.type, 'Feature');
      assert.equal(b.geometry.type, 'Point');
      assert.equal(b.geometry.coordinates.length, 2);
      assert.ok(b.geometry.coordinates[0] < -100 && b.geometry.coordinates[1] > 40, '[lon, lat]');
      assert.equal(b.properties.stationIdentifier, 'KSLC');
      assert.equal(typeof b.properties.name, 'string');
      assert.equal(b.properties.timeZone, 'America/Denver');
      assertQuantity(b.properties.elevation, /^wmoUnit:m$/);
    });

    test('state: a US state code or a comma-separated list', async () => {
      const ks = await w.get('/stations?state=KS&limit=500');
      assert.ok(ks.body.features.length > 0);
      const both = await w.get('/stations?state=KS,MO&limit=500');
      assert.ok(both.body.features.length > ks.body.features.length);
      for (const id of ids(ks.body)) assert.ok(ids(both.body).includes(id));
    });

    test('bbox: west,south,east,north in WGS84; 400 when not in that form', async () => {
      const reply = await w.get('/stations?bbox=-112.2,40.5,-111.7,40.9&limit=500');
      assert.ok(reply.body.features.length > 0);
      for (const f of reply.body.features) {
        const [lon, lat] = f.geometry.coordinates;
        assert.ok(lon >= -112.2 && lon <= -111.7 && lat >= 40.5 && lat <= 40.9);
      }
      for (const bad of ['-111.7,40.5,-112.2,40.9', '1,2,3', 'a,b,c,d'])
        assertProblem(await w.get(`/stations?bbox=${bad}`), 400, ['BadRequest', 'InvalidParameter']);
    });

    test('limit: default 25, maximum 500', async () => {
      assert.equal((await w.get('/stations')).body.features.length, 25);
      assert.equal((await w.get('/stations?limit=500')).body.features.length, 500);
      assert.equal((await w.get('/stations?limit=7')).body.features.length, 7);
      assertProblem(await w.get('/stations?limit=501'), 400, ['InvalidParameter']);
    });

    test('cursor: the value the server supplies gets the next page', async () => {
      const first = await w.get('/stations?state=KS&limit=5');
      const next = new URL(first.body.pagination.next);
      const cursor = next.searchParams.get('cursor')!;
      const second = await w.get(`/stations?state=KS&limit=5&cursor=${encodeURIComponent(cursor)}`);
      assert.equal(second.body.features.length, 5);
      assert.ok(ids(second.body).every((id) => !ids(first.body).includes(id)));
    });

    test('stationId: a known id or a comma-separated list', async () => {
      assert.deepEqual(ids((await w.get('/stations?stationId=KSLC')).body), ['KSLC']);
      assert.deepEqual(ids((await w.get('/stations?stationId=KSLC,KTOP')).body).sort(), ['KSLC', 'KTOP']);
    });

    test('403 missing User-Agent', async () => {
      const bare = await w.app.fetch(new Request(`${BASE}/stations`));
      assert.equal(bare.status, 403);
    });

    test('GET /stations/{stationId}: 200 one station; 404 naming the station', async () => {
      assert.equal((await w.get('/stations/KTOP')).body.properties.stationIdentifier, 'KTOP');
      for (const id of ['KZZZZ', 'K']) {
        const reply = await w.get(`/stations/${id}`);
        assertProblem(reply, 404, ['NotFound']);
        assert.ok(reply.body.detail.includes(id));
      }
    });
  });

  describe('Zone (Feature) and GET /zones, /zones/{type}, /zones/{type}/{zoneId}', () => {
    test('type: forecast, county, fire are the listed values', async () => {
      for (const type of ['forecast', 'county', 'fire']) {
        const list = await w.get(`/zones/${type}?area=KS&limit=2`);
        assert.equal(list.status, 200, type);
        const id = list.body.features[0].properties.id;
        const one = await w.get(`/zones/${type}/${id}`);
        assert.equal(one.status, 200, `${type}/${id}`);
        assert.equal(one.body.properties.id, id);
      }
      assert.equal((await w.get('/zones?limit=5')).status, 200);
    });

    test("every field of the zone table, single and in a list, and the list's pagination", async () => {
      const one = (await w.get('/zones/forecast/KSZ009')).body;
      assert.equal(one.id, `${BASE}/zones/forecast/KSZ009`);
      assert.equal(one.type, 'Feature');
      assert.ok(['Polygon', 'MultiPolygon'].includes(one.geometry.type));
      const p = one.properties;
      assert.equal(p.id, 'KSZ009');
      assert.equal(typeof p.type, 'string');
      assert.equal(typeof p.name, 'string');
      assert.equal(p.state, 'KS');
      assert.match(p.effectiveDate, ISO);
      assert.ok(p.expirationDate === null || ISO.test(p.expirationDate));
      assert.equal(p.forecastOffice, `${BASE}/offices/TOP`);
      assert.ok(p.relatedZones.county.every(isUrl) && p.relatedZones.county.length > 0);
      assert.ok(p.relatedZones.fireWeatherZone.every(isUrl));
      const list = (await w.get('/zones/forecast?area=KS&limit=2')).body;
      assert.equal(
        list.features[0].properties.observationStations,
        `${BASE}/zones/forecast/${list.features[0].properties.id}/stations`,
      );
      assert.ok(isUrl(list.pagination.next));
      assert.equal(list.pagination.prev, null);
      const second = (await w.get(path(list.pagination.next))).body;
      assert.ok(isUrl(second.pagination.prev));
    });

    test('id: zone ids', async () => {
      // KSZ009 is both a forecast and a fire zone.
      assert.deepEqual([...new Set(ids((await w.get('/zones?id=KSZ009,KSC201')).body))].sort(), ['KSC201', 'KSZ009']);
      assert.deepEqual(ids((await w.get('/zones/forecast?id=KSZ009')).body), ['KSZ009']);
    });

    test('area: state or marine area codes', async () => {
      const reply = await w.get('/zones/forecast?area=KS,NE&limit=1000');
      const states = new Set(reply.body.features.map((f: any) => f.properties.state));
      assert.deepEqual([...states].sort(), ['KS', 'NE']);
    });

    test('region: region codes', async () => {
      for (const region of ['AR', 'CR', 'ER', 'PR', 'SR', 'WR']) {
        const reply = await w.get(`/zones/forecast?region=${region}&limit=1`);
        assert.equal(reply.body.features.length, 1, region);
      }
      assert.ok(ids((await w.get('/zones/forecast?region=CR&limit=1000')).body).includes('KSZ009'));
      assert.ok(!ids((await w.get('/zones/forecast?region=WR&limit=1000')).body).includes('KSZ009'));
    });

    test('type: zone types to include', async () => {
      const reply = await w.get('/zones?type=county,fire&area=KS&limit=1000');
      const types = new Set(reply.body.features.map((f: any) => f.properties.type));
      assert.deepEqual([...types].sort(), ['county', 'fire']);
      assert.ok(
        (await w.get('/zones?type=forecast&area=KS&limit=3')).body.features.every(
          (f: any) => f.properties.type === 'public',
        ),
      );
    });

    test('point: lat,lon returns the zones containing the point; 400 malformed point', async () => {
      const at = ids((await w.get(`/zones?point=${POINT}`)).body);
      assert.ok(at.includes('KSZ009') && at.includes('KSC201'), at.join());
      assertProblem(await w.get('/zones?point=abc'), 400, ['BadRequest', 'InvalidParameter']);
    });

    test('includegeometry: true adds polygon geometry', async () => {
      const withGeometry = (await w.get('/zones/county?id=KSC201&includegeometry=true')).body.features[0];
      assert.ok(['Polygon', 'MultiPolygon'].includes(withGeometry.geometry.type));
      assert.equal((await w.get('/zones/county?id=KSC201&includegeometry=false')).body.features[0].geometry, null);
      assert.equal((await w.get('/zones/county?id=KSC201')).body.features[0].geometry, null);
    });

    test('limit: maximum number of zones', async () => {
      assert.equal((await w.get('/zones?limit=3')).body.features.length, 3);
    });

    test('effective: the version in effect at that time, on all three forms; 400 invalid effective', async () => {
      const at = '2025-06-01T00:00:00Z';
      assert.ok((await w.get(`/zones?effective=${at}&limit=2`)).body.features.length === 2);
      assert.ok((await w.get(`/zones/forecast?effective=${at}&limit=2`)).body.features.length === 2);
      assert.equal((await w.get(`/zones/forecast/KSZ009?effective=${at}`)).status, 200);
      assert.equal((await w.get('/zones/forecast/KSZ009?effective=2020-01-01T00:00:00Z')).status, 404);
      for (const bad of [
        '/zones?effective=yesterday',
        '/zones/forecast?effective=2025-13-45',
        '/zones/forecast/KSZ009?effective=soon',
      ]) {
        assertProblem(await w.get(bad), 400, ['BadRequest', 'InvalidParameter']);
      }
    });

    test('404 unknown type or zoneId; 406 unsupported Accept', async () => {
      assertProblem(await w.get('/zones/nonsense'), 404, ['NotFound']);
      assertProblem(await w.get('/zones/nonsense/KSZ009'), 404, ['NotFound']);
      assertProblem(await w.get('/zones/forecast/KSZ999'), 404, ['NotFound']);
      assertProblem(await w.get('/zones/forecast/KSZ009', { accept: 'text/csv' }), 406, ['NotAcceptable']);
    });
  });

  describe('Authentication, Errors and the Problem body', () => {
    test('no authentication: the Authorization header is not used', async () => {
      assert.equal((await w.get(`/points/${POINT}`, { authorization: 'Bearer nonsense' })).status, 200);
    });

    test('a request without a valid User-Agent: 403 with title Access denied and a detail, nothing else', async () => {
      for (const headers of [{}, { 'user-agent': '' }, { 'user-agent': '   ' }] as Record<string, string>[]) {
        const response = await w.app.fetch(new Request(`${BASE}/points/${POINT}`, { headers }));
        assert.equal(response.status, 403);
        const body = await response.json();
        assert.deepEqual(Object.keys(body).sort(), ['detail', 'title']);
        assert.equal(body.title, 'Access denied');
        assert.match(body.detail, /User-Agent/);
      }
    });

    test('Accept: application/geo+json recommended; an unsupported value yields 406', async () => {
      const geo = await w.get(`/points/${POINT}`, { accept: 'application/geo+json' });
      assert.equal(geo.headers.get('content-type'), 'application/geo+json');
      assertProblem(await w.get(`/points/${POINT}`, { accept: 'application/xml' }), 406, ['NotAcceptable']);
    });

    test('problem bodies: title, type under {base}/problems/ (BadRequest, InvalidParameter, NotFound), status, detail, correlationId; each type resolves', async () => {
      const bad = await w.get('/alerts?area=KS&zone=KSZ009');
      assertProblem(bad, 400, ['BadRequest']);
      assert.equal(bad.body.title, 'Bad Request');
      const invalid = await w.get('/points/91,0');
      assertProblem(invalid, 400, ['InvalidParameter']);
      const notFound = await w.get('/stations/KZZZZ');
      assertProblem(notFound, 404, ['NotFound']);
      assert.equal(notFound.body.title, 'Not Found');
      for (const reply of [bad, invalid, notFound])
        assert.equal((await w.get(path(reply.body.type))).status, 200, reply.body.type);
    });

    test('429 when the rate limit is exceeded', async () => {
      const limited = await forecastWorld({ now: NOW, forecastRequestsPerMinute: 2 });
      await limited.get(`/points/${POINT}`);
      await limited.get(`/points/${POINT}`);
      const third = await limited.get(`/points/${POINT}`);
      assertProblem(third, 429, ['TooManyRequests']);
      assert.ok(Number(third.headers.get('retry-after')) > 0);
    });
  });
});
