import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forecastUseCases, type ForecastDocument, type DocumentRule } from '../../../../application/forecast/index.ts';
import type { QueryValues } from '../../../../domain/forecast/queries.ts';
import { DECLARED_ROUTES } from '../../../../adapters/forecast/embedded/declared-routes.ts';
import {
  LATEST_OBSERVATION,
  STATION,
  STATIONS,
} from '../../../../adapters/forecast/embedded/stations/station-routes.ts';
import { ZONE, ZONES } from '../../../../adapters/forecast/embedded/zones/zone-routes.ts';
import { GRIDPOINT, GRIDPOINT_STATIONS } from '../../../../adapters/forecast/embedded/grid/grid-routes.ts';
import { ALERT, ALERTS } from '../../../../adapters/forecast/embedded/alerts/alert-routes.ts';
import { OFFICE } from '../../../../adapters/forecast/embedded/offices/office-routes.ts';
import { createEmbeddedForecastProvider } from '../../../../adapters/forecast/embedded/embedded-forecast-provider.ts';
import { ForecastNotFound } from '../../../../domain/forecast/errors.ts';
import { FixedClock } from '../../../support/fakes.ts';
import { smallEmbeddedDeps } from '../../../support/small-catalogue.ts';

// Each forecast use case over the embedded provider built on a small hand-made catalogue (one office, one
// county, zone and fire zone, three stations): the whole path from use case to document, with data small
// enough to know every answer.

const ctx = { baseUrl: 'http://local.test' };
const provider = createEmbeddedForecastProvider(smallEmbeddedDeps(new FixedClock(new Date('2026-01-20T12:00:00Z'))));
// A declared route, read as the HTTP adapter reads it: its rule parses the path's segments and query.
const resources = forecastUseCases(provider, DECLARED_ROUTES).resources;
const read = async <T>(
  rule: DocumentRule<T>,
  params: Record<string, string>,
  query: QueryValues = {},
  from = resources,
) => from.document(rule, { params, query, pathAndQuery: '' }, ctx);
const props = (doc: { body: Record<string, unknown> }) => doc.body['properties'] as Record<string, any>;

describe('forecast use cases on a small in-memory catalogue', () => {
  test('ResolvePoint: office, cell, zones, time zone, radar and nearest place', async () => {
    const p = props(await forecastUseCases(provider).resolvePoint.execute('39.7456,-97.0892', ctx));
    assert.deepEqual(
      [p['gridId'], p['gridX'], p['gridY'], p['timeZone'], p['radarStation']],
      ['TOP', 32, 81, 'America/Chicago', 'KTWX'],
    );
    assert.equal(p['county'], 'http://local.test/zones/county/KSC201');
    assert.equal(p['forecastZone'], 'http://local.test/zones/forecast/KSZ009');
    assert.equal(p['relativeLocation'].properties.city, 'Linn');
    await assert.rejects(
      forecastUseCases(provider).resolvePoint.execute('35,-100', ctx),
      ForecastNotFound,
      'outside the only office',
    );
  });

  test('GetForecast and the gridpoint routes: 14 and 48 periods, the same cell either way', async () => {
    const uc = forecastUseCases(provider).getForecast;
    const daily = await uc.forPoint('39.7456,-97.0892', { hourly: false }, ctx);
    assert.equal(props(daily)['periods'].length, 14);
    assert.equal(props(await uc.forGrid('TOP', '32,81', { hourly: true }, ctx))['periods'].length, 48);
    assert.deepEqual(daily.body, (await uc.forGrid('TOP', '32,81', { hourly: false }, ctx)).body);
    const cell = await read(GRIDPOINT, { office: 'TOP', xy: '32,81' });
    assert.equal((cell.body['geometry'] as { type: string }).type, 'Polygon');
    const nearest = await read(GRIDPOINT_STATIONS, { office: 'TOP', xy: '32,81' }, { limit: ['2'] });
    const ids = (nearest.body['features'] as Array<{ properties: { stationIdentifier: string } }>).map(
      (f) => f.properties.stationIdentifier,
    );
    assert.deepEqual(ids, ['KCNK', 'KMHK'], 'nearest first');
  });

  test('the station routes: the list, one station, its latest observation', async () => {
    const list = await read(STATIONS, {}, { state: ['KS'] });
    assert.equal((list.body['features'] as unknown[]).length, 3);
    assert.equal(props(await read(STATION, { id: 'ktop' }))['stationIdentifier'], 'KTOP');
    assert.equal(typeof props(await read(LATEST_OBSERVATION, { id: 'KMHK' }))['temperature'].value, 'number');
    await assert.rejects(read(STATION, { id: 'KSLC' }), ForecastNotFound);
  });

  test('the zone routes: a list, one zone', async () => {
    const zones = await read(ZONES, {}, { point: ['39.7456,-97.0892'] });
    const ids = (zones.body['features'] as Array<{ properties: { id: string } }>).map((f) => f.properties.id).sort();
    assert.deepEqual(ids, ['KSC201', 'KSZ009', 'KSZ009']);
    assert.equal(props(await read(ZONE, { type: 'public', zoneId: 'KSZ009' }))['name'], 'Washington');
    await assert.rejects(read(ZONE, { type: 'county', zoneId: 'KSC001' }), ForecastNotFound);
  });

  test('the alert routes: every listed alert resolves', async () => {
    // The first day of the winter with an alert for this zone. Searched for rather than named, so that a change
    // to the weather model moves the day, not the test; a winter with no alert at all is a failure.
    let snowy = resources;
    let all: ForecastDocument | undefined;
    for (let day = 0; day < 90 && all === undefined; day += 1) {
      const clock = new FixedClock(new Date(Date.UTC(2025, 11, 1, 12) + day * 86_400_000));
      const candidate = forecastUseCases(createEmbeddedForecastProvider(smallEmbeddedDeps(clock)), DECLARED_ROUTES);
      const listed = await read(ALERTS, {}, { zone: ['KSZ009'] }, candidate.resources);
      if ((listed.body['features'] as unknown[]).length > 0) [snowy, all] = [candidate.resources, listed];
    }
    assert.ok(all, 'no alert for KSZ009 on any day from December to February');
    const events = (all.body['features'] as Array<{ properties: { event: string } }>).map((f) => f.properties.event);
    const winter = ['Winter Weather Advisory', 'Winter Storm Warning', 'Winter Storm Watch', 'Blizzard Warning'];
    assert.ok(
      events.every((e) => winter.includes(e) || /Wind Chill|Cold/.test(e)),
      events.join(),
    );
    for (const feature of all.body['features'] as Array<{ properties: { id: string } }>) {
      assert.equal(props(await read(ALERT, { id: feature.properties.id }, {}, snowy))['id'], feature.properties.id);
    }
    const none = await read(ALERTS, {}, { event: ['Tsunami Warning'] }, snowy);
    assert.deepEqual(none.body['features'], []);
  });

  test('the office route', async () => {
    const office = await read(OFFICE, { office: 'top' });
    assert.equal(office.body['id'], 'TOP');
    assert.deepEqual(office.body['responsibleCounties'], ['http://local.test/zones/county/KSC201']);
    await assert.rejects(read(OFFICE, { office: 'OAX' }), ForecastNotFound);
  });
});
