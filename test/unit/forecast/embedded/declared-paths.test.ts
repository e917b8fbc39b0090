import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ForecastContext } from '../../../../application/forecast/ports.ts';
import type { RouteInput, RouteRule } from '../../../../application/forecast/resource-route.ts';
import type { QueryValues } from '../../../../domain/forecast/queries.ts';
import { routeByPath, serve } from '../../../../adapters/forecast/embedded/router.ts';
import {
  OBSERVATION_AT,
  OBSERVATIONS,
  STATION_ROUTES,
  STATIONS,
  ZONE_OBSERVATIONS,
} from '../../../../adapters/forecast/embedded/stations/station-routes.ts';
import {
  ZONE,
  ZONE_ROUTES,
  ZONE_STATIONS,
  ZONES,
  ZONES_OF_TYPE,
} from '../../../../adapters/forecast/embedded/zones/zone-routes.ts';
import { GRID_ROUTES, GRIDPOINT, GRIDPOINT_STATIONS } from '../../../../adapters/forecast/embedded/grid/grid-routes.ts';
import {
  ACTIVE_ALERTS,
  ALERT,
  ALERT_LISTS,
  ALERTS,
} from '../../../../adapters/forecast/embedded/alerts/alert-routes.ts';
import { localFilter } from '../../../../adapters/forecast/by-path/local-filters.ts';

// The path a station, zone, gridpoint or alert rule spells is what the upstream cache and a bundle are keyed by (the
// spelling core-paths.ts and extended-paths.ts had), and what the embedded router parses again: the
// value it gives back must be the one the request was parsed to.

const ctx = { baseUrl: 'http://taskcast.test' } as ForecastContext;
const echoed = routeByPath(
  [...STATION_ROUTES, ...ZONE_ROUTES, ...GRID_ROUTES, ...ALERT_LISTS, ALERT].map((rule) =>
    serve(rule as RouteRule<unknown> & { kind: 'document' }, async (value) => ({
      body: { value },
      lastModified: new Date(0),
      maxAgeSeconds: 0,
    })),
  ),
);
const input = (params: Record<string, string>, query: QueryValues = {}): RouteInput => ({
  params,
  query,
  pathAndQuery: '',
});

async function spelt<T>(rule: RouteRule<T>, request: RouteInput, path: string): Promise<void> {
  const value = rule.parse(request);
  assert.equal(rule.path(value), path);
  assert.deepEqual((await echoed.document({ path }, ctx)).body['value'], value, path);
}

test('station paths: the old upstream spelling, the bbox last, each parsed back to the same value', async () => {
  await spelt(
    STATIONS,
    input({}, { bbox: ['-100,35,-95,40'], state: ['ks'], id: ['ktop,kslc'], cursor: ['a:b'] }),
    '/stations?id=KTOP,KSLC&state=KS&limit=25&cursor=a%3Ab&bbox=-100,35,-95,40',
  );
  await spelt(
    OBSERVATIONS,
    input({ id: 'ktop' }, { start: ['2026-07-15T00:00:00Z'], limit: ['3'] }),
    '/stations/KTOP/observations?start=2026-07-15T00:00:00Z&limit=3',
  );
  await spelt(
    OBSERVATION_AT,
    input({ id: 'KTOP', time: '2026-07-15T17:53:00Z' }),
    '/stations/KTOP/observations/2026-07-15T17:53:00+00:00',
  );
  await spelt(
    ZONE_OBSERVATIONS,
    input({ zoneId: 'ksz009' }, { end: ['2026-07-15T12:00:00.5Z'] }),
    '/zones/forecast/KSZ009/observations?end=2026-07-15T12:00:00.500Z',
  );
});

test('zone paths: one type in the path, a subset as type=, none as a pair that selects none', async () => {
  await spelt(ZONES, input({}), '/zones');
  await spelt(ZONES, input({}, { type: ['fire,county'] }), '/zones?type=county,fire');
  await spelt(ZONES, input({}, { type: ['public'] }), '/zones/forecast');
  await spelt(
    ZONES_OF_TYPE,
    input({ type: 'county' }, { point: ['39.7456,-97.0892'], effective: ['2026-01-01T00:00:00Z'], limit: ['10'] }),
    '/zones/county?point=39.7456,-97.0892&limit=10&effective=2026-01-01T00%3A00%3A00Z',
  );
  const none = ZONES_OF_TYPE.parse(input({ type: 'fire' }, { type: ['county'] }));
  assert.deepEqual(none.types, []);
  await spelt(ZONES_OF_TYPE, input({ type: 'fire' }, { type: ['county'] }), '/zones/forecast?type=county');
  await spelt(
    ZONE,
    input({ type: 'public', zoneId: 'ksz009' }, { effective: ['2025-01-01T00:00:00Z'] }),
    '/zones/forecast/KSZ009?effective=2025-01-01T00%3A00%3A00Z',
  );
  await spelt(
    ZONE_STATIONS,
    input({ type: 'county', zoneId: 'KSC201' }, { cursor: ['x'] }),
    '/zones/county/KSC201/stations?limit=500&cursor=x',
  );
});

test('gridpoint paths: the office upper-cased, the page spelt as before', async () => {
  await spelt(GRIDPOINT, input({ office: 'top', xy: '32,81' }), '/gridpoints/TOP/32,81');
  await spelt(
    GRIDPOINT_STATIONS,
    input({ office: 'TOP', xy: '32,81' }, { limit: ['3'], cursor: ['c:1'] }),
    '/gridpoints/TOP/32,81/stations?limit=3&cursor=c%3A1',
  );
});

test('alert list paths: the old upstream spelling, each parsed back to the same value', async () => {
  await spelt(
    ALERTS,
    input({}, { event: ['Flood Warning'], status: ['Actual'], area: ['ks'], start: ['2026-07-15T00:00:00Z'] }),
    '/alerts?status=actual&event=Flood+Warning&area=KS&start=2026-07-15T00%3A00%3A00Z&limit=100',
  );
  await spelt(
    ACTIVE_ALERTS,
    input({}, { point: ['39.7456,-97.0892'], message_type: ['original'], limit: ['3'], cursor: ['a:b'] }),
    '/alerts/active?message_type=alert&point=39.7456,-97.0892&limit=3&cursor=a%3Ab',
  );
  await spelt(ALERT_LISTS[2]!, input({ zoneId: 'ksz009' }), '/alerts/active?zone=KSZ009');
  await spelt(ALERT_LISTS[4]!, input({ region: 'gl' }), '/alerts/active?region=GL');
});

test("an alert's path keeps the colons of its urn", async () => {
  await spelt(ALERT, input({ id: 'urn:oid:2.49.0.1.840.0.abc' }), '/alerts/urn:oid:2.49.0.1.840.0.abc');
});

test('upstream is asked /alerts/active without the cursor the model pages by', () => {
  const path = ACTIVE_ALERTS.path(ACTIVE_ALERTS.parse(input({}, { area: ['KS'], limit: ['3'], cursor: ['x'] })));
  assert.equal(localFilter(path, 0)?.asked, '/alerts/active?area=KS&limit=3');
});
