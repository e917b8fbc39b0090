import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { zoneResources } from '../../../../adapters/forecast/embedded/zones/zone-resources.ts';
import { ZONE, ZONE_STATIONS, ZONES } from '../../../../adapters/forecast/embedded/zones/zone-routes.ts';
import { routeByPath } from '../../../../adapters/forecast/embedded/router.ts';
import type { ForecastContext, ForecastDocument } from '../../../../application/forecast/ports.ts';
import { ForecastNotFound, InvalidParameter } from '../../../../domain/forecast/errors.ts';
import type { Page, ZoneQuery, ZoneType } from '../../../../domain/forecast/queries.ts';
import { BASE, catalogue, ctx, cursorOf, depsAt, SUMMER, urlsIn } from './alerts-zones-support.ts';

type Feature = {
  id: string;
  type: string;
  geometry: { type: string; coordinates: any } | null;
  properties: Record<string, any>;
};

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../fixtures/nws/${name}`, import.meta.url), 'utf8'));
const ZONE_KEYS = Object.keys(fixture('zone.json').properties);
const LIST_KEYS = Object.keys(fixture('zones_list.json').features[0].properties);
const KANSAS = { lat: 39.7456, lon: -97.0892 };

// The family is asked by path, as the provider's `document` verb asks it, each path spelt by its route.
const served = routeByPath(zoneResources(depsAt(SUMMER)).routes ?? []);
const ask = (path: string, c: ForecastContext) => served.document({ path }, c);
const zones = {
  zones: (query: ZoneQuery, c: ForecastContext) => ask(ZONES.path(query), c),
  zone: (type: ZoneType, id: string, effective: Date | undefined, c: ForecastContext) =>
    ask(ZONE.path({ type, id, effective }), c),
  zoneStations: (type: ZoneType, id: string, page: Page, c: ForecastContext) =>
    ask(ZONE_STATIONS.path({ type, id, page }), c),
};
const list = (over: Partial<ZoneQuery>) =>
  zones.zones({ types: ['forecast', 'county', 'fire'], includeGeometry: false, ...over }, ctx);
const features = (doc: ForecastDocument) => doc.body['features'] as Feature[];
const pagination = (doc: ForecastDocument) => doc.body['pagination'] as { next: string | null; prev: string | null };

function assertLinksUnderBase(body: unknown): void {
  for (const url of urlsIn(body)) assert.ok(url.startsWith(`${BASE}/`), url);
  assert.ok(!JSON.stringify(body).includes('api.weather.gov'));
}

describe('zone lists', () => {
  test('filter by type and area; entries look like zones_list.json, without geometry', async () => {
    const doc = await list({ types: ['forecast'], areas: ['KS'] });
    const got = features(doc);
    const expected = [...catalogue.forecastZones.values()]
      .filter((z) => z.state === 'KS')
      .map((z) => z.id)
      .sort();
    assert.deepEqual(
      got.map((f) => f.properties['id']),
      expected,
    );
    for (const f of got) {
      assert.deepEqual(Object.keys(f.properties), LIST_KEYS);
      assert.equal(f.properties['type'], 'public');
      assert.equal(f.id, `${BASE}/zones/forecast/${f.properties['id']}`);
      assert.equal(f.geometry, null);
      assert.equal(f.properties['effectiveDate'], '2024-03-05T00:00:00+00:00');
      assert.ok(f.properties['forecastOffices'].length >= 1);
    }
    assert.deepEqual(pagination(doc), { next: null, prev: null });
    assert.equal(doc.body['type'], 'FeatureCollection');
    assertLinksUnderBase(doc.body);
  });

  test('includegeometry adds polygons', async () => {
    const got = features(await list({ types: ['county'], areas: ['KS'], includeGeometry: true }));
    assert.ok(got.length >= 100);
    for (const f of got) assert.match(f.geometry?.type ?? '', /^(Multi)?Polygon$/);
  });

  test('point gives the zones of each type at the point', async () => {
    const got = features(await list({ point: KANSAS }));
    assert.deepEqual(
      got.map((f) => `${f.properties['type']}/${f.properties['id']}`),
      ['public/KSZ009', 'county/KSC201', `fire/${catalogue.fireZoneAt(KANSAS.lat, KANSAS.lon)!.id}`],
    );
    assert.deepEqual(features(await list({ point: { lat: 0, lon: 0 } })), []);
  });

  test('id, region and effective filters', async () => {
    // KSZ999 is a well-formed id that names no zone (ZZZ999, no area's, is the route's 400 before any list).
    const byId = features(await list({ ids: ['KSZ009', 'KSC201', 'KSZ999'] }));
    // Fire zones reuse the public zone ids, so KSZ009 is listed twice.
    assert.deepEqual(
      byId.map((f) => f.id),
      [`${BASE}/zones/forecast/KSZ009`, `${BASE}/zones/county/KSC201`, `${BASE}/zones/fire/KSZ009`],
    );
    const central = features(await list({ types: ['forecast'], regions: ['CR'], limit: 10000 }));
    assert.ok(central.some((f) => f.properties['id'] === 'KSZ009'));
    assert.ok(!central.some((f) => f.properties['state'] === 'CA'));
    assert.deepEqual(features(await list({ ids: ['KSZ009'], effective: new Date('2020-01-01T00:00:00Z') })), []);
    assert.equal(
      features(await list({ ids: ['KSZ009'], effective: new Date('2025-01-01T00:00:00Z') })).length,
      2,
      'forecast and fire KSZ009',
    );
  });

  test('pages of 500 by default; next and prev walk every zone once, keeping the filters', async () => {
    const total = catalogue.forecastZones.size;
    const seen: string[] = [];
    let doc = await list({ types: ['forecast'] });
    assert.equal(features(doc).length, 500);
    assert.equal(pagination(doc).prev, null);
    let second: ForecastDocument | undefined;
    for (;;) {
      seen.push(...features(doc).map((f) => f.properties['id']));
      const next = pagination(doc).next;
      if (!next) break;
      assert.ok(next.startsWith(`${BASE}/zones?`), next);
      assert.equal(new URL(next).searchParams.get('type'), 'forecast');
      doc = await list({ types: ['forecast'], cursor: cursorOf(next) });
      second ??= doc;
    }
    assert.equal(seen.length, total);
    assert.equal(new Set(seen).size, total);
    assert.deepEqual(seen, [...seen].sort());
    const back = await list({ types: ['forecast'], cursor: cursorOf(pagination(second!).prev!) });
    assert.deepEqual(
      features(back).map((f) => f.properties['id']),
      seen.slice(0, 500),
    );

    const small = await list({ areas: ['KS'], limit: 50, includeGeometry: true });
    const params = new URL(pagination(small).next!).searchParams;
    assert.equal(params.get('area'), 'KS');
    assert.equal(params.get('limit'), '50');
    assert.equal(params.get('includegeometry'), 'true');
    await assert.rejects(list({ cursor: 'bogus' }), InvalidParameter);
  });
});

describe('single zones', () => {
  test("KSZ009 has zone.json's properties, its geometry and related zones", async () => {
    const doc = await zones.zone('forecast', 'KSZ009', undefined, ctx);
    const f = doc.body as unknown as Feature;
    assert.ok(doc.body['@context']);
    assert.equal(f.id, `${BASE}/zones/forecast/KSZ009`);
    for (const key of ZONE_KEYS) assert.ok(key in f.properties, key);
    assert.equal(f.properties['type'], 'public');
    assert.equal(f.properties['state'], 'KS');
    assert.equal(f.properties['forecastOffice'], `${BASE}/offices/TOP`);
    assert.deepEqual(f.properties['cwa'], ['TOP']);
    assert.deepEqual(f.properties['timeZone'], ['America/Chicago']);
    assertPolygon(f.geometry);
    const related = f.properties['relatedZones'];
    assert.ok(related.county.includes(`${BASE}/zones/county/KSC201`), related.county);
    assert.ok(related.fireWeatherZone.length >= 1);
    assertLinksUnderBase(doc.body);
  });

  test('KSC201 is a county zone with geometry', async () => {
    const f = (await zones.zone('county', 'KSC201', undefined, ctx)).body as unknown as Feature;
    assert.equal(f.properties['type'], 'county');
    assert.equal(f.properties['name'], 'Washington');
    assertPolygon(f.geometry);
    assert.ok(f.properties['relatedZones'].forecastZone.includes(`${BASE}/zones/forecast/KSZ009`));
    const fireId = catalogue.fireZoneAt(KANSAS.lat, KANSAS.lon)!.id;
    const fire = (await zones.zone('fire', fireId, undefined, ctx)).body as unknown as Feature;
    assert.equal(fire.properties['type'], 'fire');
    assertPolygon(fire.geometry);
  });

  test('unknown zones and dates before the zone files are NotFound naming the zone', async () => {
    await assert.rejects(
      zones.zone('forecast', 'KSZ999', undefined, ctx),
      (e: unknown) => e instanceof ForecastNotFound && e.detail.includes('KSZ999'),
    );
    await assert.rejects(zones.zone('county', 'KSZ009', undefined, ctx), ForecastNotFound);
    await assert.rejects(zones.zone('forecast', 'KSZ009', new Date('2020-01-01T00:00:00Z'), ctx), ForecastNotFound);
    await assert.rejects(
      zones.zoneStations('fire', 'XXZ001', { limit: 10 }, ctx),
      (e: unknown) => e instanceof ForecastNotFound && e.detail.includes('XXZ001'),
    );
  });

  test('zone stations are those the catalogue places in the zone, paged', async () => {
    const zoneId = [...catalogue.stations.values()].find((s) => s.forecastZone === 'KSZ009')?.forecastZone ?? 'KSZ040';
    const doc = await zones.zoneStations('forecast', zoneId, { limit: 500 }, ctx);
    const got = features(doc);
    const expected = [...catalogue.stations.values()]
      .filter((s) => s.forecastZone === zoneId)
      .map((s) => s.id)
      .sort();
    assert.deepEqual(
      got.map((f) => f.properties['stationIdentifier']),
      expected,
    );
    assert.deepEqual(
      doc.body['observationStations'],
      expected.map((id) => `${BASE}/stations/${id}`),
    );
    const zone = (await zones.zone('forecast', zoneId, undefined, ctx)).body['properties'] as Record<string, unknown>;
    assert.deepEqual(zone['observationStations'], doc.body['observationStations']);
    assertLinksUnderBase(doc.body);

    const busy = [...catalogue.countyZones.keys()]
      .map((id) => ({ id, n: [...catalogue.stations.values()].filter((s) => s.countyZone === id).length }))
      .sort((a, b) => b.n - a.n)[0]!;
    assert.ok(busy.n >= 3, `${busy.id} has ${busy.n}`);
    const first = await zones.zoneStations('county', busy.id, { limit: 2 }, ctx);
    const next = (first.body['pagination'] as { next: string }).next;
    assert.ok(next.startsWith(`${BASE}/zones/county/${busy.id}/stations?`), next);
    const rest = await zones.zoneStations('county', busy.id, { limit: 500, cursor: cursorOf(next) }, ctx);
    assert.equal(features(first).length + features(rest).length, busy.n);
  });
});

function assertPolygon(geometry: Feature['geometry']): void {
  assert.ok(geometry, 'geometry');
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  assert.match(geometry.type, /^(Multi)?Polygon$/);
  for (const polygon of polygons) {
    for (const ring of polygon) {
      assert.ok(ring.length >= 4);
      assert.deepEqual(ring[0], ring[ring.length - 1]);
      for (const [lon, lat] of ring) assert.ok(lon >= -180 && lon <= 180 && lat >= -90 && lat <= 90);
    }
  }
}
