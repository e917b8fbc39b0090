import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// The coastal marine zones in the zones family, as api.weather.gov serves them: a point over water links its
// marine zone as /zones/forecast/{id}, which answers the zone (type "coastal", state null, its outline);
// /zones/marine/{id} answers the same feature under the same id; /zones?type=marine and /zones/marine list
// them; a marine zone has no text forecast (404 "Marine Forecast Not Supported", as recorded for AMZ552 and
// GMZ836 in 2026). The offshore ones among them (PKZ311–PKZ510) are typed "offshore" and listed apart
// (zone-types.test.ts covers them).

const BASE = 'http://taskcast.test';
/** The zones data/marine-zones.json ships (the NWS mz18mr25 coastal zones of the 123 offices). */
const ROWS = (
  JSON.parse(
    readFileSync(new URL('../../../adapters/forecast/embedded/data/marine-zones.json', import.meta.url), 'utf8'),
  ) as { rows: unknown[][] }
).rows;
const SHIPPED = ROWS.map((row) => String(row[0]));
/** The coastal ones: the file's `offshore` column (its fifth) is false. */
const COASTAL = ROWS.filter((row) => row[4] !== true).map((row) => String(row[0]));

type Json = Record<string, any>;

/** Whether [lon, lat] lies in a GeoJSON Polygon or MultiPolygon (even-odd over every ring, holes included). */
function contains(geometry: Json, lon: number, lat: number): boolean {
  const polygons: number[][][][] = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let inside = false;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const [xi, yi] = ring[i]!;
        const [xj, yj] = ring[j]!;
        if (yi! > lat !== yj! > lat && lon < ((xj! - xi!) * (lat - yi!)) / (yj! - yi!) + xi!) inside = !inside;
      }
  return inside;
}

describe('marine zones in the zones family', () => {
  let w: Awaited<ReturnType<typeof forecastWorld>>;
  before(async () => {
    w = await forecastWorld({ now: new Date('2026-01-20T12:00:00Z') });
  });

  async function all(path: string): Promise<Json[]> {
    const features: Json[] = [];
    for (let url: string | null = `${BASE}${path}`; url;) {
      const reply = await w.get(url.slice(BASE.length));
      assert.equal(reply.status, 200, url);
      features.push(...reply.body.features);
      url = reply.body.pagination?.next ?? null;
    }
    return features;
  }

  test('a point over water links its marine zone, and the link answers that zone with its outline', async () => {
    // The recorded Gulf point off Cape Sable (KEY 76,71), and Hawk Channel 5 km off Key Largo.
    const cases = [
      { lat: 25.0391, lon: -81.3642, name: /./ },
      { lat: 25.0596, lon: -80.3977, name: /^Hawk Channel/ },
    ];
    for (const { lat, lon, name } of cases) {
      const point = await w.get(`/points/${lat},${lon}`);
      assert.equal(point.status, 200);
      const p = point.body.properties;
      assert.deepEqual([p.type, p.cwa, p.county, p.fireWeatherZone], ['marine', 'KEY', null, null]);
      const link: string = p.forecastZone;
      const id = link.slice(link.lastIndexOf('/') + 1);
      assert.match(link, /\/zones\/forecast\/GMZ\d{3}$/);
      const zone = await w.get(link.slice(BASE.length));
      assert.equal(zone.status, 200, link);
      const z = zone.body.properties;
      assert.equal(zone.body.id, link);
      assert.deepEqual(
        [z['@id'], z.id, z.type, z.state, z.cwa, z.gridIdentifier],
        [link, id, 'coastal', null, ['KEY'], 'KEY'],
      );
      assert.match(z.name, name);
      assert.deepEqual([z.forecastOffice, z.forecastOffices], [`${BASE}/offices/KEY`, [`${BASE}/offices/KEY`]]);
      assert.deepEqual(
        [z.timeZone, z.radarStation, z.effectiveDate],
        [['America/New_York'], null, '2025-03-18T18:00:00+00:00'],
      );
      assert.equal(z.relatedZones, undefined);
      assert.ok(contains(zone.body.geometry, lon, lat), `${id}'s outline holds ${lat},${lon}`);
      // The same zone through the marine path, under the same id; the point search finds it too.
      const marine = await w.get(`/zones/marine/${id}`);
      assert.deepEqual(marine.body, zone.body);
      assert.deepEqual(
        (await w.get(`/zones/marine?point=${lat},${lon}`)).body.features.map((f: Json) => f.properties.id),
        [id],
      );
      // No catalogue station stands on these waters (api.weather.gov lists none for GMZ330 either).
      assert.deepEqual((await w.get(`/zones/forecast/${id}/stations`)).body.features, []);
      assert.deepEqual((await w.get(`/zones/forecast/${id}/observations`)).body.features, []);
    }
  });

  test('the list by type holds every shipped coastal zone, once, and the whole list holds them too', async () => {
    assert.equal(SHIPPED.length, 564);
    assert.equal(COASTAL.length, 553);
    for (const path of ['/zones?type=marine&limit=10000', '/zones/marine', '/zones?type=coastal&limit=200']) {
      const features = await all(path);
      const ids = features.map((f) => f.properties.id);
      assert.equal(ids.length, 553, path);
      assert.deepEqual(ids, [...COASTAL].sort(), path);
      assert.ok(
        features.every((f) => f.properties.type === 'coastal' && f.id === `${BASE}/zones/forecast/${f.properties.id}`),
      );
      assert.ok(
        features.every((f) => f.properties.observationStations.endsWith(`/zones/forecast/${f.properties.id}/stations`)),
      );
    }
    // By marine area (the id's first two letters), by id, and next to the land types.
    assert.equal((await all('/zones/marine?area=GM')).length, SHIPPED.filter((id) => id.startsWith('GM')).length);
    assert.equal((await all('/zones/marine?area=GM')).length, 91);
    assert.deepEqual(
      (await w.get('/zones?type=marine,forecast&id=GMZ042,FLZ076')).body.features.map((f: Json) => f.properties.id),
      ['FLZ076', 'GMZ042'],
    );
    // By marine region: each zone in exactly one (the Great Lakes and the St. Lawrence GL, PK Alaska's…), and
    // a land region holds no marine zone.
    const byRegion = new Map<string, string[]>();
    for (const region of ['AL', 'AT', 'GL', 'GM', 'PA', 'PI'])
      byRegion.set(
        region,
        (await all(`/zones/marine?region=${region}&limit=200`)).map((f) => f.properties.id),
      );
    assert.deepEqual([...byRegion.values()].flat().sort(), [...COASTAL].sort());
    assert.deepEqual(
      [...byRegion].map(([region, ids]) => `${region} ${ids.length}`),
      ['AL 112', 'AT 147', 'GL 134', 'GM 91', 'PA 49', 'PI 20'],
    );
    assert.ok(byRegion.get('GL')!.includes('LMZ741') && byRegion.get('PI')!.includes('PMZ151'));
    assert.deepEqual((await w.get('/zones/marine?region=SR')).body.features, []);
    assert.equal((await w.get('/zones/marine?region=XX')).status, 400);
    const every = await w.get('/zones?id=GMZ042,KSZ009');
    assert.deepEqual(
      every.body.features.map((f: Json) => `${f.properties.type} ${f.properties.id}`),
      ['public KSZ009', 'fire KSZ009', 'coastal GMZ042'],
    );
    // The public zones' list is unchanged: no marine zone in it.
    assert.deepEqual((await w.get('/zones/forecast?id=GMZ042')).body.features, []);
  });

  test("a Great Lake's open waters name the grid's office; an effective time before the outlines selects none", async () => {
    const lake = (await w.get('/zones/marine/LMZ080')).body.properties;
    assert.deepEqual(
      [lake.cwa, lake.forecastOffice, lake.gridIdentifier, lake.forecastOffices, lake.timeZone],
      // The time zone is the zone's office's (its area's, at the centroid): the mz files carry none.
      [['IWX'], `${BASE}/offices/IWX`, 'MKX', [`${BASE}/offices/MKX`], ['America/Indiana/Indianapolis']],
    );
    assert.deepEqual((await w.get('/zones/marine?effective=2025-01-01T00:00:00Z')).body.features, []);
    assert.equal((await w.get('/zones/marine/GMZ042?effective=2025-01-01T00:00:00Z')).status, 404);
    assert.equal((await w.get('/zones/marine/GMZ042?effective=2025-06-01T00:00:00Z')).status, 200);
    assert.equal((await w.get('/zones/forecast?id=KSZ009&effective=2025-01-01T00:00:00Z')).body.features.length, 1);
    assert.equal((await w.get('/zones/marine/KSZ009')).status, 404);
    assert.equal((await w.get('/zones/marine/GMZ999')).status, 404);
  });

  test('a marine zone has no text forecast and, for now, no alerts', async () => {
    for (const path of ['/zones/forecast/GMZ042/forecast', '/zones/marine/GMZ042/forecast']) {
      const reply = await w.get(path);
      assert.equal(reply.status, 404, path);
      assert.equal(reply.body.title, 'Marine Forecast Not Supported', path);
    }
    assert.equal((await w.get('/zones/forecast/KSZ009/forecast')).status, 200);
    const alerts = await w.get('/alerts/active/zone/GMZ042');
    assert.equal(alerts.status, 200);
    assert.deepEqual(alerts.body.features, []);
  });
});
