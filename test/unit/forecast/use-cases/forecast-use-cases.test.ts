import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forecastUseCases } from '../../../../application/forecast/index.ts';
import {
  BadRequest,
  ForecastNotFound,
  InvalidParameter,
  PointNotCanonical,
} from '../../../../domain/forecast/errors.ts';
import { recordingForecastProvider } from '../../../support/recording-forecast-provider.ts';
import type { RouteRule } from '../../../../application/forecast/index.ts';
import type { QueryValues } from '../../../../domain/forecast/queries.ts';
import {
  LATEST_OBSERVATION,
  STATION,
  STATIONS,
} from '../../../../adapters/forecast/embedded/stations/station-routes.ts';
import { ZONE, ZONES, ZONES_OF_TYPE } from '../../../../adapters/forecast/embedded/zones/zone-routes.ts';
import { GRIDPOINT, GRIDPOINT_STATIONS } from '../../../../adapters/forecast/embedded/grid/grid-routes.ts';
import { ACTIVE_ALERTS, ALERT, ALERTS } from '../../../../adapters/forecast/embedded/alerts/alert-routes.ts';
import { OFFICE } from '../../../../adapters/forecast/embedded/offices/office-routes.ts';

const ctx = { baseUrl: 'http://localhost:3000' };

/** What a declared route's rule makes of a request's path segments and query. */
const parsed = <T>(rule: RouteRule<T>, params: Record<string, string>, query: QueryValues = {}): T =>
  rule.parse({ params, query, pathAndQuery: '' });

/** Each query is a 400 InvalidParameter from the rule (a path without named segments). */
function rejectsEachQuery<T>(rule: RouteRule<T>, queries: readonly QueryValues[]): void {
  for (const query of queries) assert.throws(() => parsed(rule, {}, query), InvalidParameter, JSON.stringify(query));
}

describe('ResolvePoint', () => {
  test('passes a valid point on, trailing zeros and signs normalised', async () => {
    const { provider, calls } = recordingForecastProvider();
    await forecastUseCases(provider).resolvePoint.execute('39.7456,-97.0892', ctx);
    await forecastUseCases(provider).resolvePoint.execute('+39.70,-97.0', ctx);
    assert.deepEqual(
      calls.map((c) => c.args[0]),
      [
        { lat: 39.7456, lon: -97.0892, needsRounding: false, canonical: '39.7456,-97.0892' },
        { lat: 39.7, lon: -97, needsRounding: false, canonical: '39.7,-97' },
      ],
    );
  });

  test('more than 4 decimals is PointNotCanonical with the rounded form', async () => {
    const { provider, calls } = recordingForecastProvider();
    const error = await forecastUseCases(provider)
      .resolvePoint.execute('39.74561,-97.08929', ctx)
      .catch((e: unknown) => e);
    assert.ok(error instanceof PointNotCanonical);
    assert.equal(error.canonical, '39.7456,-97.0893');
    assert.equal(calls.length, 0);
  });

  test('unparseable or out of range is InvalidParameter', async () => {
    const { provider } = recordingForecastProvider();
    for (const bad of [
      '',
      'abc',
      '39.7',
      '39.7,',
      ',1',
      '91,0',
      '-90.0001,0',
      '0,180.5',
      '1,2,3',
      '1e2,3',
      'NaN,1',
      '0x10,1',
    ]) {
      await assert.rejects(forecastUseCases(provider).resolvePoint.execute(bad, ctx), InvalidParameter, bad);
    }
  });
});

describe('GetForecast', () => {
  test('for a grid: office upper-cased, us by default, si on request, other units refused', async () => {
    const { provider, calls } = recordingForecastProvider();
    const uc = forecastUseCases(provider).getForecast;
    await uc.forGrid('top', '32,81', { hourly: false }, ctx);
    await uc.forGrid('TOP', '32,81', { hourly: true, units: 'si' }, ctx);
    assert.deepEqual(
      calls.map((c) => c.args.slice(0, 2)),
      [
        [
          { office: 'TOP', x: 32, y: 81 },
          { hourly: false, units: 'us' },
        ],
        [
          { office: 'TOP', x: 32, y: 81 },
          { hourly: true, units: 'si' },
        ],
      ],
    );
    await assert.rejects(uc.forGrid('TOP', '32,81', { hourly: false, units: 'metric' }, ctx), InvalidParameter);
    for (const [office, xy] of [
      ['TOP', '1'],
      ['TOP', '-1,2'],
      ['TOP', '1.5,2'],
      ['TOP', 'a,b'],
    ]) {
      await assert.rejects(uc.forGrid(office!, xy!, { hourly: false }, ctx), InvalidParameter, `${office}/${xy}`);
    }
    // An office that is no NWS forecast office, and indices past every grid, name nothing: 404, not 400.
    for (const [office, xy] of [
      ['TOPE', '1,2'],
      ['T1P', '1,2'],
      ['TOP', '10000,2'],
      ['TOP', '4294967296,2'],
    ]) {
      await assert.rejects(uc.forGrid(office!, xy!, { hourly: false }, ctx), ForecastNotFound, `${office}/${xy}`);
    }
  });

  test('for a point: resolves the cell first', async () => {
    const { provider, calls } = recordingForecastProvider();
    await forecastUseCases(provider).getForecast.forPoint('39.7456,-97.0892', { hourly: true }, ctx);
    assert.deepEqual(
      calls.map((c) => c.method),
      ['gridOf', 'forecast'],
    );
  });
});

describe('lists and lookups', () => {
  test('alerts: filters parsed and validated, active flag passed', async () => {
    const q = parsed(ACTIVE_ALERTS, {}, { area: ['ks,MO'], severity: ['Severe'], limit: ['10'] });
    assert.deepEqual([q.activeOnly, q.area, q.severity, q.limit], [true, ['KS', 'MO'], ['severe'], 10]);
    rejectsEachQuery(ALERTS, [
      { severity: ['awful'] },
      { status: ['expired!'] },
      { message_type: ['x'] },
      { limit: ['0'] },
      { limit: ['501'] },
      { area: ['Kansas'] },
      { zone: ['KS009'] },
      { point: ['a,b'] },
      { start: ['yesterday'] },
    ]);
    assert.throws(() => parsed(ALERTS, {}, { area: ['KS'], zone: ['KSZ009'] }), BadRequest);
  });

  test('stations: limit defaults to 25, at most 500; bbox must be west,south,east,north', async () => {
    const plain = parsed(STATIONS, {});
    const boxed = parsed(STATIONS, {}, { bbox: ['-100,35,-95,40'], state: ['ks'], limit: ['500'] });
    assert.equal(plain.limit, 25);
    assert.deepEqual(boxed.bbox, [-100, 35, -95, 40]);
    rejectsEachQuery(STATIONS, [
      { bbox: ['1,2,3'] },
      { bbox: ['-95,35,-100,40'] },
      { bbox: ['a,b,c,d'] },
      { bbox: ['-200,0,0,10'] },
      { limit: ['501'] },
      { state: ['Kan'] },
    ]);
  });

  test('station, observation, office, alert, gridpoint: ids validated and normalised', async () => {
    const { provider } = recordingForecastProvider();
    assert.equal(parsed(STATION, { id: 'kslc' }), 'KSLC');
    assert.equal(parsed(LATEST_OBSERVATION, { id: 'KSLC' }), 'KSLC');
    assert.equal(parsed(OFFICE, { office: 'top' }), 'TOP');
    // An alert id is taken as it is, up to 200 characters.
    assert.equal(parsed(ALERT, { id: 'urn:oid:2.49.0.1.840.0.abc' }), 'urn:oid:2.49.0.1.840.0.abc');
    assert.throws(() => parsed(ALERT, { id: 'x'.repeat(201) }), InvalidParameter);
    assert.deepEqual(parsed(GRIDPOINT, { office: 'TOP', xy: '32,81' }), { office: 'TOP', x: 32, y: 81 });
    assert.deepEqual(parsed(GRIDPOINT_STATIONS, { office: 'TOP', xy: '32,81' }, { limit: ['3'] }), {
      grid: { office: 'TOP', x: 32, y: 81 },
      page: { limit: 3, cursor: undefined },
    });
    // The spec lists 403 and 404 for /stations/{stationId}: an id that cannot be a station is not found.
    assert.throws(() => parsed(STATION, { id: 'K!' }), ForecastNotFound);
    // The spec lists an unknown office under 404 only: an id that is no NWS office names nothing.
    for (const bad of ['TOPEKA', 'KTOP', 'ZZ', 'XYZ']) {
      assert.throws(() => parsed(OFFICE, { office: bad }), ForecastNotFound, bad);
    }
    assert.equal(parsed(OFFICE, { office: 'crh' }), 'CRH');
    const read = forecastUseCases(provider, [STATION]).resources;
    await assert.rejects(
      async () => read.document(STATION, { params: { id: 'KNONE' }, query: {}, pathAndQuery: '' }, ctx),
      ForecastNotFound,
    );
  });

  test('zones: public means forecast, coastal marine; an unknown type or malformed id is NotFound; filters parsed', async () => {
    const first = parsed(ZONES_OF_TYPE, { type: 'public' }, { area: ['KS'], include_geometry: ['true'] });
    assert.deepEqual([first.types, first.areas, first.includeGeometry], [['forecast'], ['KS'], true]);
    assert.deepEqual(parsed(ZONES, {}, { type: ['county,fire'] }).types, ['county', 'fire']);
    const zone = parsed(ZONE, { type: 'county', zoneId: 'ksc201' });
    assert.deepEqual([zone.type, zone.id], ['county', 'KSC201']);
    // Coastal is api.weather.gov's other name for the (coastal) marine zones served here.
    assert.deepEqual(parsed(ZONES_OF_TYPE, { type: 'coastal' }).types, ['marine']);
    assert.deepEqual(parsed(ZONE, { type: 'marine', zoneId: 'gmz042' }).id, 'GMZ042');
    assert.throws(() => parsed(ZONES_OF_TYPE, { type: 'ocean' }), ForecastNotFound);
    assert.throws(() => parsed(ZONE, { type: 'forecast', zoneId: 'nope' }), ForecastNotFound);
    rejectsEachQuery(ZONES, [{ effective: ['not-a-date'] }, { includegeometry: ['yes'] }, { point: ['95,0'] }]);
  });
});
