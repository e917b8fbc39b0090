import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ForecastNotFound, InvalidParameter } from '../../../../domain/forecast/errors.ts';
import type { StationQuery } from '../../../../domain/forecast/queries.ts';
import { stationResources } from '../../../../adapters/forecast/embedded/stations/station-resources.ts';
import {
  LATEST_OBSERVATION,
  STATION,
  STATIONS,
} from '../../../../adapters/forecast/embedded/stations/station-routes.ts';
import { askByPath, assertLinksUnderBase, BASE, ctx, cursorOf, deps } from './support.ts';

type Json = Record<string, any>;
const ask = askByPath(stationResources(deps()));

async function all(query: Omit<StationQuery, 'cursor'>): Promise<{ ids: string[]; nexts: string[] }> {
  const ids: string[] = [];
  const nexts: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const body = (await ask(STATIONS.path({ ...query, cursor }), ctx)).body as Json;
    assertLinksUnderBase(body);
    assert.ok(body['features'].length <= query.limit);
    ids.push(...body['features'].map((f: Json) => f['properties'].stationIdentifier));
    const next = body['pagination']?.next as string | undefined;
    if (!next) return { ids, nexts };
    nexts.push(next);
    cursor = cursorOf(next);
  }
}

describe('/stations', () => {
  it('pages 25 at a time by default with an absolute next link', async () => {
    const body = (await ask(STATIONS.path({ limit: 25 }), ctx)).body as Json;
    assert.equal(body['type'], 'FeatureCollection');
    assert.equal(body['features'].length, 25);
    assert.deepEqual(
      body['observationStations'],
      body['features'].map((f: Json) => f['id']),
    );
    assert.ok(body['pagination'].next.startsWith(`${BASE}/stations?`));
    assert.equal(new URL(body['pagination'].next).searchParams.get('limit'), '25');
  });

  it('covers every station of a state exactly once through cursor paging, carrying the filter', async () => {
    const { ids, nexts } = await all({ limit: 10, states: ['KS'] });
    const expected = [...deps().catalogue.stations.values()]
      .filter((s) => s.state === 'KS')
      .map((s) => s.id)
      .sort();
    assert.ok(expected.length > 20);
    assert.deepEqual([...ids].sort(), expected);
    assert.equal(new Set(ids).size, ids.length);
    for (const next of nexts) assert.equal(new URL(next).searchParams.get('state'), 'KS');
  });

  it('covers the whole network at the maximum page size', async () => {
    const { ids } = await all({ limit: 500 });
    assert.equal(ids.length, deps().catalogue.stations.size);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('filters by bbox and by ids, and carries them into the next page', async () => {
    const bbox = [-98, 38, -95, 40.5] as const;
    const { ids, nexts } = await all({ limit: 5, bbox });
    assert.ok(ids.includes('KTOP'));
    for (const id of ids) {
      const s = deps().catalogue.stations.get(id)!;
      assert.ok(s.lon >= bbox[0] && s.lat >= bbox[1] && s.lon <= bbox[2] && s.lat <= bbox[3]);
    }
    assert.equal(new URL(nexts[0]!).searchParams.get('bbox'), bbox.join(','));
    const byId = await all({ limit: 1, ids: ['KTOP', 'KSLC', 'KMHK'] });
    assert.deepEqual(byId.ids, ['KMHK', 'KSLC', 'KTOP']);
    assert.equal(new URL(byId.nexts[0]!).searchParams.get('id'), 'KTOP,KSLC,KMHK');
  });

  it('refuses a foreign cursor', async () => {
    await assert.rejects(ask(STATIONS.path({ limit: 5, cursor: 'eyJvIjotMX0' }), ctx), InvalidParameter);
  });
});

describe('/stations/{id}', () => {
  it('is station.json in shape', async () => {
    const body = (await ask(STATION.path('KSLC'), ctx)).body as Json;
    assert.equal(body['id'], `${BASE}/stations/KSLC`);
    assert.deepEqual(body['geometry'], { type: 'Point', coordinates: [-111.965, 40.7707] });
    const p = body['properties'];
    assert.equal(p['@id'], body['id']);
    assert.equal(p['@type'], 'wx:ObservationStation');
    assert.equal(p.stationIdentifier, 'KSLC');
    assert.equal(p.name, 'Salt Lake City, Salt Lake City International Airport');
    assert.equal(p.timeZone, 'America/Denver');
    assert.deepEqual(p.elevation, { unitCode: 'wmoUnit:m', value: 1288.4 });
    assert.equal(p.forecast, `${BASE}/zones/forecast/UTZ105`);
    assert.equal(p.county, `${BASE}/zones/county/UTC035`);
    assert.equal(p.fireWeatherZone, `${BASE}/zones/fire/UTZ478`);
    assert.ok(Array.isArray(body['@context']));
    assertLinksUnderBase(body);
  });

  it('answers 404 naming an unknown station', async () => {
    await assert.rejects(
      ask(STATION.path('KZZZ'), ctx),
      (e: unknown) => e instanceof ForecastNotFound && e.detail.includes('KZZZ'),
    );
    await assert.rejects(
      ask(LATEST_OBSERVATION.path('KZZZ'), ctx),
      (e: unknown) => e instanceof ForecastNotFound && e.detail.includes('KZZZ'),
    );
  });
});

describe('/stations/{id}/observations/latest', () => {
  it('reports the last full hour in observation_latest.json shape, SI units', async () => {
    const doc = await ask(LATEST_OBSERVATION.path('KTOP'), ctx);
    const body = doc.body as Json;
    const p = body['properties'];
    assert.equal(p.timestamp, '2026-07-15T17:53:00+00:00');
    assert.equal(body['id'], `${BASE}/stations/KTOP/observations/2026-07-15T17:53:00+00:00`);
    assert.equal(p.station, `${BASE}/stations/KTOP`);
    assert.deepEqual(body['geometry'], { type: 'Point', coordinates: [-95.6258, 39.0725] });
    assert.equal(p.temperature.unitCode, 'wmoUnit:degC');
    assert.equal(p.temperature.qualityControl, 'V');
    assert.equal(typeof p.temperature.value, 'number');
    assert.equal(p.windSpeed.unitCode, 'wmoUnit:km_h-1');
    assert.equal(p.barometricPressure.unitCode, 'wmoUnit:Pa');
    assert.match(p.rawMessage, /^KTOP 151753Z /);
    assert.equal(doc.lastModified.toISOString(), '2026-07-15T17:53:00.000Z');
    assert.equal(doc.maxAgeSeconds, 40 * 60);
    assertLinksUnderBase(body);
    assert.equal((await ask(LATEST_OBSERVATION.path('KTOP'), ctx)).body, body, 'cached per hour');
  });
});
