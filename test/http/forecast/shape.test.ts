import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';
import { STATE_TERRITORY_CODES } from '../../../domain/forecast/area-codes.ts';

// Each embedded response against the real api.weather.gov response of the same kind: every key the real
// one has (recursively; an array is judged by its first element) must be present in ours. Keys that we
// leave out on purpose are listed with the reason.

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/nws/${name}`, import.meta.url), 'utf8'));

/** Paths (dot-joined, `[]` for array elements) absent from ours on purpose, with the reason. */
const OMITTED: Record<string, { paths: string[]; why: string }> = {
  'points.json': { paths: ['properties.nwr'], why: 'no NOAA Weather Radio transmitter data is shipped' },

  'forecast.json': {
    paths: ['geometry.geometries'],
    why: "the 2019 fixture has a GeometryCollection; today's API, the spec and Taskcast give the cell Polygon",
  },
  'forecast_hourly.json': { paths: ['geometry.geometries'], why: 'as forecast.json' },
  'station.json': {
    paths: ['properties.provider', 'properties.subProvider'],
    why: 'the observing network of a station is not in the shipped data',
  },
  'zones_list.json': {
    paths: ['features[].properties.observationStations (array)'],
    why: "the spec's Zone table gives list entries one URL, the zone's station list, where the official schema has an array",
  },
  'stations_list.json': {
    paths: ['features[].properties.provider', 'features[].properties.subProvider'],
    why: 'as station.json',
  },
  'alerts_active_zone.json': {
    paths: ['features[].properties.parameters.PIL'],
    why: "the 2019 fixture's PIL; today's API gives AWIPSidentifier and WMOidentifier instead (alert.json, 2026)",
  },
};

function missingKeys(real: unknown, ours: unknown, path = ''): string[] {
  if (Array.isArray(real)) {
    if (real.length === 0 || !Array.isArray(ours)) return Array.isArray(ours) ? [] : [`${path} (array)`];
    if (ours.length === 0) return [];
    return missingKeys(real[0], ours[0], `${path}[]`);
  }
  if (real && typeof real === 'object') {
    if (!ours || typeof ours !== 'object') return [`${path} (object)`];
    return Object.entries(real).flatMap(([key, value]) => {
      const here = path ? `${path}.${key}` : key;
      if (!(key in ours)) return [here];
      // @context members are vocabulary, and coordinates nest by geometry type: compared by presence only
      if (key === '@context' || key === 'coordinates') return [];
      return missingKeys(value, (ours as Record<string, unknown>)[key], here);
    });
  }
  return [];
}

/** The spec's Gridpoint table lists these point members; the real gridpoint document has none of them. */
const SPEC_GRIDPOINT_MEMBERS = [
  'forecast',
  'forecastGridData',
  'forecastHourly',
  'observationStations',
  'relativeLocation',
  'timeZone',
];

describe('the gridpoint document matches gridpoint.json both ways', () => {
  test("every real property is there, and the only extra ones are the spec's six point members", async () => {
    const w = await forecastWorld({ now: new Date('2026-07-15T18:20:00Z') });
    const ours = (await w.get('/gridpoints/TOP/32,81')).body.properties as Record<string, unknown>;
    const real = (fixture('gridpoint.json') as { properties: Record<string, unknown> }).properties;
    assert.deepEqual(
      Object.keys(real).filter((k) => !(k in ours)),
      [],
      'real keys missing',
    );
    assert.deepEqual(
      Object.keys(ours)
        .filter((k) => !(k in real))
        .sort(),
      SPEC_GRIDPOINT_MEMBERS,
    );
    // Same order as the real document for the shared keys, so a diff against api.weather.gov reads naturally.
    assert.deepEqual(
      Object.keys(ours).filter((k) => k in real),
      Object.keys(real),
    );
    for (const [key, value] of Object.entries(real)) {
      if (!value || typeof value !== 'object' || !('values' in value)) continue;
      const mine = ours[key] as { uom?: string; values: unknown[] };
      const realUom = (value as { uom?: string }).uom;
      // The real document drops `uom` on layers it leaves empty; where it states one, ours is the same.
      if (realUom !== undefined) assert.equal(mine.uom, realUom, `${key}: unit`);
      assert.ok(Array.isArray(mine.values), `${key}: values`);
    }
  });
});

describe('response shapes match api.weather.gov', () => {
  let w: Awaited<ReturnType<typeof forecastWorld>>;
  let alertId = '';
  /**
   * A state's active alerts of one event, chosen from what is active at the clock (the model decides), so the list
   * case never compares none. The fixture is a Flood Watch, which carries EAS-ORG as every watch and warning does
   * and no advisory: its like is an active watch or warning.
   */
  let activeQuery = '';
  before(async () => {
    w = await forecastWorld({ now: new Date('2026-07-15T18:20:00Z') });
    // alert.json is a storm-based product (polygon, motion, gust and hail): its like is a severe thunderstorm warning.
    const alerts = await w.get('/alerts?limit=1&event=Severe%20Thunderstorm%20Warning');
    alertId = alerts.body.features[0]?.properties.id ?? '';
    const active = await w.get('/alerts/active');
    type Listed = { properties: { event: string; geocode: { UGC?: string[] }; parameters: Record<string, unknown> } };
    for (const { properties } of active.body.features as Listed[]) {
      const state = (properties.geocode.UGC ?? [])
        .map((ugc) => ugc.slice(0, 2))
        .find((a) => STATE_TERRITORY_CODES.has(a));
      if (state === undefined || !('EAS-ORG' in properties.parameters)) continue;
      activeQuery = `area=${state}&event=${encodeURIComponent(properties.event)}`;
      break;
    }
  });

  const cases: Array<[string, () => string, number]> = [
    ['points.json', () => '/points/39.7456,-97.0892', 200],
    ['gridpoint.json', () => '/gridpoints/TOP/32,81', 200],
    ['forecast.json', () => '/gridpoints/TOP/32,81/forecast', 200],
    ['forecast_hourly.json', () => '/gridpoints/TOP/32,81/forecast/hourly', 200],
    ['gridpoint_stations.json', () => '/gridpoints/TOP/32,81/stations?limit=3', 200],
    ['station.json', () => '/stations/KSLC', 200],
    ['stations_list.json', () => '/stations?limit=5', 200],
    ['observation_latest.json', () => '/stations/KSLC/observations/latest', 200],
    ['zones_list.json', () => '/zones?limit=5', 200],
    ['zone.json', () => '/zones/forecast/UTZ101', 200],
    ['alert.json', () => `/alerts/${encodeURIComponent(alertId)}`, 200],
    ['alerts_active_zone.json', () => `/alerts/active?${activeQuery}`, 200],
    ['problem_invalid_point_404.json', () => '/points/10,-150', 404],
  ];
  for (const [name, path, status] of cases) {
    test(`${name}`, async () => {
      const reply = await w.get(path());
      assert.equal(reply.status, status, `${path()}: ${reply.text.slice(0, 300)}`);
      // A list compares its first feature's keys: an empty one would compare none (missingKeys), so it must not be.
      if (Array.isArray(reply.body?.features)) assert.ok(reply.body.features.length > 0, `${path()} lists nothing`);
      const omitted = new Set(OMITTED[name]?.paths ?? []);
      const missing = missingKeys(fixture(name), reply.body).filter((p) => !omitted.has(p));
      assert.deepEqual(missing, [], `${path()} lacks keys of the real ${name}`);
    });
  }
});
