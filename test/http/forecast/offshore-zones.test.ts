import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// The national centres' offshore and high-seas zones (the NWS oz18mr25 offshore zone file: OPC's ONA and ONP,
// NHC's NH1 and NH2, Honolulu's HPA) in the zones family, as api.weather.gov serves its offshore zones: typed
// "offshore" like the Alaska offices' PKZ413 (its recorded answer: state null, cwa the zone file's issuer,
// no stations, no radar), listed under /zones/offshore beside PKZ311-PKZ510, one by one under
// /zones/offshore/{id} and /zones/forecast/{id}, with no text forecast. Every answer here is also checked
// against the served OpenAPI document (forecastWorld's fetch).

const BASE = 'http://taskcast.test';
const read = (file: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../../adapters/forecast/embedded/data/${file}`, import.meta.url), 'utf8')) as {
      rows: unknown[][];
    }
  ).rows;
/** The centres' zones offshore-zones.json ships: id, name, issuer, ... */
const CENTRE_ROWS = read('offshore-zones.json');
const CENTRE_IDS = CENTRE_ROWS.map((row) => String(row[0]));
/** The offices' offshore zones (marine-zones.json's `offshore` column, its fifth): PKZ311-PKZ510. */
const OFFICE_OFFSHORE = read('marine-zones.json')
  .filter((row) => row[4] === true)
  .map((row) => String(row[0]));

type Json = Record<string, any>;

describe("the national centres' offshore zones", () => {
  let w: Awaited<ReturnType<typeof forecastWorld>>;
  before(async () => {
    w = await forecastWorld({ now: new Date('2026-01-20T12:00:00Z') });
  });
  const ids = async (path: string): Promise<string[]> => {
    const reply = await w.get(path);
    assert.equal(reply.status, 200, path);
    return reply.body.features.map((f: Json) => f.properties.id);
  };

  test('are the 119 offshore zones of the five centres, listed with the offices’ eleven', async () => {
    assert.equal(CENTRE_IDS.length, 119);
    const byIssuer = new Map<string, number>();
    for (const row of CENTRE_ROWS) byIssuer.set(String(row[2]), (byIssuer.get(String(row[2])) ?? 0) + 1);
    assert.deepEqual(Object.fromEntries(byIssuer), { NH2: 60, ONA: 18, HPA: 1, NH1: 21, ONP: 19 });
    assert.equal(OFFICE_OFFSHORE.length, 11);
    const expected = [...CENTRE_IDS, ...OFFICE_OFFSHORE].sort();
    for (const path of ['/zones/offshore', '/zones?type=offshore', '/zones?type=offshore&limit=500']) {
      assert.deepEqual(await ids(path), expected, path);
    }
    const list = (await w.get('/zones/offshore')).body.features as Json[];
    for (const f of list) {
      assert.equal(f.properties.type, 'offshore');
      assert.equal(f.id, `${BASE}/zones/forecast/${f.properties.id}`);
      assert.equal(f.properties.observationStations, `${BASE}/zones/forecast/${f.properties.id}/stations`);
    }
    // None of them is a coastal zone or a public one.
    const coastal = await ids('/zones/marine?limit=1000');
    assert.ok(CENTRE_IDS.every((id) => !coastal.includes(id)));
    assert.deepEqual(await ids('/zones/forecast?id=ANZ800'), []);
  });

  test('answer one by one as the recorded PKZ413 does, under /zones/offshore/ and /zones/forecast/', async () => {
    const cases = [
      ['ANZ800', 'Gulf of Maine to the Hague Line', 'ONA', 'America/New_York'],
      ['PZZ945', 'San Clemente Island, CA to 30N from 60 NM offshore west to 120W', 'ONP', 'America/Los_Angeles'],
      ['GMZ056', 'N Central Gulf of America Offshore Waters', 'NH2', 'America/New_York'],
      ['AMZ058', 'Offshore Waters Windward Islands including Trinidad and Tobago', 'NH2', 'America/New_York'],
      ['PMZ119', 'Ecuador Including Gulf of Guayaquil to 250 NM offshore', 'NH1', 'America/New_York'],
      ['PHZ180', 'Hawaiian Offshore Waters', 'HPA', 'Pacific/Honolulu'],
    ] as const;
    // The Gulf platforms that stand in N Central Gulf's offshore waters, filed under it (stations at sea).
    const atSea: Readonly<Record<string, readonly string[]>> = { GMZ056: ['KATP', 'KGRY', 'KVOA'] };
    for (const [id, name, issuer, timeZone] of cases) {
      const stations = (atSea[id] ?? []).map((s) => `${BASE}/stations/${s}`);
      const link = `${BASE}/zones/forecast/${id}`;
      const zone = await w.get(`/zones/forecast/${id}`);
      assert.equal(zone.status, 200, id);
      assert.equal(zone.body.id, link);
      const p = zone.body.properties;
      assert.deepEqual(
        [p['@id'], p.id, p.type, p.name, p.state, p.cwa, p.forecastOffice, p.gridIdentifier],
        [link, id, 'offshore', name, null, [issuer], `${BASE}/offices/${issuer}`, issuer],
        id,
      );
      // The centres are no forecast offices of the catalogue: no office page to link, no radar; the stations
      // are those at sea in the zone.
      assert.deepEqual(
        [p.forecastOffices, p.timeZone, p.observationStations, p.radarStation, p.effectiveDate],
        [[], [timeZone], stations, null, '2025-03-18T18:00:00+00:00'],
        id,
      );
      assert.equal(p.relatedZones, undefined);
      assert.match(zone.body.geometry.type, /^(Multi)?Polygon$/);
      assert.deepEqual((await w.get(`/zones/offshore/${id}`)).body, zone.body, id);
      assert.equal((await w.get(`/zones/marine/${id}`)).status, 404, id);
      assert.deepEqual(
        (await w.get(`/zones/forecast/${id}/stations`)).body.features.map((f: { id: string }) => f.id),
        stations,
      );
      // Their observations, when it has stations at sea: each one a station's of the zone.
      const observed: Array<{ id: string }> = (await w.get(`/zones/forecast/${id}/observations`)).body.features;
      assert.equal(observed.length > 0, stations.length > 0, id);
      for (const o of observed)
        assert.ok(
          stations.some((s) => o.id.startsWith(`${s}/observations/`)),
          o.id,
        );
      for (const path of [`/zones/forecast/${id}/forecast`, `/zones/offshore/${id}/forecast`]) {
        const reply = await w.get(path);
        assert.deepEqual([reply.status, reply.body.title], [404, 'Marine Forecast Not Supported'], path);
      }
    }
    assert.equal((await w.get('/zones/offshore/ANZ801')).status, 404);
  });

  test('are found by area, region, id and point, beside the other types', async () => {
    assert.deepEqual(
      await ids('/zones/offshore?area=GM'),
      CENTRE_IDS.filter((id) => id.startsWith('GM')),
    );
    assert.equal((await ids('/zones/offshore?area=GM')).length, 11);
    // The Pacific's PZ zones are ONP's (the PA region); Alaska's AL region holds the offices' PKZ ones.
    assert.deepEqual(
      await ids('/zones/offshore?region=PA'),
      CENTRE_IDS.filter((id) => id.startsWith('PZ')),
    );
    assert.deepEqual(await ids('/zones/offshore?region=AL'), OFFICE_OFFSHORE);
    const atlantic = await ids('/zones/offshore?region=AT');
    assert.equal(atlantic.length, 67);
    assert.ok(atlantic.every((id) => /^A[MN]Z/.test(id)));
    assert.deepEqual(await ids('/zones?id=ANZ800,GMZ042,KSZ009&type=offshore,marine'), ['GMZ042', 'ANZ800']);
    // The Gulf 170 km south of the Mississippi delta; the Gulf of Maine; the coastal waters off Cape Sable.
    assert.deepEqual(await ids('/zones?type=offshore,marine&point=28,-90'), ['GMZ056']);
    assert.deepEqual(await ids('/zones?point=42.9,-68.6'), ['ANZ800']);
    assert.deepEqual(await ids('/zones/offshore?point=25.0391,-81.3642'), []);
    assert.deepEqual((await w.get('/zones/offshore?effective=2025-01-01T00:00:00Z')).body.features, []);
  });

  test('leave points on the open sea beyond every office grid a 404, and name the zone on a grid that reaches', async () => {
    // No recording of what api.weather.gov answers beyond the office grids was found (see the README), so
    // those points stay 404: the Gulf of Maine, the Gulf south of the delta, off Point Conception.
    for (const [lat, lon] of [
      [42.9, -68.6],
      [28, -90],
      [34.5, -122.9],
    ])
      assert.equal((await w.get(`/points/${lat},${lon}`)).status, 404, `${lat},${lon}`);
    // HFO's grid reaches into the Hawaiian offshore waters: the point names that zone, and the link answers.
    const point = await w.get('/points/20.5,-160.5');
    assert.equal(point.status, 200);
    const p = point.body.properties;
    assert.deepEqual([p.type, p.gridId, p.forecastZone], ['marine', 'HFO', `${BASE}/zones/forecast/PHZ180`]);
    assert.equal((await w.get('/zones/forecast/PHZ180')).status, 200);
  });

  test('file a Gulf platform under the marine zone it stands in, as api.weather.gov files its stations at sea', async () => {
    // Beyond 60 NM NHC's offshore zone, nearer the office's coastal one; no county, no fire zone.
    for (const [id, zone] of [
      ['KGUL', 'GMZ041'],
      ['KHHV', 'GMZ040'],
      ['KATP', 'GMZ056'],
      ['KBQX', 'GMZ350'],
    ]) {
      const station = await w.get(`/stations/${id}`);
      assert.equal(station.status, 200, id);
      const p = station.body.properties;
      assert.deepEqual(
        [p.forecast, p.county, p.fireWeatherZone],
        [`${BASE}/zones/forecast/${zone}`, undefined, undefined],
      );
      assert.equal((await w.get(`/zones/forecast/${zone}`)).status, 200, zone);
    }
  });
});
