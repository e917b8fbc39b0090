import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';

// Queries and names a hostile or careless client sends: found by probing every route (2026-11-29), each
// a 500 or a silently wrong answer before.

const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'];

describe("query keys named like Object.prototype's members", () => {
  test('are unknown parameters like any other: the route answers as without them', async () => {
    const w = await forecastWorld();
    const routes: Array<[string, number]> = [
      ['/alerts/types', 200],
      ['/alerts/active', 200],
      ['/points/39.7456,-97.0892', 200],
      ['/zones/forecast/KSZ040', 200],
      ['/no-such-route', 404],
    ];
    for (const [path, status] of routes) {
      for (const key of PROTOTYPE_NAMES) {
        const reply = await w.get(`${path}?${key}=1`);
        assert.equal(reply.status, status, `${path}?${key}=1: ${reply.text.slice(0, 200)}`);
      }
      assert.equal((await w.get(path, {}, 'HEAD')).status, status);
    }
  });
});

describe('a parameter given with no value', () => {
  test('is a 400 naming it, not a list without that filter (every alert in the country)', async () => {
    const w = await forecastWorld();
    const cases: Array<[string, string]> = [
      ['/alerts/active?zone=', 'zone'],
      ['/alerts/active?zone=%20', 'zone'],
      ['/alerts/active?area=,', 'area'],
      ['/alerts/active?event=%20', 'event'],
      ['/alerts/active?region=%09', 'region'],
      ['/alerts?status=', 'status'],
      ['/alerts/active/zone/%20', 'zone'],
      ['/alerts/active/area/%2C', 'area'],
      ['/alerts/active/region/%09', 'region'],
      ['/zones?id=%20', 'id'],
      ['/stations?state=,', 'state'],
      ['/products?office=%20', 'office'],
    ];
    for (const [path, name] of [
      ['/alerts/active?severity=toString', 'severity'],
      ['/alerts/active?message_type=constructor', 'message_type'],
    ]) {
      const reply = await w.get(path!);
      assert.equal(reply.status, 400, path);
      assert.match(reply.body.detail, new RegExp(`^Invalid value "\\w+" for "${name}"`), path);
    }
    for (const [path, name] of cases) {
      const reply = await w.get(path);
      assert.equal(reply.status, 400, `${path}: ${reply.text.slice(0, 200)}`);
      assert.equal(reply.body.title, 'Invalid Parameter', path);
      assert.match(reply.body.detail, new RegExp(`"${name}"`), path);
    }
  });

  test('blank items beside real ones are dropped, as before', async () => {
    const w = await forecastWorld();
    const [one, padded] = [await w.get('/alerts/active?area=KS'), await w.get('/alerts/active?area=KS,%20,')];
    assert.equal(padded.status, 200);
    assert.deepEqual(
      padded.body.features.map((f: { id: string }) => f.id),
      one.body.features.map((f: { id: string }) => f.id),
    );
  });
});

describe('a single-valued parameter given twice', () => {
  test("is the 400 a repeated limit is, not the first value silently (units, an icon's size)", async () => {
    const w = await forecastWorld();
    const cases: Array<[string, string]> = [
      ['/gridpoints/TOP/32,81/forecast?units=si&units=us', 'units'],
      ['/gridpoints/TOP/32,81/forecast/hourly?units=si&units=si', 'units'],
      ['/points/39.7456,-97.0892/forecast?units=us&units=si', 'units'],
      ['/points/39.7456,-97.0892/forecast/hourly?units=si&units=', 'units'],
      ['/icons/land/day/skc?size=small&size=large', 'size'],
      ['/icons/land/day/skc?fontsize=12&fontsize=12', 'fontsize'],
      ['/alerts?limit=1&limit=2', 'limit'],
    ];
    for (const [path, name] of cases) {
      const reply = await w.get(path, name === 'limit' || name === 'units' ? {} : { accept: 'image/png' });
      assert.equal(reply.status, 400, `${path}: ${reply.text.slice(0, 200)}`);
      assert.equal(reply.body.title, 'Invalid Parameter', path);
      assert.equal(reply.body.detail, `Parameter "${name}" may be given only once.`, path);
    }
    const once = await w.get('/gridpoints/TOP/32,81/forecast?units=si');
    assert.equal(once.status, 200);
    assert.equal(once.body.properties.units, 'si');
    assert.equal((await w.get('/icons/land/day/skc?size=small', { accept: 'image/png' })).status, 200);
  });
});

describe('names in messages and lookups', () => {
  test('an invalid geometry switch is named as the client spelled it', async () => {
    const w = await forecastWorld();
    for (const name of ['include_geometry', 'includegeometry']) {
      for (const path of [`/zones?${name}=1`, `/zones/forecast/KSZ040?${name}=yes`]) {
        const reply = await w.get(path);
        assert.equal(reply.status, 400, path);
        assert.match(reply.body.detail, new RegExp(`^Invalid ${name} `), path);
      }
    }
  });

  test('a malformed radar id is named as the kind of thing the path asks for', async () => {
    const w = await forecastWorld();
    const cases: Array<[string, string]> = [
      ['/radar/profilers/ZZZ', 'Profiler "ZZZ" does not exist.'],
      ['/radar/stations/ZZZ', 'Radar station "ZZZ" does not exist.'],
      ['/radar/queues/%20', 'Radar queue " " does not exist.'],
      ['/radar/servers/%20', 'Radar server " " does not exist.'],
    ];
    for (const [path, detail] of cases) {
      const reply = await w.get(path);
      assert.equal(reply.status, 404, path);
      assert.equal(reply.body.detail, detail, path);
    }
  });

  test('a huge value is not echoed whole: the detail keeps its start and its end', async () => {
    const w = await forecastWorld();
    const reply = await w.get(`/stations/${'A'.repeat(10_000)}`);
    assert.equal(reply.status, 404);
    assert.ok(reply.body.detail.length <= 300, `${reply.body.detail.length} characters`);
    assert.match(reply.body.detail, /^Station A+…A+/);
  });

  test('an over-long alert id is quoted without splitting a character in two', async () => {
    const w = await forecastWorld();
    // A character outside the BMP is two UTF-16 units. Placed where the id used to be cut (its 50th unit), and
    // where the clipped detail's head ends and its tail begins (`Invalid alert id "` is 18 units; 149 each side).
    for (const at of [49, 130, 252]) {
      const id = `${'a'.repeat(at)}\u{1F300}${'b'.repeat(398 - at)}`;
      const reply = await w.get(`/alerts/${encodeURIComponent(id)}`);
      assert.equal(reply.status, 400, `at ${at}`);
      const detail = reply.body.detail as string;
      assert.ok(detail.startsWith('Invalid alert id "aaa'), detail);
      assert.ok(detail.length <= 300, `${detail.length} characters`);
      assert.ok(
        !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(detail),
        `a lone surrogate at ${at}: ${JSON.stringify(detail)}`,
      );
      if (at === 49) assert.ok(detail.includes('a\u{1F300}b'), detail);
    }
  });

  test("an icon named like Object.prototype's members is no icon", async () => {
    const w = await forecastWorld();
    for (const path of [
      '/icons/land/day/__proto__',
      '/icons/land/night/sct/constructor',
      '/icons/land/day/__proto__,40',
    ])
      assert.equal((await w.get(path, { accept: 'image/png' })).status, 404, path);
    assert.equal((await w.get('/icons/land/day/sct', { accept: 'image/png' })).status, 200);
    for (const size of ['constructor', '__proto__', 'toString']) {
      const reply = await w.get(`/icons/land/day/sct?size=${size}`, { accept: 'image/png' });
      assert.equal(reply.status, 400, size);
    }
  });
});
