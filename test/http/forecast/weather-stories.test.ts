import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { forecastWorld } from '../../support/forecast-http.ts';
import { upstreamOverEmbedded } from '../../support/upstream-world.ts';
import { replayOverEmbedded } from '../../support/replay-provider.ts';
import { createBundleRecorder } from '../../../adapters/forecast/replay/bundle-recorder.ts';
import { APP_ORIGIN, appGetter, type Get } from '../../support/openapi-coverage.ts';

// /offices/{officeId}/weatherstories (OpenAPI 3.8.1, beyond the v1.9 copy the contract checks use): the
// office's alerts in force, one story each, as OfficeWeatherStory describes them. The stories must agree
// with /alerts/active: the same alerts, the same event, times and count.

const NOW = new Date('2026-07-15T18:20:00Z');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const REQUIRED = ['startTime', 'endTime', 'updateTime', 'title', 'description', 'altText', 'priority', 'order'];

type Json = Record<string, any>;

describe('/offices/{officeId}/weatherstories', () => {
  let get: Get;
  let active: Json[];
  /** The alerts in force naming one of the office's forecast zones or counties, as /alerts/active lists them. */
  const alertsOf = async (office: string): Promise<Json[]> => {
    const body = (await get(`/offices/${office}`)).body;
    const zones = new Set(
      [...body.responsibleForecastZones, ...body.responsibleCounties].map((z: string) => z.split('/').pop()),
    );
    return active.filter((f) => (f.properties.geocode?.UGC ?? []).some((z: string) => zones.has(z)));
  };
  before(async () => {
    get = appGetter((await forecastWorld({ now: NOW })).app);
    active = (await get('/alerts/active')).body.features;
    assert.ok(active.length > 0, 'the model has alerts in force at the test time');
  });

  test('an office with alerts: one story per alert, warnings first, as OfficeWeatherStory says', async () => {
    // A forecast zone's alert (the newest may be county-coded storm warnings, issue 38 item 5).
    const ugc = active.find((f) => f.properties.geocode?.UGC?.[0]?.[2] === 'Z')!.properties.geocode.UGC[0];
    const zone = (await get(`/zones/forecast/${ugc}`)).body.properties;
    const id = String(zone.forecastOffices?.[0] ?? zone.cwa[0])
      .split('/')
      .pop()!;
    const reply = await get(`/offices/${id}/weatherstories`);
    assert.equal(reply.status, 200, reply.text.slice(0, 200));
    assert.equal(reply.headers.get('content-type'), 'application/ld+json');
    assert.equal(typeof reply.body['@context'], 'object');
    const stories: Json[] = reply.body.stories;
    const alerts = await alertsOf(id);
    assert.ok(alerts.length > 0, `office ${id} has an alert in force`);
    assert.equal(stories.length, Math.min(alerts.length, 7));
    const unmatched = new Set(alerts);
    stories.forEach((s, i) => {
      for (const key of REQUIRED) assert.ok(key in s, key);
      assert.match(s.id, UUID);
      assert.equal(s.officeId, id);
      assert.equal(s.order, i + 1);
      assert.ok(s.title.length <= 50);
      for (const key of ['startTime', 'endTime', 'updateTime']) assert.ok(!Number.isNaN(Date.parse(s[key])), key);
      assert.equal(s.download, `${APP_ORIGIN}/offices/${id}/weatherstories/download/${s.id}`);
      const alert = [...unmatched].find(
        (f) =>
          f.properties.event === s.title &&
          f.properties.effective === s.startTime &&
          f.properties.ends === s.endTime &&
          f.properties.sent === s.updateTime,
      );
      assert.ok(alert, `story ${s.order} (${s.title}) is one of the office's alerts in force`);
      unmatched.delete(alert);
      assert.equal(s.priority, /Warning$/.test(alert.properties.event));
    });
    const priorities = stories.map((s) => s.priority);
    assert.deepEqual(
      priorities,
      [...priorities].sort((a, b) => Number(b) - Number(a)),
      'warnings first',
    );
    assert.equal(new Set(stories.map((s) => s.id)).size, stories.length);
    // The same answer asked again: derived from the model's state, not drawn at random.
    assert.equal((await get(`/offices/${id}/weatherstories`)).text, reply.text);
    // The image is named at the 3.8.1 path but not invented.
    assert.equal((await get(new URL(stories[0]!.download).pathname)).status, 404);
  });

  test('an office with no alert in force: no stories', async () => {
    let quiet: string | undefined;
    for (const id of ['TOP', 'OKX', 'SLC', 'BOU', 'SEW', 'MIA', 'ABQ', 'PQR'])
      if ((await alertsOf(id)).length === 0) {
        quiet = id;
        break;
      }
    assert.ok(quiet, 'one of the offices has no alert in force at the test time');
    const reply = await get(`/offices/${quiet}/weatherstories`);
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.stories, []);
  });

  test('an unknown office, or a region headquarters (no alerts of its own): 404', async () => {
    for (const id of ['ZZZ', 'CRH']) {
      const reply = await get(`/offices/${id}/weatherstories`);
      assert.equal(reply.status, 404, id);
      assert.equal(reply.headers.get('content-type'), 'application/problem+json');
    }
  });
});

test('the upstream provider, unchanged, asks the same path upstream and answers what the model does', async () => {
  const embedded = appGetter((await forecastWorld({ now: NOW })).app);
  const w = await upstreamOverEmbedded(NOW);
  try {
    const reply = await appGetter(w.app)('/offices/CAE/weatherstories');
    assert.equal(reply.status, 200, reply.text.slice(0, 200));
    assert.equal(reply.headers.get('content-type'), 'application/ld+json');
    assert.deepEqual(reply.body, (await embedded('/offices/CAE/weatherstories')).body);
    assert.deepEqual(
      w.fake.calls.map((c) => c.path),
      ['/offices/CAE/weatherstories'],
    );
    const posted = await w.app.fetch(
      new Request(`${APP_ORIGIN}/offices/CAE/weatherstories`, { method: 'POST', headers: { 'user-agent': 'tests' } }),
    );
    assert.equal(posted.status, 405, "a declared route: other methods are the read-only API's 405");
  } finally {
    await w.fake.close();
  }
});

test('recorded through the upstream provider, replayed strictly: the same bytes, with no line of either changed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'taskcast-stories-'));
  try {
    const w = await upstreamOverEmbedded(NOW, {
      record: createBundleRecorder({ dir, relative: false, now: () => NOW.getTime() }),
    });
    const recorded = await appGetter(w.app)('/offices/CAE/weatherstories');
    await w.fake.close();
    assert.equal(recorded.status, 200);
    const provider = replayOverEmbedded(dir, true, new Date(NOW.getTime() + 2 * 86_400_000));
    const replayed = await appGetter((await forecastWorld({ provider, now: NOW })).app)('/offices/CAE/weatherstories');
    assert.equal(replayed.status, 200, replayed.text.slice(0, 200));
    assert.equal(replayed.text, recorded.text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
