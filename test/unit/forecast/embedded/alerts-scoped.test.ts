/**
 * Issue 21: a list scoped to a point, zones or states waits only for the offices that issue alerts there
 * while the cycle is being generated, and its answer is the one the ready cycle gives, byte for byte.
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import {
  generateAlertsInSlices,
  generateAlertsOffThread,
  type AlertGenerator,
} from '../../../../adapters/forecast/embedded/alerts/generation/alert-generator.ts';
import { alertResources } from '../../../../adapters/forecast/embedded/alerts/alert-resources.ts';
import type { ForecastDocument } from '../../../../application/forecast/ports.ts';
import type { AlertQuery } from '../../../../domain/forecast/queries.ts';
import { alertQuery, catalogue, ctx, depsAt, SUMMER } from './alerts-zones-support.ts';

type Feature = { id: string; properties: { id: string; geocode: { UGC: string[] } } };
const features = (doc: ForecastDocument) => doc.body['features'] as Feature[];

/** The cycle of a generator held back until `release`, while its offices can still be asked for one by one. */
function held(): { generate: AlertGenerator; release: () => void; released: () => boolean } {
  let open = false;
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    generate: (zones, hour) => {
      const generation = generateAlertsInSlices(zones, hour);
      return { all: gate.then(() => generation.all), office: (office) => generation.office(office) };
    },
    release: () => {
      open = true;
      release();
    },
    released: () => open,
  };
}

/** The default generator, telling whether anything asked for its whole cycle. */
function watched(): { generate: AlertGenerator; wholeAsked: () => boolean } {
  let asked = false;
  return {
    generate: (zones, hour, options) => {
      const generation = generateAlertsOffThread(zones, hour, options);
      return {
        get all() {
          asked = true;
          return generation.all;
        },
        get background() {
          asked = true;
          return generation.background;
        },
        office: (office) => generation.office(office),
      };
    },
    wholeAsked: () => asked,
  };
}

const ready = alertResources(depsAt(SUMMER));
let queries: [string, Partial<AlertQuery>][] = [];

before(async () => {
  // The scopes are picked from the ready cycle, so that they hold alerts.
  const all = features(await ready.alerts(alertQuery(), ctx));
  assert.ok(all.length > 20, `the summer cycle holds alerts (${all.length})`);
  // A forecast zone's (the newest alerts may be county-coded storm warnings).
  const zone = all.map((a) => a.properties.geocode.UGC[0]!).find((ugc) => catalogue.forecastZones.has(ugc))!;
  const centroid = catalogue.forecastZones.get(zone)!.centroid;
  const state = all[all.length - 1]!.properties.geocode.UGC[0]!.slice(0, 2);
  queries = [
    [`point in ${zone}`, { point: { lat: centroid.lat, lon: centroid.lon } }],
    [`zone ${zone}, active`, { zone: [zone], activeOnly: true }],
    [`area ${state}`, { area: [state] }],
    [`area ${state}, paged by 2`, { area: [state], limit: 2 }],
    [`area ${state} and TX, warnings`, { area: [state, 'TX'], severity: ['severe'] }],
    ['a marine region: the offices of its waters', { region: ['GM'] }],
    ['marine area AN, advisories', { area: ['AN'], event: ['small craft advisory'] }],
    ['a zone no office covers', { zone: ['GUZ001'] }],
  ];
});

test(
  'a scoped list is answered before the cycle is ready, with the answer of the ready cycle',
  { timeout: 300_000 },
  async () => {
    const cycle = held();
    const early = alertResources(depsAt(SUMMER), cycle.generate);
    for (const [name, query] of queries) {
      const before = await early.alerts(alertQuery(query), ctx);
      assert.equal(cycle.released(), false, `${name}: answered while the cycle was held`);
      const after = await ready.alerts(alertQuery(query), ctx);
      assert.deepEqual(before.body, after.body, name);
      assert.equal(before.lastModified?.toISOString(), after.lastModified?.toISOString(), `${name}: Last-Modified`);
      assert.equal(before.maxAgeSeconds, after.maxAgeSeconds, name);
    }
    // An id from an early list resolves early too, as the ready cycle has it.
    const first = features(await early.alerts(alertQuery(queries[2]![1]), ctx))[0]!;
    assert.deepEqual(
      (await early.alert(first.properties.id, ctx)).body,
      (await ready.alert(first.properties.id, ctx)).body,
    );
    assert.equal(cycle.released(), false);

    // The whole country waits for the cycle; once it is there, scoped lists come from it, unchanged.
    let whole: ForecastDocument | undefined;
    const waiting = early.alerts(alertQuery(), ctx).then((doc) => (whole = doc));
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.equal(whole, undefined, 'the unscoped list waits for the cycle');
    cycle.release();
    await waiting;
    assert.deepEqual(whole!.body, (await ready.alerts(alertQuery(), ctx)).body);
    for (const [name, query] of queries) {
      assert.deepEqual(
        (await early.alerts(alertQuery(query), ctx)).body,
        (await ready.alerts(alertQuery(query), ctx)).body,
        `${name}, after`,
      );
    }
  },
);

test(
  "a point's first alerts are made from its offices alone, byte for byte those of the full cycle",
  { timeout: 300_000 },
  async () => {
    // Issue 40 item 4: an isolated test file asking for one point's alerts does not pay for the country's.
    const [name, query] = queries[0]!;
    const cycle = watched();
    const alone = alertResources(depsAt(SUMMER), cycle.generate);
    const first = await alone.alerts(alertQuery(query), ctx);
    assert.equal(cycle.wholeAsked(), false, `${name}: the whole cycle was not begun`);
    assert.ok(features(first).length > 0, `${name} holds alerts`);
    const full = await ready.alerts(alertQuery(query), ctx);
    assert.equal(JSON.stringify(first.body), JSON.stringify(full.body), name);
    assert.equal(first.lastModified?.toISOString(), full.lastModified?.toISOString(), `${name}: Last-Modified`);
    // Its alerts resolve by id from the offices made, still without the cycle.
    const id = features(first)[0]!.properties.id;
    assert.equal(JSON.stringify((await alone.alert(id, ctx)).body), JSON.stringify((await ready.alert(id, ctx)).body));
    assert.equal(cycle.wholeAsked(), false, 'an id from the list did not begin the cycle');
  },
);

test("a scoped list's Last-Modified counts only its offices' changes", async () => {
  // Alerts left the country's active list since the cycle's issue; a list no office reaches (Palau's PWZ001:
  // Micronesia's zones are left out) did not change, and every scoped list changed no later than the
  // country's. Two hours past SUMMER, when the model's weather has let alerts of the 09Z cycle expire (at
  // SUMMER itself none has yet).
  const later = alertResources(depsAt('2026-07-15T20:20:00Z'));
  const country = await later.alerts(alertQuery({ activeOnly: true }), ctx);
  const issued = Date.parse(country.body['updated'] as string);
  assert.ok(country.lastModified.getTime() > issued, 'an alert left the active list since the issue');
  assert.equal(
    (await later.alerts(alertQuery({ activeOnly: true, zone: ['PWZ001'] }), ctx)).lastModified.getTime(),
    issued,
  );
  for (const [name, query] of queries) {
    const scoped = await later.alerts(alertQuery({ ...query, activeOnly: true }), ctx);
    assert.ok(scoped.lastModified.getTime() <= country.lastModified.getTime(), name);
  }
});
